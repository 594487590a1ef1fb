"""Integer-range rewrites that ops offer to `int-range-optimizations`: the op-specific patterns
MLIR's IntRangeOptimizations.cpp adds next to its generic constant materialization (arith's
trivial remainders). A model is any object with `patterns(opdef, solver) ->
[RewritePattern]` (rooted at that op); dialects attach it to their ops (see `attach`), in a
module the pass imports (pyopt/dialects/arith/int_range_patterns.py)."""
from __future__ import annotations

INT_RANGE_REWRITES = "IntRangeRewrites"


def int_range_rewrite_patterns(ctx, solver):
    """The patterns of every op of `ctx` with an INT_RANGE_REWRITES model, in registration
    order."""
    out = []
    for d in ctx.ops.values():
        m = d.extra.get(INT_RANGE_REWRITES)
        if m is not None:
            out.extend(m.patterns(d, solver))
    return out
