"""Shaped-type op interfaces.

- ReifyRankedShapedTypeOpInterface (REIFY_RANKED_SHAPED_TYPE): a model's
  `reify(op, builder) -> [[size, ...] per result]` gives each result's sizes, an int for a
  static size, else the Value the op was built from (upstream's reifyResultShapes);
- ShapedDimOpInterface (SHAPED_DIM): an op reading one size of a shaped value (memref.dim,
  tensor.dim); a model's `shaped_value(op)` and `dimension(op)` are its two operands.

Dialects attach the models (pyopt/dialects/shaped_models.py for memref, tensor and
bufferization)."""
from __future__ import annotations

from pyopt.interfaces import model

REIFY_RANKED_SHAPED_TYPE = "ReifyRankedShapedTypeOpInterface"
SHAPED_DIM = "ShapedDimOpInterface"


def reify_model(op):
    """The op's ReifyRankedShapedTypeOpInterface model, or None."""
    return model(op, REIFY_RANKED_SHAPED_TYPE)


def shaped_dim_model(op):
    """The op's ShapedDimOpInterface model, or None."""
    return model(op, SHAPED_DIM)


def shaped_dim_ops(ctx):
    """The OpDefs of `ctx` with a ShapedDimOpInterface model, in registration order."""
    ctx.load_all()
    return [d for d in ctx.ops.values() if SHAPED_DIM in d.extra]
