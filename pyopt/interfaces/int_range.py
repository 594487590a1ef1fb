"""Integer ranges.

- InferIntRangeInterface (INFER_INT_RANGE): the integer range analysis asks an op for its
  results' ranges. The model is a function (op, operand ranges) -> result ranges (a list, a
  None entry leaves that result alone) or None (nothing inferred); operand ranges are
  IntRange or None (uninitialized). The arith, index and test ops' models are in
  pyopt/dialects/int_range_models.py.
- INT_RANGE_REWRITES: integer-range rewrites that ops offer to `int-range-optimizations`: the
  op-specific patterns MLIR's IntRangeOptimizations.cpp adds next to its generic constant
  materialization (arith's trivial remainders). A model is any object with
  `patterns(opdef, solver) -> [RewritePattern]` (rooted at that op); dialects attach it to
  their ops (see `attach`), in a module the pass imports
  (pyopt/dialects/arith/int_range_patterns.py).
"""
from __future__ import annotations

INFER_INT_RANGE = "InferIntRangeInterface"
INT_RANGE_REWRITES = "IntRangeRewrites"


def infer_int_range_model(op):
    """The op's InferIntRangeInterface function, or None."""
    d = op.opdef
    return None if d is None else d.extra.get(INFER_INT_RANGE)


def int_range_rewrite_patterns(ctx, solver):
    """The patterns of every op of `ctx` with an INT_RANGE_REWRITES model, in registration
    order."""
    out = []
    ctx.load_all()
    for d in ctx.ops.values():
        m = d.extra.get(INT_RANGE_REWRITES)
        if m is not None:
            out.extend(m.patterns(d, solver))
    return out
