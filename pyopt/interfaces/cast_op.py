"""CastOpInterface: ops that convert one value to another type without computing (MLIR 19:
the arith casts, tensor.cast / bitcast, memref.cast, builtin.unrealized_conversion_cast)."""
from __future__ import annotations

CAST_OPS = frozenset("arith." + n for n in (
    "extui", "extsi", "extf", "trunci", "truncf", "uitofp", "sitofp", "fptoui", "fptosi",
    "index_cast", "index_castui", "bitcast")) | frozenset((
        "tensor.cast", "tensor.bitcast", "memref.cast", "builtin.unrealized_conversion_cast"))


def is_cast_op(op):
    return op.name in CAST_OPS
