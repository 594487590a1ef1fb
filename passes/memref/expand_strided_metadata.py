"""`expand-strided-metadata`: view-like memref ops (subview, expand_shape, collapse_shape) become
memref.reinterpret_cast of the base buffer of a memref.extract_strided_metadata, with their
effect on offset, sizes and strides spelled out as affine.apply / affine.min; and
extract_strided_metadata is pushed through its producer (alloc, alloca, get_global, subview,
collapse_shape, reinterpret_cast, cast, extract_strided_metadata) as MLIR 19 does."""
from __future__ import annotations

from pyopt.ir.affine import AffineMap, constant, symbol
from pyopt.ir.types import DYNAMIC, MemRefType
from pyopt.pass_registry import register_pass
from pyopt.rewrite import GreedyConfig, apply_patterns_greedily
from pyopt.rewrite.pattern import RewritePattern
from pyopt.dialects.affine.builders import composed_folded_apply, composed_folded_min, value_of
from pyopt.dialects.memref.common import reassociation_indices
from pyopt.dialects.memref.views import memref_rank_reduction_mask
from passes.memref.common import (create_reinterpret_cast,
                                             create_extract_strided_metadata, metadata_parts,
                                             strides_offset, base_buffer_type)
from pyopt.rewrite.matchers import defining as _defining  # noqa: F401


# ------------------------------------------------------------------ subview
def _resolve_subview(rw, sv):
    """(base, offset, sizes, strides) of `sv` in terms of its source's metadata."""
    loc = sv.loc
    src = sv.source
    st = src.type
    rank = len(st.shape)
    md = create_extract_strided_metadata(rw, src, loc)
    base, md_off, _, md_strides = metadata_parts(md)
    src_strides, src_off = strides_offset(st)
    sub_offs = sv.mixed_offsets
    sub_sizes = sv.mixed_sizes
    sub_strides = sv.mixed_strides
    expr = symbol(0)
    values = [md_off if src_off == DYNAMIC else src_off]
    strides = []
    for i in range(rank):
        orig = md_strides[i] if src_strides[i] == DYNAMIC else src_strides[i]
        strides.append(composed_folded_apply(rw, symbol(0) * symbol(1),
                                             [sub_strides[i], orig], loc))
        expr = expr + symbol(1 + 2 * i) * symbol(2 + 2 * i)
        values += [sub_offs[i], orig]
    offset = composed_folded_apply(rw, expr, values, loc)
    static_sizes = [x if isinstance(x, int) else DYNAMIC for x in sub_sizes]
    dropped = memref_rank_reduction_mask(st, sv.results[0].type, static_sizes) or set()
    keep = [i for i in range(rank) if i not in dropped]
    return base, offset, [sub_sizes[i] for i in keep], [strides[i] for i in keep]


def _subview_folder(op, rw):
    base, off, sizes, strides = _resolve_subview(rw, op)
    new = create_reinterpret_cast(rw, op.results[0].type, base, off, sizes, strides, op.loc)
    rw.replace_op(op, new.results)
    return True


def _replace_metadata(rw, op, loc, parts):
    base, off, sizes, strides = parts
    vals = [base, value_of(rw, off, loc)]
    vals += [value_of(rw, s, loc) for s in sizes]
    vals += [value_of(rw, s, loc) for s in strides]
    rw.replace_op(op, vals)
    return True


def _metadata_of_subview(op, rw):
    sv = _defining(op.source, "memref.subview")
    if sv is None:
        return False
    return _replace_metadata(rw, op, sv.loc, _resolve_subview(rw, sv))


# ------------------------------------------------------------------ expand_shape
def _expanded_sizes(rw, op, orig_sizes, gid):
    group = reassociation_indices(op.get_attr("reassociation"))[gid]
    shape = op.results[0].type.shape
    out = [None] * len(group)
    prod, dyn = 1, None
    for i, d in enumerate(group):
        if shape[d] == DYNAMIC:
            dyn = i
            continue
        prod *= shape[d]
        out[i] = shape[d]
    if dyn is not None:
        out[dyn] = composed_folded_apply(rw, symbol(0).floordiv(prod), [orig_sizes[gid]],
                                         op.loc)
    return out


def _expanded_strides(rw, op, orig_sizes, orig_strides, gid):
    group = reassociation_indices(op.get_attr("reassociation"))[gid]
    shape = op.results[0].type.shape
    n = len(group)
    out = [None] * n
    cur, dyn = 1, None
    for i in range(n - 1, -1, -1):
        out[i] = cur
        if shape[group[i]] == DYNAMIC:
            dyn = i
            continue
        cur *= shape[group[i]]
    src_strides, _ = strides_offset(op.src.type)
    orig = orig_strides[gid] if src_strides[gid] == DYNAMIC else src_strides[gid]
    done = 0
    if dyn is not None:
        for done in range(dyn):
            out[done] = composed_folded_apply(
                rw, (symbol(0) * out[done]).floordiv(cur) * symbol(1),
                [orig_sizes[gid], orig], op.loc)
        done = dyn
    for i in range(done, n):
        out[i] = composed_folded_apply(rw, symbol(0) * out[i], [orig], op.loc)
    return out


# ------------------------------------------------------------------ collapse_shape
def _collapsed_size(rw, op, orig_sizes, gid):
    size = op.results[0].type.shape[gid]
    if size != DYNAMIC:
        return [size]
    group = reassociation_indices(op.get_attr("reassociation"))[gid]
    src_shape = op.src.type.shape
    expr = constant(1)
    inputs = []
    for i, d in enumerate(group):
        expr = expr * symbol(i)
        inputs.append(orig_sizes[d] if src_shape[d] == DYNAMIC else src_shape[d])
    return [composed_folded_apply(rw, expr, inputs, op.loc)]


def _collapsed_stride(rw, op, orig_sizes, orig_strides, gid):
    group = reassociation_indices(op.get_attr("reassociation"))[gid]
    st = op.src.type
    strides, _ = strides_offset(st)
    picked = []
    for d in group:
        if st.shape[d] == 1:  # unit dims' strides carry no information
            continue
        picked.append(orig_strides[d] if strides[d] == DYNAMIC else strides[d])
    if not picked:
        res_strides, _ = strides_offset(op.results[0].type)
        if res_strides[gid] == DYNAMIC:
            for d in group:
                if strides[d] == DYNAMIC:
                    return [orig_strides[d]]
        return [res_strides[gid]]
    return [composed_folded_min(rw, AffineMap.get_multi_dim_identity(len(picked)), picked,
                                op.loc)]


def _resolve_reshape(rw, op, sizes_fn, strides_fn):
    loc = op.loc
    src = op.src  # (expand_shape or collapse_shape)
    st = src.type
    md = create_extract_strided_metadata(rw, src, loc)
    base, md_off, md_sizes, md_strides = metadata_parts(md)
    _, src_off = strides_offset(st)
    off = md_off if src_off == DYNAMIC else src_off
    res_rank = len(op.results[0].type.shape)
    if not st.shape:
        return base, off, [1] * res_rank, [1] * res_rank
    sizes, strides = [], []
    for gid in range(len(op.get_attr("reassociation"))):
        sizes += sizes_fn(rw, op, md_sizes, gid)
        strides += strides_fn(rw, op, md_sizes, md_strides, gid)
    return base, off, sizes, strides


def _reshape_folder(sizes_fn, strides_fn):
    def rewrite(op, rw):
        base, off, sizes, strides = _resolve_reshape(rw, op, sizes_fn, strides_fn)
        new = create_reinterpret_cast(rw, op.results[0].type, base, off, sizes, strides,
                                      op.loc)
        rw.replace_op(op, new.results)
        return True
    return rewrite


def _metadata_of_collapse_shape(op, rw):
    cs = _defining(op.source, "memref.collapse_shape")
    if cs is None:
        return False
    parts = _resolve_reshape(rw, cs, _collapsed_size, _collapsed_stride)
    return _replace_metadata(rw, op, cs.loc, parts)


# ------------------------------------------------------------------ allocations and globals
def _metadata_of_alloc_like(name):
    def rewrite(op, rw):
        alloc = _defining(op.source, name)
        if alloc is None:
            return False
        t = alloc.results[0].type
        if t.layout is not None and not _is_identity(t):
            return False
        loc = op.loc
        dyn = iter(alloc.dynamicSizes)
        sizes = [next(dyn) if s == DYNAMIC else s for s in t.shape]
        rank = len(sizes)
        strides = [1] * rank
        expr = constant(1)
        for k, i in enumerate(range(rank - 2, -1, -1)):
            expr = expr * symbol(k)
            strides[i] = composed_folded_apply(rw, expr, sizes[i + 1:i + 2 + k], loc)
        base_res = op.results[0]
        bt = base_res.type
        if base_res.first_use is None:
            base = None
        elif t is bt:
            base = alloc.results[0]
        else:
            base = create_reinterpret_cast(rw, bt, alloc.results[0], 0, [], [], loc).results[0]
        vals = [base, value_of(rw, 0, loc)] + [value_of(rw, s, loc) for s in sizes] + \
            [value_of(rw, s, loc) for s in strides]
        rw.replace_op(op, vals)
        return True
    return rewrite


def _is_identity(t):
    from pyopt.ir.memref_layout import layout_is_identity
    return layout_is_identity(t)


def _metadata_of_get_global(op, rw):
    gg = _defining(op.source, "memref.get_global")
    if gg is None:
        return False
    t = gg.results[0].type
    if not _is_identity(t):
        return False
    loc = op.loc
    strides, running = [], 1
    for s in reversed(t.shape):
        strides.append(running)
        running *= s
    strides.reverse()
    bt = op.results[0].type
    base = gg.results[0] if t is bt else \
        create_reinterpret_cast(rw, bt, gg.results[0], 0, [], [], loc).results[0]
    vals = [base, value_of(rw, 0, loc)] + [value_of(rw, s, loc) for s in t.shape] + \
        [value_of(rw, s, loc) for s in strides]
    rw.replace_op(op, vals)
    return True


# ------------------------------------------------------------------ casts and chains
_VIEW_LIKE = frozenset({"memref.cast", "memref.extract_strided_metadata",
                        "memref.memory_space_cast", "memref.reinterpret_cast",
                        "memref.expand_shape", "memref.collapse_shape", "memref.reshape",
                        "memref.subview", "memref.view", "vector.type_cast"})


def _aligned_pointer_of_view(op, rw):
    d = op.source.defining_op()
    if d is None or d.name not in _VIEW_LIKE:
        return False
    src = d.operand(0)  # (the view source of each of these ops is its first operand)
    rw.modify_op_in_place(op, lambda: op.set_operand(0, src))
    return True


def _strided_source(v):
    """Can extract_strided_metadata's result types be inferred from `v` (a ranked memref)?"""
    return type(v.type) is MemRefType


def _metadata_of_reinterpret_cast(op, rw):
    rc = _defining(op.source, "memref.reinterpret_cast")
    if rc is None or not _strided_source(rc.source):
        return False
    loc = op.loc
    md = create_extract_strided_metadata(rw, rc.source, loc)
    off = rc.mixed_offsets[0]
    vals = [md.results[0], value_of(rw, off, loc)]
    sizes, strides = rc.mixed_sizes, rc.mixed_strides
    vals += [value_of(rw, x, loc) for x in sizes + strides]
    rw.replace_op(op, vals)
    return True


def _metadata_of_cast(op, rw):
    cast = _defining(op.source, "memref.cast")
    if cast is None or not _strided_source(cast.source):
        return False
    loc = op.loc
    t = op.source.type
    md = create_extract_strided_metadata(rw, cast.source, loc)
    _, md_off, md_sizes, md_strides = metadata_parts(md)
    strides, off = strides_offset(t)

    def pick(c, v):
        return v if c == DYNAMIC else c
    vals = [md.results[0], pick(off, md_off)]
    vals += [pick(c, v) for c, v in zip(t.shape, md_sizes)]
    vals += [pick(c, v) for c, v in zip(strides, md_strides)]
    rw.replace_op(op, [value_of(rw, x, loc) for x in vals])
    return True


def _metadata_of_metadata(op, rw):
    src = _defining(op.source, "memref.extract_strided_metadata")
    if src is None:
        return False
    rw.replace_op(op, [src.results[0], value_of(rw, 0, op.loc)])
    return True


_MD = "memref.extract_strided_metadata"
PATTERNS = [
    RewritePattern("memref.subview", 1, _subview_folder, "SubviewFolder"),
    RewritePattern("memref.expand_shape", 1,
                   _reshape_folder(_expanded_sizes, _expanded_strides), "ExpandShapeFolder"),
    RewritePattern("memref.collapse_shape", 1,
                   _reshape_folder(_collapsed_size, _collapsed_stride), "CollapseShapeFolder"),
    RewritePattern(_MD, 1, _metadata_of_alloc_like("memref.alloc"), "AllocFolder"),
    RewritePattern(_MD, 1, _metadata_of_alloc_like("memref.alloca"), "AllocaFolder"),
    RewritePattern(_MD, 1, _metadata_of_collapse_shape, "CollapseShapeMetadataFolder"),
    RewritePattern(_MD, 1, _metadata_of_get_global, "GetGlobalFolder"),
    RewritePattern("memref.extract_aligned_pointer_as_index", 1, _aligned_pointer_of_view,
                   "RewriteExtractAlignedPointerAsIndexOfViewLikeOp"),
    RewritePattern(_MD, 1, _metadata_of_reinterpret_cast, "ReinterpretCastFolder"),
    RewritePattern(_MD, 1, _metadata_of_subview, "SubviewMetadataFolder"),
    RewritePattern(_MD, 1, _metadata_of_cast, "CastFolder"),
    RewritePattern(_MD, 1, _metadata_of_metadata, "MetadataOfMetadataFolder"),
]


@register_pass("expand-strided-metadata",
               "Expand memref operations into easier to analyze constructs",
               display_name="ExpandStridedMetadata")
def expand_strided_metadata(op, ctx, options):
    # GreedyRewriteConfig's defaults: bottom-up worklist seeding
    apply_patterns_greedily(op, PATTERNS, ctx, GreedyConfig(top_down=False))
