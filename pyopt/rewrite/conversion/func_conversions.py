"""The func dialect's type-conversion patterns moved to pyopt/dialects/func/conversions.py
(MLIR's Func/Transforms/FuncConversions); this module forwards to it for the importers that
still use the old path (imported on use: the rewrite package does not import dialects)."""
from __future__ import annotations


def function_type_conversion_patterns(*args, **kwargs):
    """pyopt.dialects.func.conversions.function_type_conversion_patterns."""
    from pyopt.dialects.func.conversions import function_type_conversion_patterns as patterns
    return patterns(*args, **kwargs)
