"""`-test-vector-reduction-to-contract-patterns`: multi_reduction<add> of a mul becomes a
vector.contract; transposes and rank-extending broadcasts feeding a contract (and a transpose
of its result matching a transposed acc) fold into its indexing maps; casts move before
broadcasts and elementwise ops before transposes (upstream's populateVector
ReductionToContractPatterns)."""
from __future__ import annotations

from pyopt.dialects.vector.attrs import KIND_ADD, IteratorTypeAttr
from pyopt.ir.affine import AffineDimExpr, AffineMap, dim as adim
from pyopt.ir.attributes import AffineMapAttr, ArrayAttr, DenseArrayAttr
from pyopt.ir.types import I64, VectorType
from pyopt.pass_registry import register_pass
from pyopt.rewrite.folding import constant_value
from pyopt.rewrite.greedy import GreedyConfig, apply_patterns_greedily
from pyopt.rewrite.pattern import RewritePattern
from passes.conversion.vector_to_scf.permutation import inverse_permutation
from passes.vector.multi_reduction import _dims_mask
from passes.test.vector.flatten import is_elementwise
from pyopt.rewrite.matchers import defining

PARALLEL = IteratorTypeAttr.get("parallel")
REDUCTION = IteratorTypeAttr.get("reduction")


def _perm(op):
    return [int(x) for x in op.get_attr("permutation")]


def contract(rw, op, lhs, rhs, acc, maps, iters):
    """Replaces `op` by a vector.contract (the builder's default kind: add)."""
    rw.replace_op_with_new_op(op, "vector.contract", [lhs, rhs, acc], [acc.type], properties={
        "indexing_maps": ArrayAttr([AffineMapAttr(m) for m in maps]),
        "iterator_types": ArrayAttr(list(iters)), "kind": KIND_ADD})


def _maps(op):
    return [a.value for a in op.get_attr("indexing_maps")]


def _is_reduction(it):
    return it.keyword == "reduction"


class MultiReduceToContract(RewritePattern):
    root = "vector.multi_reduction"

    def match_and_rewrite(self, op, rw):
        if op.get_attr("kind") != KIND_ADD:
            return False
        mul = defining(op.source, "arith.mulf", "arith.muli")
        if mul is None:
            return False
        mask = _dims_mask(op)
        n = len(mask)
        iters = [REDUCTION if m else PARALLEL for m in mask]
        dst = AffineMap(n, 0, [adim(i) for i, m in enumerate(mask) if not m])
        ident = AffineMap(n, 0, [adim(i) for i in range(n)])
        contract(rw, op, mul.lhs, mul.rhs, op.acc, [ident, ident, dst],
                 iters)
        return True


class CombineContractABTranspose(RewritePattern):
    root = "vector.contract"

    def match_and_rewrite(self, op, rw):
        maps = _maps(op)
        ops = [op.lhs, op.rhs]
        changed = False
        for i in range(2):
            t = defining(ops[i], "vector.transpose")
            if t is None:
                continue
            pm = AffineMap.get_permutation_map(_perm(t))
            maps[i] = inverse_permutation(pm).compose(maps[i])
            ops[i] = t.vector
            changed = True
        if not changed:
            return False
        contract(rw, op, ops[0], ops[1], op.acc, maps, op.get_attr("iterator_types"))
        return True


class CombineContractResultTranspose(RewritePattern):
    root = "vector.transpose"

    def match_and_rewrite(self, op, rw):
        c = defining(op.vector, "vector.contract")
        if c is None or not c.results[0].has_one_use():
            return False
        acc_t = defining(c.acc, "vector.transpose")
        if acc_t is None:
            return False
        maps = _maps(c)
        acc_map = AffineMap.get_permutation_map(_perm(acc_t))
        res_map = AffineMap.get_permutation_map(_perm(op))
        if inverse_permutation(acc_map) != res_map:
            return False
        maps[-1] = res_map.compose(maps[-1])
        contract(rw, op, c.lhs, c.rhs, acc_t.vector, maps,
                 c.get_attr("iterator_types"))
        return True


def _unused_dims(maps):
    n = maps[0].num_dims
    return [not any(m.is_function_of_dim(d) for m in maps) for d in range(n)]


def _compress_dims(m, unused):
    new, k = [], 0
    for u in unused:
        new.append(adim(0) if u else adim(k))
        k += 0 if u else 1
    return AffineMap(k, m.num_symbols, [e.replace_dims(new) for e in m.results])


def _result_index(m, d):
    return any(type(e) is AffineDimExpr and e.position == d for e in m.results)


class CombineContractBroadcast(RewritePattern):
    root = "vector.contract"

    def match_and_rewrite(self, op, rw):
        maps = _maps(op)
        iters = list(op.get_attr("iterator_types"))
        ops = [op.lhs, op.rhs]
        changed = False
        for i in range(2):
            b = defining(ops[i], "vector.broadcast")
            if b is None:
                continue
            st, rt = b.source.type, b.results[0].type
            if type(st) is not VectorType or len(st.shape) == len(rt.shape):
                continue
            diff = len(rt.shape) - len(st.shape)
            if any(s != rt.shape[diff + k] for k, s in enumerate(st.shape)):
                continue  # an inner dim is broadcast
            if any(rt.shape[k] != 1 and _is_reduction(iters[maps[i].get_dim_position(k)])
                   for k in range(diff)):
                continue
            bmap = AffineMap(len(rt.shape), 0, [adim(k + diff) for k in range(len(st.shape))])
            maps[i] = bmap.compose(maps[i])
            ops[i] = b.source
            changed = True
        if not changed:
            return False
        unused = _unused_dims(maps)
        maps = [_compress_dims(m, unused) for m in maps]
        iters = [it for it, u in zip(iters, unused) if not u]
        if not any(_is_reduction(it) and _result_index(maps[0], k) and _result_index(maps[1], k)
                   for k, it in enumerate(iters)):
            return False
        if any(_unused_dims(maps[:2])):
            return False
        contract(rw, op, ops[0], ops[1], op.acc, maps, iters)
        return True


# ops implementing CastOpInterface that can take a vector operand
CAST_OPS = frozenset("arith." + n for n in (
    "extui", "extsi", "extf", "trunci", "truncf", "uitofp", "sitofp", "fptoui", "fptosi",
    "index_cast", "index_castui", "bitcast")) | {"builtin.unrealized_conversion_cast"}


def _clone_with(rw, op, operands, rt):
    return rw.create(op.name, operands, [rt],
                     properties=dict(op.properties) if op.properties else None,
                     attributes=dict(op.attributes) if op.attributes else None, loc=op.loc)


def _elem(t):
    return t.element_type if isinstance(t, VectorType) else t


class ReorderCastOpsOnBroadcast(RewritePattern):
    root = None

    def match_and_rewrite(self, op, rw):
        if op.name not in CAST_OPS or len(op.operands) != 1 or len(op.results) != 1:
            return False
        b = defining(op.operand(0), "vector.broadcast")
        if b is None:
            return False
        st = b.source.type
        rt = _elem(op.results[0].type)
        if type(st) is VectorType:
            rt = VectorType(st.shape, rt, st.scalable_dims)
        cast = _clone_with(rw, op, [b.source], rt)
        rw.replace_op_with_new_op(op, "vector.broadcast", [cast.results[0]],
                                  [op.results[0].type])
        return True


def _transpose(rw, loc, v, perm, rt):
    return rw.create("vector.transpose", [v], [rt],
                     properties={"permutation": DenseArrayAttr(I64, perm)}, loc=loc)


class ReorderElementwiseOpsOnTranspose(RewritePattern):
    root = None

    def match_and_rewrite(self, op, rw):
        if len(op.results) != 1 or op.regions or not is_elementwise(op):
            return False
        perms, src_t = [], None
        for v in op.operands:
            t = defining(v, "vector.transpose")
            if t is not None:
                perms.append(_perm(t))
                src_t = t.vector.type
            else:
                d = v.defining_op()
                if d is None or constant_value(d) is None:
                    return False
        if not perms or any(p != perms[0] for p in perms):
            return False
        order = perms[0]
        inv = [0] * len(order)
        for i, o in enumerate(order):
            inv[o] = i
        vals = []
        for v in op.operands:
            t = defining(v, "vector.transpose")
            if t is not None:
                vals.append(t.vector)
            else:
                vt = VectorType(src_t.shape, _elem(v.type), src_t.scalable_dims)
                vals.append(_transpose(rw, v.defining_op().loc, v, inv, vt).results[0])
        rt = VectorType(src_t.shape, _elem(op.results[0].type), src_t.scalable_dims)
        new = _clone_with(rw, op, vals, rt)
        rw.replace_op(op, [_transpose(rw, op.loc, new.results[0], order,
                                      op.results[0].type).results[0]])
        return True


PATTERNS = (MultiReduceToContract, CombineContractBroadcast, CombineContractABTranspose,
            CombineContractResultTranspose, ReorderCastOpsOnBroadcast,
            ReorderElementwiseOpsOnTranspose)


@register_pass("test-vector-reduction-to-contract-patterns",
               "Test patterns to convert multireduce op to contract and combine broadcast/"
               "transpose to contract", anchor="func.func")
def test_reduce_to_contract(op, ctx, options):
    apply_patterns_greedily(op, [p() for p in PATTERNS], ctx, GreedyConfig(top_down=False))
