"""Full / partial splitting of out-of-bounds vector transfers on memrefs (19's
populateVectorTransferFullPartialPatterns, apply_patterns.vector.split_transfer_full_partial).

A transfer with a minor-identity map and some out-of-bounds dim is guarded by "every such
dim fits": the fast path accesses the memref itself in bounds; the slow path goes through a
vector-sized alloca at the top of the enclosing allocation scope. Both paths meet in an
scf.if yielding (memref, indices) of one cast-compatible memref type, which the in-bounds
transfer then uses. The slow path is either the original (out-of-bounds) transfer through
the alloca ("vector-transfer") or linalg.fill + memref.copy of the intersecting subviews
("linalg-copy"); "force-in-bounds" only marks the transfer in bounds."""
from __future__ import annotations

from pyopt.dialects.affine.builders import composed_folded_apply, value_of
from pyopt.dialects.linalg.builders import create_named
from pyopt.dialects.memref.views import _cast_compatible, subview_result_type
from pyopt.dialects.shaped_models import mixed_size
from pyopt.dialects.tensor.slice_canonicalize import slice_properties
from pyopt.dialects.vector.transfer_canonicalize import Transfer
from pyopt.ir.affine import AffineMap, dim as adim
from pyopt.ir.attributes import AffineMapAttr, IntegerAttr, StridedLayoutAttr
from pyopt.ir.memref_layout import strides_and_offset
from pyopt.ir.opdef import segment_sizes
from pyopt.ir.types import DYNAMIC, I1, I64, INDEX, MemRefType
from pyopt.rewrite.pattern import RewritePattern
from passes.conversion.vector_to_llvm.transfer import index_const, is_dim_in_bounds
from passes.conversion.vector_to_scf.xfer_ops import bool_array, build_block, with_blocks

NONE, VECTOR_TRANSFER, LINALG_COPY, FORCE_IN_BOUNDS = 0, 1, 2, 3
_SLE = IntegerAttr(I64, 3)


def _dims(t):
    """zipResultAndIndexing for a minor identity map: (vector dim, source dim) pairs."""
    lead = len(t.source.type.shape) - len(t.vtype.shape)
    return [(i, lead + i) for i in range(len(t.vtype.shape))]


def _precondition(t):
    return (t.vtype.shape and t.perm_map.is_minor_identity() and
            any(not is_dim_in_bounds(t, i) for i in range(len(t.vtype.shape))) and
            t.op.parent_op is not None and t.op.parent_op.name != "scf.if")


def _in_bounds_cond(rw, t, loc):
    """The conjunction of `index + vector size <= memref size` over the out-of-bounds dims
    not statically known to fit (None when all are)."""
    cond = None
    for r, i in _dims(t):
        if is_dim_in_bounds(t, r):
            continue
        total = composed_folded_apply(rw, adim(0) + t.vtype.shape[r], [t.indices[i]], loc)
        size = mixed_size(rw, t.source, i, loc)
        if isinstance(total, int) and isinstance(size, int) and total <= size:
            continue
        lhs, rhs = value_of(rw, total, loc), value_of(rw, size, loc)
        c = rw.create("arith.cmpi", [lhs, rhs], [I1], properties={"predicate": _SLE},
                      loc=loc).results[0]
        cond = c if cond is None else rw.create("arith.andi", [cond, c], [I1],
                                                loc=loc).results[0]
    return cond


def _allocation_scope(op):
    """The closest AutomaticAllocationScope above `op`, looking through scf.for and
    affine.for (an alloca in a loop is not freed per iteration)."""
    scope, p = None, op.parent_op
    while p is not None:
        if p.has_trait("AutomaticAllocationScope"):
            scope = p
        if p.name not in ("scf.for", "affine.for"):
            break
        p = p.parent_op
    return scope


def _compatible_type(a, b):
    """getCastCompatibleMemRefType: `a` if `b` casts to it, else a strided type with the
    shape, strides and offset where the two agree (dynamic elsewhere), or None."""
    if _cast_compatible(a, b):
        return a
    if len(a.shape) != len(b.shape):
        return None
    sa, sb = strides_and_offset(a), strides_and_offset(b)
    if sa is None or sb is None or len(sa[0]) != len(sb[0]):
        return None
    shape = [x if x == y else DYNAMIC for x, y in zip(a.shape, b.shape)]
    strides = [x if x == y else DYNAMIC for x, y in zip(sa[0], sb[0])]
    return MemRefType(shape, a.element_type,
                      StridedLayoutAttr(sa[1] if sa[1] == sb[1] else DYNAMIC, strides))


def _cast_to(rw, v, t, loc):
    st = v.type
    if st.memory_space is not t.memory_space:
        st = MemRefType(st.shape, st.element_type, st.layout, t.memory_space)
        v = rw.create("memref.memory_space_cast", [v], [st], loc=loc).results[0]
    if st == t:
        return v
    return rw.create("memref.cast", [v], [t], loc=loc).results[0]


def _yield(rw, loc, values):
    rw.create("scf.yield", list(values), [], loc=loc)


def _if(rw, loc, cond, types, then_fn, else_fn=None):
    """scf.if with bodies built by then_fn / else_fn (each ends with its scf.yield)."""
    blocks = [build_block(rw, [], loc, lambda b: then_fn())]
    if else_fn is not None:
        blocks.append(build_block(rw, [], loc, lambda b: else_fn()))
    op = rw.create("scf.if", [cond], list(types), regions=2, loc=loc)
    return with_blocks(op, blocks)


def _type_cast(rw, alloc, vtype, loc):
    return rw.create("vector.type_cast", [alloc], [MemRefType([], vtype)], loc=loc).results[0]


def _intersection(rw, t, alloc, loc):
    """createSubViewIntersection: the (copy source, copy dest) subviews of the part of the
    transfer's window inside the memref, sized min(memref dim - index, alloca dim)."""
    sizes = list(t.indices[:len(t.source.type.shape) - len(t.vtype.shape)])
    m = AffineMap(3, 0, [adim(0) - adim(1), adim(2)])
    for r, i in _dims(t):
        dm = rw.create("memref.dim", [t.source, index_const(rw, loc, i)], [INDEX],
                       loc=loc).results[0]
        da = rw.create("memref.dim", [alloc, index_const(rw, loc, r)], [INDEX],
                       loc=loc).results[0]
        sizes.append(rw.create("affine.min", [dm, t.indices[i], da], [INDEX],
                               properties={"map": AffineMapAttr(m)}, loc=loc).results[0])
    rank = len(t.source.type.shape)
    write = not t.is_read
    src, dst = (alloc, t.source) if write else (t.source, alloc)
    return (_subview(rw, src, list(t.indices), sizes, loc),
            _subview(rw, dst, [0] * rank, sizes, loc))


def _subview(rw, src, offsets, sizes, loc):
    ones = [1] * len(offsets)
    props, dyn = slice_properties(offsets, sizes, ones, 1)
    static = [[x if isinstance(x, int) else DYNAMIC for x in xs] for xs in (offsets, sizes, ones)]
    return rw.create("memref.subview", [src] + dyn, [subview_result_type(src.type, *static)],
                     properties=props, loc=loc).results[0]


def split_full_partial(rw, op, strategy):
    """splitFullAndPartialTransfer; True if `op` was rewritten."""
    t = Transfer(op)
    if strategy == NONE:
        return False
    all_in = bool_array([True] * len(t.vtype.shape))
    if strategy == FORCE_IN_BOUNDS:
        rw.modify_op_in_place(op, lambda: op.properties.__setitem__("in_bounds", all_in))
        return True
    if t.mask is not None or type(t.source.type) is not MemRefType:
        return False  # (19 would not stop at a tensor, and crash)
    scope = _allocation_scope(op)
    alloc_t = MemRefType(t.vtype.shape, t.vtype.element_type)
    compat = _compatible_type(t.source.type, alloc_t)
    if scope is None or len(scope.regions) != 1 or compat is None:
        return False
    loc = op.loc
    rw.set_insertion_point(op)
    cond = _in_bounds_cond(rw, t, loc)
    if cond is None:
        return False
    ip = rw.save()
    rw.set_insertion_point_to_start(scope.regions[0].blocks[0])
    alloc = rw.create("memref.alloca", [], [alloc_t], properties={
        "alignment": IntegerAttr(I64, 32), "operandSegmentSizes": segment_sizes([0, 0])},
        loc=scope.loc).results[0]
    rw.restore(ip)
    types = [compat] + [INDEX] * len(t.vtype.shape)
    zero = index_const(rw, loc, 0)
    rank = len(t.vtype.shape)

    def fast():
        _yield(rw, loc, [_cast_to(rw, t.source, compat, loc)] + t.indices)

    def slow_yield():
        _yield(rw, loc, [_cast_to(rw, alloc, compat, loc)] + [zero] * rank)

    if t.is_read:
        def slow():
            if strategy == VECTOR_TRANSFER:
                v = rw.clone(op).results[0]
                rw.create("memref.store", [v, _type_cast(rw, alloc, t.vtype, loc)], [], loc=loc)
            else:
                create_named(rw, "linalg.fill", [t.padding], [alloc], loc=loc)
                src, dst = _intersection(rw, t, alloc, loc)
                rw.create("memref.copy", [src, dst], [], loc=loc)
            slow_yield()
        split = _if(rw, loc, cond, types, fast, slow)

        def update():
            for i, v in enumerate(split.results):
                op.set_operand(i, v)
            op.properties["in_bounds"] = all_in
        rw.modify_op_in_place(op, update)
        return True
    where = _if(rw, loc, cond, types, fast, slow_yield).results
    new = rw.clone(op, {t.source: where[0], **dict(zip(t.indices, where[1:]))})
    new.properties["in_bounds"] = all_in
    true = rw.create("arith.constant", [], [I1], properties={"value": IntegerAttr(I1, 1)},
                     loc=loc).results[0]
    out = rw.create("arith.xori", [cond, true], [I1], loc=loc).results[0]

    def copy_back():
        if strategy == VECTOR_TRANSFER:
            v = rw.create("memref.load", [_type_cast(rw, alloc, t.vtype, loc)], [t.vtype],
                          loc=loc).results[0]
            rw.clone(op, {t.vector: v})
        else:
            src, dst = _intersection(rw, t, alloc, loc)
            rw.create("memref.copy", [src, dst], [], loc=loc)
        _yield(rw, loc, [])
    _if(rw, loc, out, [], copy_back)
    rw.erase_op(op)
    return True


class TransferFullPartialSplit(RewritePattern):
    def __init__(self, root, strategy):
        super().__init__(root)
        self.strategy = strategy

    def match_and_rewrite(self, op, rw):
        if not _precondition(Transfer(op)):
            return False
        return split_full_partial(rw, op, self.strategy)


def full_partial_patterns(strategy):
    return [TransferFullPartialSplit("vector.transfer_read", strategy),
            TransferFullPartialSplit("vector.transfer_write", strategy)]
