"""The patterns of vector's pattern descriptors (pyopt/dialects/transform/ext_vector.py)."""
from __future__ import annotations

from pyopt.interfaces import attach
from pyopt.dialects.transform import ext_vector as V
from pyopt.dialects.transform.extension import PATTERN_DESCRIPTOR
from passes.vector.multi_reduction import multi_reduction_patterns


def _lower_multi_reduction(op, ctx):
    s = op.properties.get("lowering_strategy")
    return multi_reduction_patterns(inner_reduction=s is not None and s.value == 1)


attach(V.LOWER_MULTI_REDUCTION, PATTERN_DESCRIPTOR, _lower_multi_reduction)
