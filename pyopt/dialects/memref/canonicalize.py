"""Folders and canonicalization patterns of the memref ops (MLIR 19 MemRefOps.cpp): folding
`memref.cast` into its users, constant sizes into alloc/view/subview types (with a cast back
to the original type), dim of known sizes, reshape/subview identities, dead allocations.
Attached to the op declarations by `attach(dialect)`, which also declares memory effects."""
from __future__ import annotations

from pyopt.ir.attributes import IntegerAttr, DenseArrayAttr, StridedLayoutAttr
from pyopt.ir.types import MemRefType, UnrankedMemRefType, INDEX, I64, DYNAMIC
from pyopt.ir.memref_layout import strides_and_offset
from pyopt.rewrite.pattern import RewritePattern
from pyopt.ir.opdef import segment_sizes
from pyopt.dialects.memref.views import subview_result_type, memref_rank_reduction_mask
from pyopt.rewrite.matchers import defining as _def, constant_int as _const_index  # noqa: F401


def fold_memref_cast(op, inner=None):
    """foldMemRefCast: use the source of any ranked-source memref.cast operand."""
    folded = False
    for s in op.operand_slots:
        v = s.value
        c = _def(v, "memref.cast")
        if c is not None and v is not inner and type(c.source.type) is not UnrankedMemRefType:
            s.set(c.source)
            folded = True
    return folded


def can_fold_cast_into_consumer(cast):
    src, res = cast.source.type, cast.dest.type
    if type(src) is not MemRefType or type(res) is not MemRefType:
        return False
    if src.element_type is not res.element_type or len(src.shape) != len(res.shape):
        return False
    a, b = strides_and_offset(src), strides_and_offset(res)
    if a is None or b is None:
        return False
    for x, y in zip(src.shape, res.shape):
        if x != y and x == DYNAMIC and y != DYNAMIC:
            return False
    if a[1] != b[1] and a[1] == DYNAMIC and b[1] != DYNAMIC:
        return False
    for x, y in zip(a[0], b[0]):
        if x != y and x == DYNAMIC and y != DYNAMIC:
            return False
    return True


# -- folders ------------------------------------------------------------------------------------
def _fold_in_place(inner_operand=None):
    def fold(op, consts):
        inner = op.operand(inner_operand) if inner_operand is not None else None
        if fold_memref_cast(op, inner):
            return [] if not op.results else op.results[0]
        return None
    return fold


def _fold_cast(op, consts):
    changed = fold_memref_cast(op)
    if op.source.type is op.dest.type:  # CastOpInterface: identity cast
        return op.source
    return op.results[0] if changed else None


def _fold_memory_space_cast(op, consts):
    parent = _def(op.source, "memref.memory_space_cast")
    if parent is not None:
        op.source = parent.source
        return op.dest
    if op.source.type is op.dest.type:
        return op.source
    return None


def _fold_dim(op, consts):
    idx = consts[1]
    if type(idx) is not IntegerAttr:
        return None
    t = op.source.type
    if type(t) is not MemRefType:
        return None
    i = idx.value
    if i < 0 or i >= len(t.shape):
        return None
    if t.shape[i] != DYNAMIC:
        return IntegerAttr(INDEX, t.shape[i])
    d = op.source.defining_op()
    dyn_pos = sum(1 for s in t.shape[:i] if s == DYNAMIC)
    if d is not None:
        if d.name in ("memref.alloc", "memref.alloca"):
            return d.dynamicSizes[dyn_pos]
        if d.name == "memref.view":
            return d.sizes[dyn_pos]
        if d.name == "memref.subview":
            src = d.source.type
            sizes = list(d.static_sizes.values)
            dropped = memref_rank_reduction_mask(src, t, sizes) or set()
            kept = [k for k in range(len(src.shape)) if k not in dropped]
            src_idx = kept[i]
            return _dynamic_entry(d, "sizes", "static_sizes", src_idx)
        if d.name in ("memref.reinterpret_cast",):
            return _dynamic_entry(d, "sizes", "static_sizes", i)
    if fold_memref_cast(op):
        return op.results[0]
    return None


def _dynamic_entry(op, group, static_name, index):
    static = list(op.get_attr(static_name).values)
    k = sum(1 for s in static[:index] if s == DYNAMIC)
    gi = op.opdef.accessors[group][1]
    return op.opdef.get_group(op, "operand", gi)[k]


def _fold_rank(op, consts):
    t = op.memref.type
    if type(t) is MemRefType:
        return IntegerAttr(INDEX, len(t.shape))
    return None


def _fold_subview(op, consts):
    res, src = op.result.type, op.source.type
    if DYNAMIC not in res.shape and res is src:
        return op.source
    prev = _def(op.source, "memref.subview")
    if prev is not None:
        offs = _folded(op.mixed_offsets)
        strides = _folded(op.mixed_strides)
        if all(o == 0 for o in offs) and all(s == 1 for s in strides) and \
                op.mixed_sizes == \
                prev.mixed_sizes and res is src:
            return op.source
    return None


def _folded(mixed):
    """getAsOpFoldResult over a mixed list (op.mixed_offsets, ...): dynamic entries that are
    constants become their ints."""
    return [_ofr(x) for x in mixed]


def _fold_reshape_like(inverse):
    def fold(op, consts):
        src = op.src
        if src.type is op.result.type:
            return src
        d = _def(src, inverse)
        if d is not None and d.src.type is op.result.type:
            return d.src
        return None
    return fold


def _fold_reinterpret_cast(op, consts):
    prev = None
    d = op.source.defining_op()
    if d is not None:
        if d.name in ("memref.reinterpret_cast", "memref.cast"):
            prev = d.source
        elif d.name == "memref.subview" and all(
                o == 0 for o in _folded(d.mixed_offsets)):
            prev = d.source
    if prev is not None:
        op.source = prev
        return op.results[0]
    return None


FOLDS = {
    "memref.cast": _fold_cast,
    "memref.memory_space_cast": _fold_memory_space_cast,
    "memref.dealloc": _fold_in_place(),
    "memref.load": _fold_in_place(),
    "memref.store": _fold_in_place(0),
    "memref.atomic_rmw": _fold_in_place(0),
    "memref.prefetch": _fold_in_place(),
    "memref.dma_start": _fold_in_place(),
    "memref.dma_wait": _fold_in_place(),
    "memref.dim": _fold_dim,
    "memref.rank": _fold_rank,
    "memref.subview": _fold_subview,
    "memref.expand_shape": _fold_reshape_like("memref.collapse_shape"),
    "memref.collapse_shape": _fold_reshape_like("memref.expand_shape"),
    "memref.reinterpret_cast": _fold_reinterpret_cast,
}


def _fold_copy(op, consts):
    folded = False
    for s in op.operand_slots:
        c = _def(s.value, "memref.cast")
        if c is not None and can_fold_cast_into_consumer(c):
            s.set(c.source)
            folded = True
    return [] if folded else None


FOLDS["memref.copy"] = _fold_copy


# -- patterns -----------------------------------------------------------------------------------
_PATTERNS = {}


def pat(root, benefit=1):
    def deco(fn):
        _PATTERNS.setdefault("memref." + root, []).append(
            RewritePattern("memref." + root, benefit, fn))
        return fn
    return deco


def _cast(rw, value, type_, loc):
    return rw.create("memref.cast", [value], [type_], loc=loc)


def _simplify_alloc_const(op, rw):
    sizes = op.opdef.get_group(op, "operand", 0)
    syms = op.opdef.get_group(op, "operand", 1)
    consts = [_const_index(v) for v in sizes]
    if all(c is None or c < 0 for c in consts):
        return False
    t = op.results[0].type
    shape, dyn = [], []
    k = 0
    for s in t.shape:
        if s != DYNAMIC:
            shape.append(s)
            continue
        c = consts[k]
        if c is not None and c >= 0:
            shape.append(c)
        else:
            shape.append(DYNAMIC)
            dyn.append(sizes[k])
        k += 1
    nt = t.with_(shape=shape)
    props = {"operandSegmentSizes": segment_sizes([len(dyn), len(syms)])}
    if op.get_attr("alignment") is not None:
        props["alignment"] = op.get_attr("alignment")
    new = rw.create(op.name, dyn + list(syms), [nt], properties=props, loc=op.loc)
    rw.replace_op_with_new_op(op, "memref.cast", [new.results[0]], [t])
    return True


def _simplify_dead_alloc(op, rw):
    v = op.results[0]
    users = []
    for u in v.uses():
        o = u.owner
        if o.name == "memref.store":
            if o.value is v:
                return False
        elif o.name != "memref.dealloc":
            return False
        users.append(o)
    for o in dict.fromkeys(users):
        rw.erase_op(o)
    rw.erase_op(op)
    return True


for _r in ("alloc", "alloca"):
    pat(_r)(_simplify_alloc_const)
    pat(_r)(_simplify_dead_alloc)
pat("realloc")(_simplify_dead_alloc)


@pat("dim")
def DimOfMemRefReshape(op, rw):
    reshape = _def(op.source, "memref.reshape")
    if reshape is None:
        return False
    idx = op.index
    if idx.parent_block is reshape.parent:
        d = idx.defining_op()
        if d is not None and reshape.is_before_in_block(d):
            return False
    elif op.parent is not reshape.parent and not _region_proper_ancestor(
            idx.parent_block.parent, reshape.parent.parent):
        return False
    rw.set_insertion_point_after(reshape)
    shape = reshape.shape
    load = rw.create("memref.load", [shape, idx], [shape.type.element_type],
                     loc=op.loc).results[0]
    if load.type is not INDEX:
        load = rw.create("arith.index_cast", [load], [INDEX], loc=op.loc).results[0]
    rw.replace_op(op, [load])
    return True


def _region_proper_ancestor(region, other):
    if region is other:
        return False
    r = other
    while r is not None:
        p = r.parent
        if p is None or p.parent is None:
            return False
        r = p.parent.parent
        if r is region:
            return True
    return False


# subview ------------------------------------------------------------------------------------
def _build_subview(rw, op, src, offs, sizes, strides, result_type):
    """Creates a subview from mixed lists (ints static, Values dynamic)."""
    operands, statics, counts = [src], [], [1]
    for lst in (offs, sizes, strides):
        st, dyn = [], []
        for x in lst:
            if isinstance(x, int):
                st.append(x)
            else:
                st.append(DYNAMIC)
                dyn.append(x)
        operands += dyn
        counts.append(len(dyn))
        statics.append(DenseArrayAttr(I64, st))
    props = {"static_offsets": statics[0], "static_sizes": statics[1],
             "static_strides": statics[2], "operandSegmentSizes": segment_sizes(counts)}
    return rw.create("memref.subview", operands, [result_type], properties=props, loc=op.loc)


def _static_of(lst):
    return [x if isinstance(x, int) else DYNAMIC for x in lst]


def _fold_index_list(lst, only_non_negative=False):
    changed = False
    out = []
    for x in lst:
        if not isinstance(x, int):
            c = _const_index(x)
            if c is not None and not (only_non_negative and c < 0):
                out.append(c)
                changed = True
                continue
        out.append(x)
    return out, changed


def _valid_mixed(offs, sizes, strides):
    """hasValidSizesOffsets / hasValidStrides of SubViewOp::inferResultType."""
    return not any(isinstance(x, int) and x != DYNAMIC and x < 0 for x in offs + sizes) and \
        not any(isinstance(x, int) and x == 0 for x in strides)


def _reduced_type(nonreduced, dropped):
    strides, off = strides_and_offset(nonreduced)
    shape = [s for i, s in enumerate(nonreduced.shape) if i not in dropped]
    st = [s for i, s in enumerate(strides) if i not in dropped]
    return MemRefType(shape, nonreduced.element_type, StridedLayoutAttr(off, st),
                      nonreduced.memory_space)


@pat("subview")
def SubViewConstantArgumentFolder(op, rw):
    offs = op.mixed_offsets
    sizes = op.mixed_sizes
    strides = op.mixed_strides
    offs, ch = _fold_index_list(offs, True)
    if not ch:
        sizes, ch = _fold_index_list(sizes, True)
        if not ch:
            strides, ch = _fold_index_list(strides)
            if not ch:
                return False
    src = op.source.type
    if not _valid_mixed(offs, sizes, strides):
        return False
    nonreduced = subview_result_type(src, _static_of(offs), _static_of(sizes),
                                     _static_of(strides))
    dropped = memref_rank_reduction_mask(src, op.results[0].type,
                                         list(op.get_attr("static_sizes").values))
    if dropped is None:
        return False
    rt = nonreduced if not dropped else _reduced_type(nonreduced, dropped)
    new = _build_subview(rw, op, op.source, offs, sizes, strides, rt)
    rw.replace_op_with_new_op(op, "memref.cast", [new.results[0]], [op.results[0].type])
    return True


@pat("subview")
def SubViewOpMemRefCastFolder(op, rw):
    for v in op.operands:
        if _const_index(v) is not None:
            return False
    cast = _def(op.source, "memref.cast")
    if cast is None or not can_fold_cast_into_consumer(cast):
        return False
    offs = op.mixed_offsets
    sizes = op.mixed_sizes
    strides = op.mixed_strides
    src = cast.source.type
    if not _valid_mixed(offs, sizes, strides):
        return False
    nonreduced = subview_result_type(src, _static_of(offs), _static_of(sizes),
                                     _static_of(strides))
    dropped = memref_rank_reduction_mask(op.source.type, op.results[0].type,
                                         list(op.get_attr("static_sizes").values))
    if dropped is None:
        return False
    rt = _reduced_type(nonreduced, dropped)
    new = _build_subview(rw, op, cast.source, offs, sizes, strides, rt)
    rw.replace_op_with_new_op(op, "memref.cast", [new.results[0]], [op.results[0].type])
    return True


@pat("subview")
def TrivialSubViewOpFolder(op, rw):
    src = op.source.type
    if len(src.shape) != len(op.results[0].type.shape):
        return False
    offs = _folded(op.mixed_offsets)
    sizes = _folded(op.mixed_sizes)
    strides = _folded(op.mixed_strides)
    if any(o != 0 for o in offs) or any(s != 1 for s in strides):
        return False
    if any(not isinstance(sz, int) or sz != dim for sz, dim in zip(sizes, src.shape)):
        return False
    if src is op.results[0].type:
        rw.replace_op(op, [op.source])
    else:
        rw.replace_op_with_new_op(op, "memref.cast", [op.source], [op.results[0].type])
    return True


# view -------------------------------------------------------------------------------------------
@pat("view")
def ViewOpShapeFolder(op, rw):
    if not any(_const_index(v) is not None for v in op.operands):
        return False
    t = op.results[0].type
    if strides_and_offset(t) is None:
        return False
    sizes = op.sizes
    shape, keep = [], []
    k = 0
    for s in t.shape:
        if s != DYNAMIC:
            shape.append(s)
            continue
        v = sizes[k]
        d = v.defining_op()
        c = _const_index(v) if d is not None and d.name == "arith.constant" and \
            v.type is INDEX else None
        if c is not None:
            shape.append(c)
        else:
            shape.append(s)
            keep.append(v)
        k += 1
    nt = t.with_(shape=shape)
    if nt is t:
        return False
    new = rw.create("memref.view", [op.source, op.byte_shift] + keep, [nt], loc=op.loc)
    rw.replace_op_with_new_op(op, "memref.cast", [new.results[0]], [t])
    return True


@pat("view")
def ViewOpMemrefCastFolder(op, rw):
    cast = _def(op.source, "memref.cast")
    if cast is None or _def(cast.source, "memref.alloc") is None:
        return False
    rw.replace_op_with_new_op(op, "memref.view", [cast.source, op.byte_shift] + op.sizes,
                              [op.results[0].type])
    return True


# copy -------------------------------------------------------------------------------------------
@pat("copy")
def FoldCopyOfCast(op, rw):
    modified = False
    for i, v in enumerate((op.source, op.target)):
        c = _def(v, "memref.cast")
        if c is not None and type(c.source.type) is MemRefType:
            rw.modify_op_in_place(op, lambda i=i, c=c: op.set_operand(i, c.source))
            modified = True
    return modified


@pat("copy")
def FoldEmptyCopy(op, rw):
    for v in op.operands:
        t = v.type
        if type(t) is MemRefType and 0 in t.shape:
            rw.erase_op(op)
            return True
    return False


@pat("copy")
def FoldSelfCopy(op, rw):
    if op.source is not op.target:
        return False
    rw.erase_op(op)
    return True


_EFFECTS = {
    "memref.alloc": {"alloc"}, "memref.alloca": {"alloc"},
    "memref.load": {"read"}, "memref.store": {"write"}, "memref.dealloc": {"free"},
    "memref.copy": {"read", "write"}, "memref.atomic_rmw": {"read", "write"},
    "memref.realloc": {"alloc", "free", "read", "write"},
}


def _materialize_constant(rewriter, attr, type_, loc):
    """MemRefDialect::materializeConstant builds arith constants."""
    from pyopt.dialects.arith.folds import materialize_constant
    return materialize_constant(rewriter, attr, type_, loc)


def attach(dialect):
    dialect.materialize_constant = _materialize_constant
    for name, fn in FOLDS.items():
        d = dialect.ops.get(name)
        if d is not None and d.fold is None:
            d.fold = fn
    for name, pats in _PATTERNS.items():
        d = dialect.ops.get(name)
        if d is not None:
            d.canonicalize = list(d.canonicalize or []) + pats
    for name, eff in _EFFECTS.items():
        d = dialect.ops.get(name)
        if d is not None and "effects" not in d.extra:
            d.extra["effects"] = eff


# expand_shape / collapse_shape ------------------------------------------------------------------
def _reassoc_attr(groups):
    from pyopt.ir.attributes import ArrayAttr
    return ArrayAttr([ArrayAttr([IntegerAttr(I64, i) for i in g]) for g in groups])


def compose_reassociation(producer, consumer):
    """composeReassociationIndices."""
    if len(producer) == len(consumer):
        return None
    if len(producer) < len(consumer):
        producer, consumer = consumer, producer
    if not consumer:
        return []
    if len(producer) != sum(len(g) for g in consumer):
        return None
    return [[i for c in g for i in producer[c]] for g in consumer]


def _identity_layout(t):
    from pyopt.ir.memref_layout import layout_is_identity
    return type(t) is MemRefType and layout_is_identity(t)


def _compose_reshapes(op, rw):
    from pyopt.dialects.memref.common import reassociation_indices
    src = _def(op.src, op.name)
    if src is None:
        return False
    if not (_identity_layout(src.src.type) and _identity_layout(op.src.type)
            and _identity_layout(op.results[0].type)):
        return False
    groups = compose_reassociation(reassociation_indices(op.get_attr("reassociation")),
                                   reassociation_indices(src.get_attr("reassociation")))
    if groups is None:
        return False
    props = {"reassociation": _reassoc_attr(groups)}
    operands = [src.src]
    if op.name == "memref.expand_shape":
        props["static_output_shape"] = op.get_attr("static_output_shape")
        operands += op.output_shape
    rw.replace_op_with_new_op(op, op.name, operands, [op.results[0].type], properties=props)
    return True


def collapsed_type(src, groups):
    """CollapseShapeOp::computeCollapsedType."""
    from pyopt.ir.memref_layout import sat_mul
    from pyopt.dialects.memref.views import collapsed_layout
    shape = []
    for g in groups:
        n = 1
        for d in g:
            n = sat_mul(n, src.shape[d])
        shape.append(n)
    if src.layout is None:
        return MemRefType(shape, src.element_type, None, src.memory_space)
    return MemRefType(shape, src.element_type, collapsed_layout(src, groups), src.memory_space)


def _collapse_cast_folder(op, rw):
    from pyopt.dialects.memref.common import reassociation_indices
    cast = _def(op.src, "memref.cast")
    if cast is None or not can_fold_cast_into_consumer(cast):
        return False
    groups = reassociation_indices(op.get_attr("reassociation"))
    nt = collapsed_type(cast.source.type, groups)
    if nt is op.results[0].type:
        rw.modify_op_in_place(op, lambda: op.set_operand(0, cast.source))
        return True
    new = rw.create("memref.collapse_shape", [cast.source], [nt],
                    properties={"reassociation": op.get_attr("reassociation")}, loc=op.loc)
    rw.replace_op_with_new_op(op, "memref.cast", [new.results[0]], [op.results[0].type])
    return True


def _compose_collapse_of_expand(op, rw):
    """ComposeCollapseOfExpandOp (the rank-growing case, which needs an inferred output
    shape, is left alone)."""
    from pyopt.dialects.memref.common import reassociation_indices
    exp = _def(op.src, "memref.expand_shape")
    if exp is None:
        return False
    src_t, res_t = exp.src.type, op.results[0].type
    if not (_identity_layout(op.src.type) and _identity_layout(src_t)
            and _identity_layout(exp.results[0].type)):
        return False
    if src_t is res_t:
        return False
    sr, rr = len(src_t.shape), len(res_t.shape)
    if sr > rr:
        higher = reassociation_indices(exp.get_attr("reassociation"))
        lower = reassociation_indices(op.get_attr("reassociation"))
    else:
        higher = reassociation_indices(op.get_attr("reassociation"))
        lower = reassociation_indices(exp.get_attr("reassociation"))
    hid, composed = 0, []
    for low in lower:
        idx = []
        while hid < len(higher):
            right = higher[hid][-1]
            if right > low[-1]:
                return False
            idx.append(hid)
            hid += 1
            if right == low[-1]:
                break
        composed.append(idx)
    if sr > rr:
        rw.replace_op_with_new_op(op, "memref.collapse_shape", [exp.src], [res_t],
                                  properties={"reassociation": _reassoc_attr(composed)})
    elif sr == rr:
        rw.replace_op_with_new_op(op, "memref.cast", [exp.src], [res_t])
    else:
        return False
    return True


pat("expand_shape")(_compose_reshapes)
pat("collapse_shape")(_compose_reshapes)
pat("collapse_shape")(_compose_collapse_of_expand)
pat("collapse_shape")(_collapse_cast_folder)


def _fold_transpose(op, consts):
    from pyopt.ir.affine import AffineMap
    from pyopt.ir.attributes import AffineMapAttr
    perm = op.get_attr("permutation").value
    source = op.in_
    if perm.is_identity() and op.results[0].type is source.type:
        return source
    other = _def(source, "memref.transpose")
    if other is not None:  # transpose(transpose(x)): compose the permutations
        inner = other.get_attr("permutation").value
        p = [e.position for e in perm.results]
        q = [e.position for e in inner.results]
        composed = AffineMap.get_multi_dim_map_with_targets(len(p), [q[i] for i in p])
        op.in_ = other.in_
        op.properties["permutation"] = AffineMapAttr(composed)
        return op.results[0]
    return None


FOLDS["memref.transpose"] = _fold_transpose


# reinterpret_cast / extract_strided_metadata -------------------------------------------------
def _constified(values, type_, kind):
    """constifyIndexValues: entries the memref type knows statically become ints."""
    so = strides_and_offset(type_) if kind != "sizes" else None
    known = list(type_.shape) if kind == "sizes" else \
        ([] if so is None else (so[0] if kind == "strides" else [so[1]]))
    out = [v if isinstance(v, int) else _ofr(v) for v in values]
    for i, c in enumerate(known):
        if c != DYNAMIC:
            out[i] = c
    return out


def _ofr(v):
    """getAsOpFoldResult: a constant Value becomes its int."""
    c = _const_index(v)
    return v if c is None else c


def _esm_groups(esm):
    rank = (len(esm.results) - 2) // 2
    return [esm.results[1]], list(esm.results[2:2 + rank]), list(esm.results[2 + rank:])


def _fold_extract_strided_metadata(op, consts):
    from pyopt.ir.core import Operation
    from pyopt.dialects.arith import CONSTANT
    t = op.source.type
    offs, sizes, strides = _esm_groups(op)
    changed = False
    for vals, kind in ((offs, "offset"), (sizes, "sizes"), (strides, "strides")):
        known = _constified([_ofr(v) for v in vals], t, kind)
        for v, k in zip(vals, known):
            if v.first_use is None or not isinstance(k, int) or _const_index(v) is not None:
                continue
            c = Operation("arith.constant", CONSTANT, [], [INDEX],
                          {"value": IntegerAttr(INDEX, k)}, {}, [], [], op.loc)
            op.parent.insert_before(op, c)
            for u in list(v.uses()):
                u.set(c.results[0])
            changed = True
    return [] if changed else None


FOLDS["memref.extract_strided_metadata"] = _fold_extract_strided_metadata


def _fold_reinterpret_cast2(op, consts):
    r = _fold_reinterpret_cast(op, consts)
    if r is not None:
        return r
    t = op.results[0].type
    if DYNAMIC not in t.shape and op.source.type is t and \
            op.get_attr("static_offsets").values[0] == 0:
        return op.source
    return None


FOLDS["memref.reinterpret_cast"] = _fold_reinterpret_cast2


@pat("reinterpret_cast")
def ReinterpretCastOpExtractStridedMetadataFolder(op, rw):
    esm = _def(op.source, "memref.extract_strided_metadata")
    if esm is None:
        return False
    src_t, t = esm.source.type, op.results[0].type
    e_offs, e_sizes, e_strides = _esm_groups(esm)
    r_offs = op.mixed_offsets
    r_sizes = op.mixed_sizes
    r_strides = op.mixed_strides

    def same(a, b):
        if isinstance(a, int) or isinstance(b, int):
            return a == b
        return a is b
    es = _constified([_ofr(v) for v in e_strides], src_t, "strides")
    rs = _constified(r_strides, t, "strides")
    if len(es) != len(rs) or not all(same(a, b) for a, b in zip(es, rs)):
        return False
    ez = _constified([_ofr(v) for v in e_sizes], src_t, "sizes")
    rz = _constified(r_sizes, t, "sizes")
    if not all(same(a, b) for a, b in zip(ez, rz)):
        return False
    eo = _constified([_ofr(v) for v in e_offs], src_t, "offset")
    ro = _constified(r_offs, t, "offset")
    if not same(eo[0], ro[0]):
        return False
    if esm.source.type is t:
        rw.replace_op(op, [esm.source])
    else:
        rw.replace_op_with_new_op(op, "memref.cast", [esm.source], [t])
    return True
