"""`resolve-ranked-shaped-type-result-dims` / `resolve-shaped-type-result-dims`: a `dim` op
(ShapedDimOpInterface: memref.dim, tensor.dim) with a constant index of an op's result is
replaced by the size the op itself can state for that dimension (its reified result shape,
ReifyRankedShapedTypeOpInterface): a constant for a static size, else the SSA value the op was
built from. Out-of-range indices are left alone. The models are in
pyopt/dialects/shaped_models.py; only ops that upstream can reify this way have one."""
from __future__ import annotations

from pyopt.interfaces.shaped import reify_model, shaped_dim_model, shaped_dim_ops
from pyopt.ir.core import OpResult
from pyopt.pass_registry import register_pass
from pyopt.rewrite.greedy import apply_patterns_greedily
from pyopt.rewrite.pattern import RewritePattern
from passes.scf.common import const_index, const_int
# The shaped-type models attach themselves when imported.
from pyopt.dialects import shaped_models as _shaped_models  # noqa: F401


class DimOfReifiedShape(RewritePattern):
    def __init__(self, root):
        self.root = root

    def match_and_rewrite(self, op, rw):
        dim = shaped_dim_model(op)
        src = dim.shaped_value(op)
        if not isinstance(src, OpResult):
            return False
        idx = const_int(dim.dimension(op))
        reify = reify_model(src.owner)
        if idx is None or reify is None:
            return False
        rank = len(src.type.shape)
        if not 0 <= idx < rank:  # out of bounds: leave the (invalid) dim alone
            return False
        rw.set_insertion_point(op)
        size = reify.reify(src.owner, rw)[src.index][idx]
        rw.replace_op(op, [size if not isinstance(size, int) else const_index(rw, size, op.loc)])
        return True


def _patterns(ctx):
    return [DimOfReifiedShape(d.name) for d in shaped_dim_ops(ctx)]


@register_pass("resolve-ranked-shaped-type-result-dims",
               "Resolve memref.dim of result values of ranked shape type",
               display_name="ResolveRankedShapeTypeResultDims")
def resolve_ranked_dims(op, ctx, options):
    apply_patterns_greedily(op, _patterns(ctx), ctx)


@register_pass("resolve-shaped-type-result-dims", "Resolve memref.dim of result values",
               display_name="ResolveShapedTypeResultDims")
def resolve_dims(op, ctx, options):
    apply_patterns_greedily(op, _patterns(ctx), ctx)
