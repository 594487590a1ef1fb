"""`resolve-ranked-shaped-type-result-dims` / `resolve-shaped-type-result-dims`: a
memref.dim / tensor.dim with a constant index of an op's result is replaced by the size the op
itself can state for that dimension (its "reified" result shape): a constant for a static
size, else the SSA value the op was built from. Out-of-range indices are left alone.

REIFY maps an op name to a function (op, builder) -> one list per result of sizes, each an int
(static) or a Value; only ops that upstream can reify this way are listed."""
from __future__ import annotations

from pyopt.ir.attributes import IntegerAttr
from pyopt.ir.core import OpResult
from pyopt.ir.types import DYNAMIC, INDEX
from pyopt.pass_registry import register_pass
from pyopt.rewrite.greedy import apply_patterns_greedily
from pyopt.rewrite.pattern import RewritePattern
from passes.scf.common import const_int


def _mixed(static, dynamic):
    dyn = iter(dynamic)
    return [next(dyn) if s == DYNAMIC else s for s in static]


def _expand_shape(op, b):
    return [_mixed(list(op.get_attr("static_output_shape").values), op.operands[1:])]


def _from_dynamic_sizes(sizes):
    def reify(op, b):
        return [_mixed(op.results[0].type.shape, sizes(op, b))]
    return reify


def _alloc_tensor_sizes(op, b):
    g = op.opdef.get_group
    copy = list(g(op, "operand", 1))
    if not copy:
        return list(g(op, "operand", 0))
    src, out = copy[0], []
    for i, s in enumerate(op.results[0].type.shape):
        if s == DYNAMIC:
            c = _index(b, i, op.loc)
            out.append(b.create("tensor.dim", [src, c], [INDEX], loc=op.loc).results[0])
    return out


REIFY = {
    "memref.expand_shape": _expand_shape,
    "tensor.expand_shape": _expand_shape,
    "tensor.empty": _from_dynamic_sizes(lambda op, b: list(op.operands)),
    "bufferization.alloc_tensor": _from_dynamic_sizes(_alloc_tensor_sizes),
}


def _index(b, value, loc):
    return b.create("arith.constant", [], [INDEX], properties={"value": IntegerAttr(INDEX, value)},
                    loc=loc).results[0]


class DimOfReifiedShape(RewritePattern):
    def __init__(self, root):
        self.root = root

    def match_and_rewrite(self, op, rw):
        src = op.operand(0)
        if not isinstance(src, OpResult):
            return False
        idx = const_int(op.operand(1))
        reify = REIFY.get(src.owner.name)
        if idx is None or reify is None:
            return False
        rank = len(src.type.shape)
        if not 0 <= idx < rank:  # out of bounds: leave the (invalid) dim alone
            return False
        rw.set_insertion_point(op)
        size = reify(src.owner, rw)[src.index][idx]
        rw.replace_op(op, [size if not isinstance(size, int) else _index(rw, size, op.loc)])
        return True


def _patterns():
    return [DimOfReifiedShape("memref.dim"), DimOfReifiedShape("tensor.dim")]


@register_pass("resolve-ranked-shaped-type-result-dims",
               "Resolve memref.dim of result values of ranked shape type",
               display_name="ResolveRankedShapeTypeResultDims")
def resolve_ranked_dims(op, ctx, options):
    apply_patterns_greedily(op, _patterns(), ctx)


@register_pass("resolve-shaped-type-result-dims", "Resolve memref.dim of result values",
               display_name="ResolveShapedTypeResultDims")
def resolve_dims(op, ctx, options):
    apply_patterns_greedily(op, _patterns(), ctx)
