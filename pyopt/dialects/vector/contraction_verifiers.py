"""Verifiers of vector.contract and vector.outerproduct (indexing maps, iterator types,
contracting and batch dimensions, accumulator and result types)."""
from __future__ import annotations

from pyopt.ir.affine import AffineDimExpr
from pyopt.ir.types import VectorType, IntegerType
from pyopt.ir.verifier import op_error
from pyopt.dialects.vector.attrs import kind_supports
from pyopt.dialects.vector.verifiers import elem_or_self, same_elem, vec


# ---------------------------------------------------------------------------- contract / outer
def _dim_map(maps, iters, kind):
    """getDimMap: (lhs result index, rhs result index) pairs of iterators of `kind`."""
    from pyopt.ir.affine import dim
    out = []
    for i, it in enumerate(iters):
        if it.keyword != kind:
            continue
        d = dim(i)
        li = _result_index(maps[0], d)
        ri = _result_index(maps[1], d)
        if li >= 0 and ri >= 0:
            out.append((li, ri))
    return out


def _result_index(m, e):
    for i, r in enumerate(m.results):
        if r == e:
            return i
    return -1


def _dim_map_ok(lhs, rhs, pairs):
    return all(0 <= a < len(lhs.shape) and 0 <= b < len(rhs.shape) and
               lhs.shape[a] == rhs.shape[b] for a, b in pairs)


def verify_contract(op):
    same_elem_ops = op.lhs.type.element_type is op.rhs.type.element_type
    if not same_elem_ops:
        raise op_error(op, "failed to verify that lhs and rhs have same element type")
    res = op.results[0].type
    if elem_or_self(res) is not elem_or_self(op.acc.type):
        raise op_error(op, "failed to verify that third operand acc and result have same "
                       "element type")
    lhs, rhs, acc = op.lhs.type, op.rhs.type, op.acc.type
    if type(lhs.element_type) is IntegerType and lhs.element_type.signedness != 0:
        raise op_error(op, "only supports signless integer types")
    maps = [a.value for a in op.get_attr("indexing_maps")]
    if len(maps) != 3:
        raise op_error(op, "expected an indexing map for each vector operand")
    iters = list(op.get_attr("iterator_types"))
    n = len(iters)
    for i, m in enumerate(maps):
        if m.num_symbols:
            raise op_error(op, f"expected indexing map {i} to have no symbols")
        t = op.operand(i).type
        rank = len(t.shape) if type(t) is VectorType else 0
        if m.num_dims != n:
            raise op_error(op, f"expected indexing map {i} to have {n} number of inputs")
        if m.num_results != rank:
            raise op_error(op, f"expected indexing map {i} to have {rank} number of outputs")
        if not m.is_projected_permutation():
            raise op_error(op, f"expected indexing map {i} to be a projected permutation of its "
                           f"inputs")
    contracting = _dim_map(maps, iters, "reduction")
    batch = _dim_map(maps, iters, "parallel")
    if not contracting:
        raise op_error(op, "expected at least one contracting dimension pair")
    if not _dim_map_ok(lhs, rhs, contracting):
        raise op_error(op, "invalid contracting dimension map")
    if not _dim_map_ok(lhs, rhs, batch):
        raise op_error(op, "invalid batch dimension map")
    _verify_contract_output(op, lhs, rhs, acc, res, maps, contracting, batch)
    kind = op.get_attr("kind")
    if not kind_supports(kind, elem_or_self(res)):
        raise op_error(op, "unsupported contraction type")


def _verify_contract_output(op, lhs, rhs, acc, res, maps, contracting, batch):
    lc = {a for a, _ in contracting}
    rc = {b for _, b in contracting}
    rb = {b for _, b in batch}
    dims = [d for i, d in enumerate(lhs.shape) if i not in lc]
    dims += [d for i, d in enumerate(rhs.shape) if i not in rc and i not in rb]
    if not dims:
        if type(res) is VectorType or type(acc) is VectorType:
            raise op_error(op, "invalid accumulator/result vector shape")
        return
    if type(res) is not VectorType or type(acc) is not VectorType:
        raise op_error(op, "invalid accumulator/result vector shape")
    lmap, rmap = maps[0], maps[1]
    used = set()
    for m in (lmap, rmap):
        for e in m.results:
            if type(e) is AffineDimExpr:
                used.add(e.position)
    if len(used) != lmap.num_dims:
        raise op_error(op, "expected all dimensions to be either a LHS or a RHS dimension")
    extents = [None] * lmap.num_dims
    for t, m in ((lhs, lmap), (rhs, rmap)):
        for i, d in enumerate(t.shape):
            p = m.results[i].position
            if extents[p] is None:
                extents[p] = d
    if None in extents:
        raise op_error(op, "expected all dimensions to get an extent as either a LHS or a RHS "
                       "dimension")
    shape = [extents[e.position] if type(e) is AffineDimExpr else e.value
             for e in maps[2].results]
    expected = vec(shape, res.element_type, res.scalable_dims)
    if res is not expected or acc is not expected:
        raise op_error(op, f"invalid accumulator/result vector shape, expected: '{expected}'")


def verify_outerproduct(op):
    same_elem(op, 0, 0, "lhs operand and result have same element type")
    same_elem(op, 0, 1, "rhs operand and result have same element type")
    lhs, rhs = op.lhs.type, op.rhs.type
    acc = op.acc
    res = op.results[0].type
    if len(lhs.shape) != 1:
        raise op_error(op, "expected 1-d vector for operand #1")
    if type(rhs) is VectorType:
        if len(rhs.shape) != 1:
            raise op_error(op, "expected 1-d vector for operand #2")
        if len(res.shape) != 2:
            raise op_error(op, "expected 2-d vector result")
        if lhs.shape[0] != res.shape[0]:
            raise op_error(op, "expected #1 operand dim to match result dim #1")
        if rhs.shape[0] != res.shape[1]:
            raise op_error(op, "expected #2 operand dim to match result dim #2")
        if lhs.is_scalable and not rhs.is_scalable:
            raise op_error(op, "expected either both or only #2 operand dim to be scalable")
    else:
        if len(res.shape) != 1:
            raise op_error(op, "expected 1-d vector result")
        if lhs.shape[0] != res.shape[0]:
            raise op_error(op, "expected #1 operand dim to match result dim #1")
    if acc is not None and acc.type is not res:
        raise op_error(op, "expected operand #3 of same type as result type")
    if not kind_supports(op.get_attr("kind"), res.element_type):
        raise op_error(op, "unsupported outerproduct type")
