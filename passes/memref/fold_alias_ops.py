"""`fold-memref-alias-ops`: loads and stores (memref, affine, vector) through a memref.subview,
expand_shape or collapse_shape access the alias's source instead, with the source indices
computed by composed affine.apply ops; subview(subview(x)) with unit strides becomes one
subview of x (MLIR 19's FoldMemRefAliasOps). gpu/nvgpu accesses are not modelled here."""
from __future__ import annotations

from pyopt.ir.affine import AffineMap, constant, dim, symbol
from pyopt.ir.attributes import AffineMapAttr, DenseArrayAttr
from pyopt.ir.opdef import segment_sizes
from pyopt.ir.types import DYNAMIC, INDEX, I64
from pyopt.pass_registry import register_pass
from pyopt.rewrite import GreedyConfig, apply_patterns_greedily
from pyopt.rewrite.folding import create_or_fold
from pyopt.rewrite.pattern import RewritePattern
from pyopt.dialects.affine.builders import composed_folded_apply, value_of
from pyopt.dialects.memref.common import reassociation_indices
from pyopt.dialects.memref.views import memref_rank_reduction_mask
from passes.memref.common import operand_group, dispatch
from pyopt.rewrite.matchers import constant_int as _const_int  # noqa: F401

# op -> (memref operand group, indices operand group, kind)
_ACCESSES = {
    "memref.load": (0, 1, "memref"), "memref.store": (1, 2, "memref"),
    "affine.load": (0, 1, "affine"), "affine.store": (1, 2, "affine"),
    "vector.load": (0, 1, "vector"), "vector.store": (1, 2, "vector"),
    "vector.maskedload": (0, 1, "masked"), "vector.maskedstore": (0, 1, "masked"),
    "vector.transfer_read": (0, 1, "transfer"), "vector.transfer_write": (1, 2, "transfer"),
}
_SHAPE_FOLDABLE = {"memref", "affine", "vector", "masked"}  # expand/collapse_shape folders


def _as_ofr(v):
    """getAsOpFoldResult: constants as ints."""
    c = _const_int(v)
    return v if c is None else c


def _has_unit_stride(sv):
    return all(_const_int(s) == 1 for s in sv.mixed_strides)


def _dropped_dims(sv):
    sizes = sv.mixed_sizes
    st = [x if isinstance(x, int) else DYNAMIC for x in sizes]
    return memref_rank_reduction_mask(sv.source.type, sv.result.type, st) or set()


def _resolve_into_offsets_strides(rw, loc, offsets, strides, dropped, indices):
    """resolveIndicesIntoOpWithOffsetsAndStrides: offset + index * stride per source dim (0
    for dropped dims)."""
    it = iter(indices)
    out = []
    for d, (off, stride) in enumerate(zip(offsets, strides)):
        idx = 0 if d in dropped else next(it)
        r = composed_folded_apply(rw, AffineMap(0, 3, [symbol(0) + symbol(1) * symbol(2)]),
                                  [off, idx, stride], loc)
        out.append(value_of(rw, r, loc))
    return out


def _expanded_access_indices(rw, op, indices):
    """The actual indices of an affine access: its map applied to its operands."""
    m = op.get_attr("map").value
    return [value_of(rw, composed_folded_apply(rw, m.get_sub_map([i]), indices, op.loc),
                     op.loc) for i in range(len(m.results))]


def _rebuild(rw, op, memref_group, index_group, source, indices, props):
    groups = [operand_group(op, i) for i in range(len(op.opdef.operands))]
    groups[memref_group] = [source]
    groups[index_group] = list(indices)
    if "operandSegmentSizes" in op.properties:
        props["operandSegmentSizes"] = segment_sizes([len(g) for g in groups])
    operands = [v for g in groups for v in g]
    new = rw.create(op.name, operands, [r.type for r in op.results], properties=props,
                    loc=op.loc)
    rw.replace_op(op, new.results)
    return True


def _props(op, kind, via_subview, dropped=None, src_rank=0):
    p = op.properties
    if kind == "affine":
        return {}  # the map is set by the caller
    if kind == "memref":
        return {"nontemporal": p["nontemporal"]} if "nontemporal" in p else {}
    if kind == "vector":
        if via_subview:
            return {}
        return {"nontemporal": p["nontemporal"]} if "nontemporal" in p else {}
    if kind == "masked":
        return {}
    # transfer ops: permutation map re-expressed over the source's dims
    perm = p["permutation_map"].value
    keep = [d for d in range(src_rank) if d not in dropped]
    proj = AffineMap(src_rank, 0, [dim(d) for d in keep])
    out = dict(p)
    out["permutation_map"] = AffineMapAttr(perm.compose(proj))
    return out


def _out_of_bounds(op):
    perm = op.get_attr("permutation_map").value
    in_bounds = op.get_attr("in_bounds")
    for i, e in enumerate(perm.results):
        if e.kind.name == "CONSTANT" and e.value == 0:
            continue
        if not in_bounds[i].value:
            return True
    return False


def _finish(rw, op, mg, ig, kind, source, indices, props):
    if kind == "affine":
        rank = len(indices)
        props = {"map": AffineMapAttr(AffineMap.get_multi_dim_identity(rank)
                                      if rank else AffineMap(0, 0, []))}
    return _rebuild(rw, op, mg, ig, source, indices, props)


def _fold_subview_access(op, rw):
    mg, ig, kind = _ACCESSES[op.name]
    sv = operand_group(op, mg)[0].defining_op()
    if sv is None or sv.name != "memref.subview":
        return False
    if kind == "transfer" and (_out_of_bounds(op) or not _has_unit_stride(sv)):
        return False
    indices = operand_group(op, ig)
    if kind == "affine":
        indices = _expanded_access_indices(rw, op, indices)
    dropped = _dropped_dims(sv)
    src = sv.source
    new_idx = _resolve_into_offsets_strides(rw, op.loc, sv.mixed_offsets,
                                            sv.mixed_strides, dropped, indices)
    props = _props(op, kind, True, dropped, len(src.type.shape))
    return _finish(rw, op, mg, ig, kind, src, new_idx, props)


# ------------------------------------------------------------------ expand_shape
def _expand_output_shape(rw, loc, es, src_shape):
    """inferExpandShapeOutputShape (ints static, Values dynamic); None if not inferable."""
    rt = es.results[0].type
    if not src_shape:
        return [1] * len(rt.shape)
    if DYNAMIC not in rt.shape:
        return list(rt.shape)
    out = list(rt.shape)
    for gi, group in enumerate(reassociation_indices(es.get_attr("reassociation"))):
        prod, dyn = 1, None
        for d in group:
            if rt.shape[d] == DYNAMIC:
                if dyn is not None:
                    return None
                dyn = d
            else:
                prod *= rt.shape[d]
        if dyn is None:
            continue
        c = value_of(rw, prod, loc)
        out[dyn] = create_or_fold(rw, "arith.divui", [src_shape[gi], c], [INDEX], loc)[0]
    return out


def _expand_source_indices(rw, loc, es, indices):
    src = es.src
    st = src.type
    src_shape = []
    for i, s in enumerate(st.shape):
        if s == DYNAMIC:
            c = value_of(rw, i, loc)
            src_shape.append(rw.create("memref.dim", [src, c], [INDEX], loc=loc).results[0])
        else:
            src_shape.append(s)
    out_shape = _expand_output_shape(rw, loc, es, src_shape)
    if out_shape is None:
        return None
    result = []
    for group in reassociation_indices(es.get_attr("reassociation")):
        n = len(group)
        sizes = [out_shape[d] for d in group]
        suffix = [1] * n
        for r in range(n - 1, 0, -1):
            suffix[r - 1] = composed_folded_apply(rw, symbol(0) * symbol(1),
                                                  [suffix[r], sizes[r]], loc)
        expr = constant(0)
        for i in range(n):
            expr = expr + dim(i) * symbol(i)
        r = composed_folded_apply(rw, AffineMap(n, n, [expr]),
                                  suffix + [indices[d] for d in group], loc)
        result.append(value_of(rw, r, loc))
    return result


# ------------------------------------------------------------------ collapse_shape
def _collapse_source_indices(rw, loc, cs, indices):
    src_shape = cs.src.type.shape
    groups = reassociation_indices(cs.get_attr("reassociation"))
    result = []
    for gi, group in enumerate(groups):
        n = len(group)
        sizes = [1] * n
        for i in range(1, n):
            sizes[i] = src_shape[group[i]]
            if sizes[i] == DYNAMIC:
                return None
        strides = [1] * n
        for r in range(n - 2, -1, -1):
            strides[r] = strides[r + 1] * sizes[r + 1]
        lin = dim(0)
        for i in range(n):
            e = lin.floordiv(strides[i])
            lin = lin % strides[i]
            r = composed_folded_apply(rw, AffineMap(1, 0, [e]), [indices[gi]], loc)
            result.append(value_of(rw, r, loc))
    if not groups:
        for _ in src_shape:
            r = composed_folded_apply(rw, AffineMap(0, 0, [constant(0)]), [], loc)
            result.append(value_of(rw, r, loc))
    return result


def _fold_reshape_access(op, rw):
    mg, ig, kind = _ACCESSES[op.name]
    if kind not in _SHAPE_FOLDABLE:
        return False
    view = operand_group(op, mg)[0].defining_op()
    if view is None or view.name not in ("memref.expand_shape", "memref.collapse_shape"):
        return False
    indices = operand_group(op, ig)
    if kind == "affine":
        indices = _expanded_access_indices(rw, op, indices)
    resolve = _expand_source_indices if view.name == "memref.expand_shape" \
        else _collapse_source_indices
    new_idx = resolve(rw, op.loc, view, indices)
    if new_idx is None:
        return False
    return _finish(rw, op, mg, ig, kind, view.src, new_idx, _props(op, kind, False))


# ------------------------------------------------------------------ subview of subview
def _subview_of_subview(op, rw):
    src_sv = op.source.defining_op()
    if src_sv is None or src_sv.name != "memref.subview":
        return False
    if not _has_unit_stride(op) or not _has_unit_stride(src_sv):
        return False
    dropped = _dropped_dims(src_sv)
    src_sizes, sizes = src_sv.mixed_sizes, op.mixed_sizes
    it = iter(sizes)
    resolved_sizes = [src_sizes[d] if d in dropped else next(it)
                      for d in range(len(src_sizes))]
    src_strides = src_sv.mixed_strides
    offsets = _resolve_into_offsets_strides(rw, op.loc, src_sv.mixed_offsets,
                                            src_strides, dropped, op.mixed_offsets)
    operands, counts, props = [src_sv.source], [1], {}
    for name, lst in (("static_offsets", [_as_ofr(v) for v in offsets]),
                      ("static_sizes", resolved_sizes), ("static_strides", src_strides)):
        st, dyn = dispatch(lst)
        operands += dyn
        counts.append(len(dyn))
        props[name] = DenseArrayAttr(I64, st)
    props["operandSegmentSizes"] = segment_sizes(counts)
    new = rw.create("memref.subview", operands, [op.results[0].type], properties=props,
                    loc=op.loc)
    rw.replace_op(op, new.results)
    return True


PATTERNS = [RewritePattern(name, 1, _fold_subview_access, "LoadStoreOfSubViewFolder")
            for name in _ACCESSES]
PATTERNS += [RewritePattern(name, 1, _fold_reshape_access, "LoadStoreOfReshapeFolder")
             for name in _ACCESSES]
PATTERNS.append(RewritePattern("memref.subview", 1, _subview_of_subview,
                               "SubViewOfSubViewFolder"))


@register_pass("fold-memref-alias-ops", "Fold memref alias ops into consumer load/store ops",
               display_name="FoldMemRefAliasOps")
def fold_memref_alias_ops(op, ctx, options):
    # GreedyRewriteConfig's defaults: bottom-up worklist seeding
    apply_patterns_greedily(op, PATTERNS, ctx, GreedyConfig(top_down=False))
