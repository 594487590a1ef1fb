"""Two small vector test passes: `test-create-vector-broadcast` (builds the broadcast, plus a
transpose when broadcast dimensions are not leading, that each `test_create_broadcast`
placeholder op asks for) and `test-fold-arith-extf-into-vector-contract-patterns` (the
patterns: passes/vector/fold_into_vector_ops.py)."""
from __future__ import annotations

from pyopt.ir.attributes import DenseArrayAttr
from pyopt.ir.types import I64, VectorType
from pyopt.pass_registry import register_pass
from pyopt.rewrite.folding import create_or_fold
from pyopt.rewrite.greedy import apply_patterns_greedily
from pyopt.rewrite.rewriter import Builder
from passes.vector.fold_into_vector_ops import fold_ext_patterns


def create_or_fold_broadcast(b, value, dst_shape, bcast_dims, loc):
    """vector::BroadcastOp::createOrFoldBroadcastOp: broadcast dims go first, then the
    source's shape; a transpose puts every dimension back in place."""
    t = value.type
    elem = t.element_type if isinstance(t, VectorType) else t
    if not isinstance(t, VectorType):
        return create_or_fold(b, "vector.broadcast", [value], [VectorType(list(dst_shape), elem)],
                              loc)[0]
    shape, perm = [], [0] * len(dst_shape)
    nxt = len(bcast_dims)
    for i, d in enumerate(dst_shape):
        if i in bcast_dims:
            shape.append(d)
            perm[i] = len(shape) - 1
        else:
            perm[i] = nxt
            nxt += 1
    shape += list(t.shape)
    res = create_or_fold(b, "vector.broadcast", [value], [VectorType(shape, elem)], loc)[0]
    if perm == list(range(len(perm))):
        return res
    rt = VectorType([shape[p] for p in perm], elem)
    return create_or_fold(b, "vector.transpose", [res], [rt], loc,
                          properties={"permutation": DenseArrayAttr(I64, perm)})[0]


@register_pass("test-create-vector-broadcast",
               "Test optimization transformations for transfer ops", anchor="func.func",
               display_name="TestCreateVectorBroadcast")
def test_create_vector_broadcast(op, ctx, options):
    found = []

    def walk(o):
        for r in o.regions:
            for blk in r.blocks:
                cur = blk.first
                while cur is not None:
                    walk(cur)
                    cur = cur.next
        if o.name == "test_create_broadcast":
            found.append(o)
    walk(op)
    b = Builder(ctx)
    for o in found:
        dims = list(o.attributes["broadcast_dims"].values)
        b.set_insertion_point(o)
        v = create_or_fold_broadcast(b, o.operand(0), o.results[0].type.shape, dims, o.loc)
        o.results[0].replace_all_uses_with(v)
        o.erase()


@register_pass("test-fold-arith-extf-into-vector-contract-patterns",
               "Test patterns that fold arithmetic extension ops into vector contract ops",
               anchor="func.func",
               display_name="TestFoldArithExtensionIntoVectorContractPatterns")
def test_fold_ext_into_contract(op, ctx, options):
    apply_patterns_greedily(op, fold_ext_patterns(), ctx)
