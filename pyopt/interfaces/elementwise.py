"""ElementwiseMappable (MLIR's Elementwise + Scalarizable + Vectorizable + Tensorizable traits):
an op on scalars that applies, unchanged, to each element of vector or tensor operands. Every
arith op but arith.constant and every math op is one (their TableGen base classes add the
traits); `convert-elementwise-to-linalg` turns such ops on tensors into linalg.generic."""
from __future__ import annotations

ELEMENTWISE_MAPPABLE = "ElementwiseMappable"
_DIALECTS = ("arith", "math")
_EXCLUDED = ("arith.constant",)


def is_elementwise_mappable(op):
    d = op.opdef
    if d is None:
        return False
    if ELEMENTWISE_MAPPABLE in d.traits or d.extra.get(ELEMENTWISE_MAPPABLE):
        return True
    return d.dialect_name in _DIALECTS and d.name not in _EXCLUDED
