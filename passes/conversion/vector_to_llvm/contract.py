"""vector.outerproduct and vector.contract as simpler vector ops (the vector-to-vector phase of
convert-vector-to-llvm, with the default contraction strategy: dot products).

outerproduct: one broadcast row times rhs (fma for float adds) per result row; masked forms
select the accumulator in masked-off lanes. contract: batch and free dimensions are unrolled
into lower-rank contractions until a pure reduction remains, which becomes multiplies and
vector.reduction; matmat/matvec shapes go straight to row dot products."""
from __future__ import annotations

from pyopt.ir.affine import AffineDimExpr, AffineMap, dim
from pyopt.ir.attributes import AffineMapAttr, ArrayAttr, DenseArrayAttr
from pyopt.ir.types import I64, IndexType, IntegerType, VectorType
from pyopt.rewrite.pattern import RewritePattern
from pyopt.dialects.vector.attrs import KIND_ADD
from pyopt.dialects.vector.reduction_canonicalize import make_arith_reduction
from passes.conversion.vector_to_llvm.prepare import const

_FLOAT_ONLY = {"minnumf", "maxnumf", "minimumf", "maximumf"}
_INT_ONLY = {"and", "minui", "minsi", "maxui", "maxsi", "or", "xor"}


def _drop(t, i):
    """The vector type without dimension i (the element type when nothing is left)."""
    if len(t.shape) == 1:
        return t.element_type
    return VectorType(t.shape[:i] + t.shape[i + 1:], t.element_type,
                      t.scalable_dims[:i] + t.scalable_dims[i + 1:])


def _extract(rw, loc, v, pos):
    return rw.create("vector.extract", [v], [_drop(v.type, 0)],
                     properties={"static_position": DenseArrayAttr(I64, [pos])},
                     loc=loc).results[0]


def _insert(rw, loc, v, dest, pos):
    pos = [pos] if isinstance(pos, int) else list(pos)
    return rw.create("vector.insert", [v, dest], [dest.type],
                     properties={"static_position": DenseArrayAttr(I64, pos)},
                     loc=loc).results[0]


def _masking_op(op):
    p = op.parent_op
    return p if p is not None and p.name == "vector.mask" else None


def rewrite_maskable(op, rw, lower):
    """MaskableOpRewritePattern: `lower(op, rw, mask)` builds the replacement at the op, or
    at its enclosing vector.mask (whose mask it is given), which it then replaces; False when
    `lower` returns None."""
    root, mask = op, None
    masking = _masking_op(op)
    ip = rw.save()
    if masking is not None:
        rw.set_insertion_point(masking)
        root, mask = masking, masking.mask
    res = lower(op, rw, mask)
    rw.restore(ip)
    if res is None:
        return False
    rw.replace_op(root, [res])
    return True


def contract_arith(rw, loc, x, y, acc, kind, is_int, mask=None):
    """createContractArithOp: x * y combined into acc by `kind` (None: kind does not apply)."""
    name = kind.name
    if is_int:
        if name in _FLOAT_ONLY:
            return None
        mul = rw.create("arith.muli", [x, y], [x.type], loc=loc).results[0]
    else:
        if name in _INT_ONLY:
            return None
        if acc is not None and type(acc.type) is VectorType and name == "add":
            fma = rw.create("vector.fma", [x, y, acc], [x.type], loc=loc).results[0]
            if mask is not None:
                fma = rw.create("arith.select", [mask, fma, acc], [fma.type],
                                loc=loc).results[0]
            return fma
        mul = rw.create("arith.mulf", [x, y], [x.type], loc=loc).results[0]
    if acc is None:
        return mul
    return make_arith_reduction(rw, loc, kind, mul, acc, None, mask)


class OuterProductLowering(RewritePattern):
    root = "vector.outerproduct"

    def match_and_rewrite(self, op, rw):
        res_t = op.results[0].type
        if len(res_t.shape) >= 2 and all(res_t.scalable_dims):
            return False
        loc = op.loc
        lhs, rhs = op.lhs, op.rhs
        acc = op.acc
        kind = op.properties["kind"]
        is_int = type(res_t.element_type) in (IntegerType, IndexType)
        root, mask = op, None
        masking = _masking_op(op)
        if masking is not None:
            rw.set_insertion_point(masking)
            root, mask = masking, masking.mask
        if type(rhs.type) is not VectorType:  # axpy
            b = rw.create("vector.broadcast", [rhs], [lhs.type], loc=loc).results[0]
            r = contract_arith(rw, loc, lhs, b, acc, kind, is_int, mask)
            if r is None:
                return False
            rw.replace_op(root, [r])
            return True
        result = const(rw, loc, res_t)
        for d in range(res_t.shape[0]):
            x = _extract(rw, loc, lhs, d)
            a = rw.create("vector.broadcast", [x], [rhs.type], loc=loc).results[0]
            r = _extract(rw, loc, acc, d) if acc is not None else None
            m = _extract(rw, loc, mask, d) if mask is not None else None
            v = contract_arith(rw, loc, a, rhs, r, kind, is_int, m)
            if v is None:
                return False
            result = _insert(rw, loc, v, result, d)
        rw.replace_op(root, [result])
        return True


# -- vector.contract ---------------------------------------------------------------------------

def _dims(m):
    """The dimension positions of a map's results (None if one is not a plain dimension)."""
    out = []
    for e in m.results:
        if type(e) is not AffineDimExpr:
            return None
        out.append(e.position)
    return out


def _result_index(m, d):
    for i, e in enumerate(m.results):
        if type(e) is AffineDimExpr and e.position == d:
            return i
    return None


def _adjust_map(m, index):
    res = [dim(p if p < index else p - 1) for p in (e.position for e in m.results)
           if p != index]
    return AffineMap(m.num_dims - 1, 0, res)


def _transpose(rw, loc, v, perm):
    t = v.type
    rt = VectorType([t.shape[p] for p in perm], t.element_type,
                    [t.scalable_dims[p] for p in perm])
    return rw.create("vector.transpose", [v], [rt],
                     properties={"permutation": DenseArrayAttr(I64, list(perm))},
                     loc=loc).results[0]


def _reshape_load(rw, loc, val, t, index, pos):
    """The slice of `val` at `pos` along dimension `index` (val itself when index is None)."""
    if index is None:
        return val
    if index == 0:
        return _extract(rw, loc, val, pos)
    sub_t = _drop(t, 0)
    res_t = _drop(t, index)
    result = const(rw, loc, res_t)
    for d in range(res_t.shape[0]):
        ext = _extract(rw, loc, val, d)
        result = _insert(rw, loc, _reshape_load(rw, loc, ext, sub_t, index - 1, pos), result, d)
    return result


def _reshape_store(rw, loc, val, result, t, index, pos):
    if index is None:
        return val
    if index == 0:
        return _insert(rw, loc, val, result, pos)
    sub_t = _drop(t, 0)
    for d in range(t.shape[0]):
        ext = _extract(rw, loc, result, d)
        ins = _extract(rw, loc, val, d)
        result = _insert(rw, loc, _reshape_store(rw, loc, ins, ext, sub_t, index - 1, pos),
                         result, d)
    return result


def _mask_operation(rw, loc, build, result_type, mask):
    """build() the maskable op, inside a vector.mask of `mask` when there is one."""
    if mask is None:
        return build()
    mop = rw.create("vector.mask", [mask], [result_type], regions=1, loc=loc)
    ip = rw.save()
    block = rw.create_block(mop.regions[0])
    rw.set_insertion_point_to_end(block)
    v = build()
    rw.create("vector.yield", [v], [], loc=loc)
    rw.restore(ip)
    return mop.results[0]


def _contract(rw, loc, lhs, rhs, acc, maps, iters):
    return rw.create("vector.contract", [lhs, rhs, acc], [acc.type], properties={
        "indexing_maps": ArrayAttr([AffineMapAttr(m) for m in maps]),
        "iterator_types": ArrayAttr(list(iters)), "kind": KIND_ADD}, loc=loc).results[0]


def _is_par(it):
    return it.keyword == "parallel"


# (lhs dims, rhs dims, acc dims) over (m, n, k) = (0, 1, 2) -> operand rewiring for dot products
_MATMAT = {((0, 2), (2, 1), (0, 1)): "tr_rhs", ((0, 2), (1, 2), (0, 1)): "",
           ((2, 0), (2, 1), (0, 1)): "tr_both", ((2, 0), (1, 2), (0, 1)): "tr_lhs",
           ((0, 2), (2, 1), (1, 0)): "swap_tr_lhs", ((0, 2), (1, 2), (1, 0)): "swap",
           ((2, 0), (2, 1), (1, 0)): "swap_tr_both", ((2, 0), (1, 2), (1, 0)): "rot"}
_MATVEC = {((0, 1), (1,), (0,)): "", ((1, 0), (1,), (0,)): "tr_lhs",
           ((1,), (0, 1), (0,)): "swap", ((1,), (1, 0), (0,)): "swap_tr_lhs"}


def _dot_lowering(op, rw):
    iters = list(op.properties["iterator_types"])
    maps = [a.value for a in op.properties["indexing_maps"]]
    dims = [_dims(m) for m in maps]
    if any(d is None for d in dims) or any(m.num_dims != len(iters) for m in maps):
        return None
    key = tuple(tuple(d) for d in dims)
    if len(iters) == 3 and _is_par(iters[0]) and _is_par(iters[1]) and not _is_par(iters[2]):
        how = _MATMAT.get(key)
    elif len(iters) == 2 and _is_par(iters[0]) and not _is_par(iters[1]):
        how = _MATVEC.get(key)
    else:
        return None
    if how is None:
        return None
    loc = op.loc
    lhs, rhs = op.lhs, op.rhs
    perm = [1, 0]
    if how == "tr_rhs":
        rhs = _transpose(rw, loc, rhs, perm)
    elif how == "tr_both":
        lhs, rhs = _transpose(rw, loc, lhs, perm), _transpose(rw, loc, rhs, perm)
    elif how == "tr_lhs":
        lhs = _transpose(rw, loc, lhs, perm)
    elif how == "swap_tr_lhs":
        lhs, rhs = _transpose(rw, loc, rhs, perm), lhs
    elif how == "swap":
        lhs, rhs = rhs, lhs
    elif how == "swap_tr_both":
        lhs, rhs = _transpose(rw, loc, rhs, perm), _transpose(rw, loc, lhs, perm)
    elif how == "rot":
        lhs, rhs = rhs, _transpose(rw, loc, lhs, perm)
    dst = op.results[0].type
    rank = len(dst.shape)
    rows, cols = dst.shape[0], (1 if rank == 1 else dst.shape[1])
    res = const(rw, loc, dst)
    et = dst.element_type
    is_int = type(et) is IntegerType
    mul = "arith.muli" if is_int else "arith.mulf"
    for r in range(rows):
        a = _extract(rw, loc, lhs, r)
        for c in range(cols):
            b = rhs if rank == 1 else _extract(rw, loc, rhs, c)
            m = rw.create(mul, [a, b], [a.type], loc=loc).results[0]
            red = rw.create("vector.reduction", [m], [et], properties={"kind": KIND_ADD},
                            loc=loc).results[0]
            res = _insert(rw, loc, red, res, [r] if rank == 1 else [r, c])
    if len(op.operands) > 2:
        add = "arith.addi" if is_int else "arith.addf"
        res = rw.create(add, [res, op.acc], [dst], loc=loc).results[0]
    return res


def _dim_map(maps, iters, parallel):
    out = []
    for i, it in enumerate(iters):
        if _is_par(it) != parallel:
            continue
        li, ri = _result_index(maps[0], i), _result_index(maps[1], i)
        if li is not None and ri is not None:
            out.append((li, ri))
    return out


def _lower_parallel(op, rw, lhs_index, rhs_index, mask):
    lhs, rhs, acc = op.lhs, op.rhs, op.acc
    lt_, rt_, res_t = lhs.type, rhs.type, op.results[0].type
    maps = [a.value for a in op.properties["indexing_maps"]]
    iters = list(op.properties["iterator_types"])
    if lhs_index is not None:
        it = maps[0].results[lhs_index].position
        if rhs_index is not None and it != maps[1].results[rhs_index].position:
            return None
        if lt_.scalable_dims[lhs_index]:
            return None
        size = lt_.shape[lhs_index]
    else:
        it = maps[1].results[rhs_index].position
        if rt_.scalable_dims[rhs_index]:
            return None
        size = rt_.shape[rhs_index]
    res_index = _result_index(maps[2], it)
    if res_index is None and size != 1:
        return None
    low_maps = [_adjust_map(m, it) for m in maps]
    low_iters = iters[:it] + iters[it + 1:]
    loc = op.loc
    result = const(rw, loc, res_t)
    for d in range(size):
        l = _reshape_load(rw, loc, lhs, lt_, lhs_index, d)
        r = _reshape_load(rw, loc, rhs, rt_, rhs_index, d)
        a = _reshape_load(rw, loc, acc, res_t, res_index, d)
        low_mask = _reshape_load(rw, loc, mask, mask.type, it, d) if mask is not None else None
        c = _mask_operation(rw, loc, lambda: _contract(rw, loc, l, r, a, low_maps, low_iters),
                            a.type, low_mask)
        result = _reshape_store(rw, loc, c, result, res_t, res_index, d)
    return result


def _lower_reduction(op, rw, mask):
    lhs, rhs, acc = op.lhs, op.rhs, op.acc
    res_t = op.results[0].type
    if type(res_t) is VectorType:
        return None
    is_int = type(res_t) is IntegerType
    maps = [a.value for a in op.properties["indexing_maps"]]
    iters = list(op.properties["iterator_types"])
    li, ri = _result_index(maps[0], 0), _result_index(maps[1], 0)
    if li is None or ri is None:
        return None
    lt_, rt_ = lhs.type, rhs.type
    size = lt_.shape[li]
    if size != rt_.shape[ri]:
        return None
    loc = op.loc
    if len(lt_.shape) == 1:
        if len(rt_.shape) != 1:
            return None
        m = rw.create("arith.muli" if is_int else "arith.mulf", [lhs, rhs], [lt_],
                      loc=loc).results[0]
        return _mask_operation(rw, loc, lambda: rw.create(
            "vector.reduction", [m, acc], [res_t], properties={"kind": KIND_ADD},
            loc=loc).results[0], res_t, mask)
    low_maps = [_adjust_map(m, 0) for m in maps]
    low_iters = iters[1:]
    result = acc
    for d in range(size):
        l = _reshape_load(rw, loc, lhs, lt_, li, d)
        r = _reshape_load(rw, loc, rhs, rt_, ri, d)
        new_mask = _reshape_load(rw, loc, mask, mask.type, 0, d) if mask is not None else None
        prev = result
        result = _mask_operation(rw, loc, lambda: _contract(rw, loc, l, r, prev, low_maps,
                                                            low_iters), res_t, new_mask)
    return result


class ContractionLowering(RewritePattern):
    """ContractionOpLowering: `first`, the lowerings of the chosen strategy ((op, rewriter,
    mask) -> value or None, passes/vector/contract_strategies.py), then row dot products
    when `dot`, then unrolling one batch / free / reduction dim."""
    root = "vector.contract"

    def __init__(self, dot=True, first=()):
        super().__init__()
        self.dot = dot
        self.first = tuple(first)

    def match_and_rewrite(self, op, rw):
        acc_t = op.results[0].type
        acc_et = acc_t.element_type if type(acc_t) is VectorType else acc_t
        if op.lhs.type.element_type is not acc_et or \
                op.rhs.type.element_type is not acc_et:
            return False
        if op.properties["kind"].name != "add":
            return False
        return rewrite_maskable(op, rw, self._lower)

    def _lower(self, op, rw, mask):
        for lower in self.first:
            res = lower(op, rw, mask)
            if res is not None:
                return res
        if self.dot and mask is None:
            res = _dot_lowering(op, rw)
            if res is not None:
                return res
        maps = [a.value for a in op.properties["indexing_maps"]]
        if any(_dims(m) is None for m in maps):
            return None
        iters = list(op.properties["iterator_types"])
        batch = _dim_map(maps, iters, True)
        if batch:
            return _lower_parallel(op, rw, batch[0][0], batch[0][1], mask)
        contracting = _dim_map(maps, iters, False)
        lhs_c = {a for a, _ in contracting}
        rhs_c = {b for _, b in contracting}
        for i in range(len(op.lhs.type.shape)):
            if i not in lhs_c:
                return _lower_parallel(op, rw, i, None, mask)
        for i in range(len(op.rhs.type.shape)):
            if i not in rhs_c:
                return _lower_parallel(op, rw, None, i, mask)
        if contracting:
            return _lower_reduction(op, rw, mask)
        return None


def prepare_patterns():
    return [OuterProductLowering(), ContractionLowering()]
