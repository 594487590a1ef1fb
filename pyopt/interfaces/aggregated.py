"""AggregatedOpInterface (MLIR 19 LinalgInterfaces.td): an op that stands for a sequence of
simpler ops (linalg.softmax). Its model is `decompose(op, builder)` -> the values replacing
the op's results (built before it), or None when it cannot be decomposed."""
from __future__ import annotations

from pyopt.interfaces import model

AGGREGATED = "AggregatedOpInterface"


def decompose_operation(op, b):
    """decomposeOperation: the replacement values, or None (also for ops without a model)."""
    fn = model(op, AGGREGATED)
    return None if fn is None else fn(op, b)
