"""populateVectorReductionToContractPatterns: multi_reduction<add> of a mul becomes a
vector.contract; transposes and rank-extending broadcasts feeding a contract (and a transpose
of its result matching a transposed acc) fold into its indexing maps; casts move before
broadcasts and elementwise ops before transposes. Used by apply_patterns.vector.
reduction_to_contract and -test-vector-reduction-to-contract-patterns."""
from __future__ import annotations

from pyopt.dialects.vector.attrs import KIND_ADD, IteratorTypeAttr
from pyopt.dialects.vector.transforms.sink import (ReorderCastOpsOnBroadcast,
                                                   ReorderElementwiseOpsOnTranspose, _perm)
from pyopt.ir.affine import AffineDimExpr, AffineMap, dim as adim
from pyopt.ir.attributes import AffineMapAttr, ArrayAttr
from pyopt.ir.types import VectorType
from pyopt.rewrite.pattern import RewritePattern
from passes.conversion.vector_to_scf.permutation import inverse_permutation
from passes.vector.multi_reduction import _dims_mask
from pyopt.rewrite.matchers import defining

PARALLEL = IteratorTypeAttr.get("parallel")
REDUCTION = IteratorTypeAttr.get("reduction")


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


PATTERNS = (MultiReduceToContract, CombineContractBroadcast, CombineContractABTranspose,
            CombineContractResultTranspose, ReorderCastOpsOnBroadcast,
            ReorderElementwiseOpsOnTranspose)
