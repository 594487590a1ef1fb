"""`linalg-fold-unit-extent-dims`: loops of a linalg.generic with a trip count of one (a dim
indexing a size-1 dimension) are dropped, and operand dimensions that are 1 and read at such a
loop (or at constant 0) are folded away (MLIR 19 DropUnitDims.cpp). The operands are
rank-reduced either with tensor/memref.collapse_shape and the results brought back with
tensor.expand_shape (the default), or, with `use-rank-reducing-slices`, with rank-reducing
extract_slice/subview and insert_slice. tensor.pad with unit dims not padded is reduced the same
way; with reshapes, extract_slice/insert_slice whose slice has unit dims become rank-reducing
slices plus a reshape. A generic left all-parallel that reads an init becomes one reading it
as an input and writing a fresh tensor.empty (MoveInitOperandsToInput).

The pass's pattern set also has the canonicalizations and shape-resolution patterns upstream
adds: fill folded through reshapes, extracts and copies; reshapes and slices of tensor.empty;
tensor.empty's own patterns; collapse/expand canonicalizations; and `dim` of a result
replaced by the size the producing op states for it (ReifyRankedShapedTypeOpInterface, for
linalg ops, tensor reshapes, pad, extract_slice, insert_slice and tensor.empty).

Those come from where they live: the reify models (pyopt/dialects/shaped_models.py,
pyopt/dialects/linalg/shapes.py) through resolve_shaped_dims' DimOfReifiedShape, the tensor
dialect's reshape builders and dim-of-reshape patterns (tensor/reshapes.py), its tensor.empty
folds (tensor/empty_folding.py, tensor.empty's canonicalization in tensor/canonicalize.py)
and getConstantPaddingValue (tensor/pad_canonicalize.py). Applied with the greedy driver's
default configuration, as upstream's applyPatternsAndFoldGreedily."""
from __future__ import annotations

from pyopt.ir.affine import AffineConstantExpr, AffineDimExpr, AffineMap, constant, dim
from pyopt.ir.attributes import DenseArrayAttr, IntegerAttr, StridedLayoutAttr
from pyopt.ir.opdef import segment_sizes
from pyopt.ir.types import DYNAMIC, I64, INDEX, MemRefType, RankedTensorType
from pyopt.pass_registry import PassOption, register_pass
from pyopt.rewrite import apply_patterns_greedily
from pyopt.rewrite.folding import create_or_fold
from pyopt.rewrite.matchers import constant_int
from pyopt.rewrite.pattern import RewritePattern
from passes.scf.common import default_greedy_config
from pyopt.interfaces.destination_style import (dps_inits, dps_inputs, has_pure_tensor_semantics,
                                                init_indices)
from pyopt.dialects.affine.builders import value_of
from pyopt.dialects.linalg.builders import create_generic
from pyopt.dialects.linalg.structured import (concat_maps, indexing_maps, inverse_permutation,
                                              iterator_types, operand_shape, payload)
from pyopt.dialects.shaped_models import mixed_size, mixed_sizes
from pyopt.dialects.tensor.pad_canonicalize import constant_padding_value
from pyopt.dialects.tensor.slice_canonicalize import (canonical_rank_reduced_type,
                                                      create_extract_slice, create_insert_slice,
                                                      slice_properties)
from pyopt.dialects.tensor.empty_folding import create_empty, fold_tensor_empty_patterns
from pyopt.dialects.tensor.reshapes import (FoldDimOfCollapseShape, FoldDimOfExpandShape,
                                            create_collapse_shape, create_expand_shape)

RESHAPE, SLICES = "reshape", "slices"


# ---------------------------------------------------------------------------- small builders
def _cst(rw, value, loc):
    return value_of(rw, value, loc)


def _split(mixed):
    """(static list with DYNAMIC for values, the values)."""
    return ([m if isinstance(m, int) else DYNAMIC for m in mixed],
            [m for m in mixed if not isinstance(m, int)])


def _pad_amounts(mixed):
    """getMixedLowPad / getMixedHighPad: constant Values read as ints (getAsOpFoldResult)."""
    out = []
    for x in mixed:
        c = x if isinstance(x, int) else constant_int(x)
        out.append(x if c is None else c)
    return out


def _extract_slice(rw, rt, src, offsets, sizes, strides, loc, fold=False):
    if fold:
        props, dyn = slice_properties(offsets, sizes, strides, 1)
        return create_or_fold(rw, "tensor.extract_slice", [src] + dyn, [rt], loc, props)[0]
    return create_extract_slice(rw, rt, src, offsets, sizes, strides, loc)


def _insert_slice(rw, name, src, dest, offsets, sizes, strides, loc, fold=False):
    if fold:
        props, dyn = slice_properties(offsets, sizes, strides, 2)
        rts = [dest.type] if name == "tensor.insert_slice" else []
        return create_or_fold(rw, name, [src, dest] + dyn, rts, loc, props)
    return create_insert_slice(rw, name, src, dest, offsets, sizes, strides, loc)


def _expand_inferred(rw, v, rt, groups, loc):
    """ExpandShapeOp::build without an output shape (inferred from the source's sizes)."""
    return create_expand_shape(rw, rt, v, groups, loc)


# ---------------------------------------------------------------------------- rank reduction
def _subview_type(src, offsets, sizes, strides, target_shape):
    """SubViewOp::inferRankReducedResultType (static values, DYNAMIC for the others)."""
    from pyopt.dialects.memref.views import rank_reduction_mask, subview_result_type
    full = subview_result_type(src, offsets, sizes, strides)
    if len(target_shape) == len(full.shape):
        return full
    dropped = rank_reduction_mask(list(full.shape), list(target_shape))
    lay = full.layout
    return MemRefType(list(target_shape), src.element_type,
                      StridedLayoutAttr(lay.offset, [s for i, s in enumerate(lay.strides)
                                                     if i not in dropped]), src.memory_space)


def _rank_reduce_slice(rw, v, target_shape, loc):
    """ExtractSliceOp / SubViewOp::rankReduceIfNeeded: a zero-offset, full-size, unit-stride
    rank-reducing slice of `v` with shape `target_shape`."""
    t = v.type
    if list(t.shape) == list(target_shape):
        return v
    rank = len(t.shape)
    offsets, strides = [0] * rank, [1] * rank
    sizes = mixed_sizes(rw, v, loc)
    if isinstance(t, MemRefType):
        static, _ = _split(sizes)
        rt = _subview_type(t, offsets, static, strides, target_shape)
        props, dyn = slice_properties(offsets, sizes, strides, 1)
        return create_or_fold(rw, "memref.subview", [v] + dyn, [rt], loc, props)[0]
    rt = RankedTensorType(list(target_shape), t.element_type, t.encoding) \
        if t.encoding is not None else RankedTensorType(list(target_shape), t.element_type)
    return _extract_slice(rw, rt, v, offsets, sizes, strides, loc, fold=True)


def collapse_value(rw, v, target_shape, groups, strategy, loc):
    t = v.type
    if strategy == SLICES:
        return _rank_reduce_slice(rw, v, target_shape, loc)
    if isinstance(t, MemRefType):
        rt = MemRefType(list(target_shape), t.element_type, None, t.memory_space)
    else:
        rt = RankedTensorType(list(target_shape), t.element_type)
    return create_collapse_shape(rw, v, groups, loc, rt)


def expand_value(rw, result, orig_dest, groups, strategy, loc):
    t = orig_dest.type
    if strategy == SLICES:
        rank = len(t.shape)
        sizes = mixed_sizes(rw, orig_dest, loc)
        return _insert_slice(rw, "tensor.insert_slice", result, orig_dest, [0] * rank, sizes,
                             [1] * rank, loc, fold=True)[0]
    return _expand_inferred(rw, result, t, groups, loc)


# ---------------------------------------------------------------------------- DropUnitDims
def _collapsible(v):
    t = v.type
    if type(t) is MemRefType:
        return t.layout is None or _identity_layout(t)
    if type(t) is RankedTensorType:
        return t.encoding is None
    return False


def _identity_layout(t):
    lay = t.layout
    if lay is None:
        return True
    m = getattr(lay, "value", None)
    return isinstance(m, AffineMap) and m.is_identity()


def _operand_metadata(m, shape, old_to_new, repl):
    """dropUnitExtentFromOperandMetadata: (new map, reassociation, target shape)."""
    exprs = m.results

    def is_unit(i):
        e = exprs[i]
        if type(e) is AffineDimExpr:
            return e.position not in old_to_new and shape[i] == 1
        return shape[i] == 1 and type(e) is AffineConstantExpr and e.value == 0

    groups, group, new_exprs, target = [], [], [], []
    i, n = 0, len(shape)
    while i < n and is_unit(i):
        group.append(i)
        i += 1
    while i < n:
        group.append(i)
        new_exprs.append(exprs[i].replace_dims(repl))
        target.append(shape[i])
        i += 1
        while i < n and is_unit(i):
            group.append(i)
            i += 1
        groups.append(group)
        group = []
    return AffineMap.get(len(old_to_new), m.num_symbols, new_exprs), groups, target


def _replace_unit_dim_index_ops(rw, body, unit_dims):
    for op in [o for o in body if o.name == "linalg.index"]:
        d = op.get_attr("dim").value
        rw.set_insertion_point(op)
        if d in unit_dims:
            rw.replace_op(op, [_cst(rw, 0, op.loc)])
            continue
        dropped = sum(1 for u in unit_dims if u < d)
        if dropped:
            new = rw.create("linalg.index", [], [INDEX],
                            properties={"dim": IntegerAttr(I64, d - dropped)}, loc=op.loc)
            rw.replace_op(op, list(new.results))


def drop_unit_dims(rw, op, strategy):
    maps = indexing_maps(op)
    if not maps:
        return False
    inv = inverse_permutation(concat_maps(maps))
    if inv is None:
        return rw.notify_match_failure(op, "invalid indexing maps for operation")
    sizes = []
    for v in op.operands:
        sizes.extend(operand_shape(v))
    iters = iterator_types(op)
    unit_dims = set()
    for i, e in enumerate(inv.results):
        if type(e) is AffineDimExpr and sizes[e.position] == 1:
            unit_dims.add(i)
    new_iters, old_to_new, repl = [], {}, []
    for i, it in enumerate(iters):
        if i in unit_dims:
            repl.append(constant(0))
        else:
            new_iters.append(it)
            old_to_new[i] = len(old_to_new)
            repl.append(dim(old_to_new[i]))
    new_maps, groups, targets, collapsed = [], [], [], []
    for v, m in zip(op.operands, maps):
        shape = operand_shape(v)
        if not _collapsible(v):
            new_maps.append(m.replace_dims_and_symbols(repl, [], len(old_to_new), 0))
            targets.append(shape)
            collapsed.append(False)
            groups.append([])
            continue
        nm, g, target = _operand_metadata(m, shape, old_to_new, repl)
        new_maps.append(nm)
        groups.append(g)
        targets.append(target)
        collapsed.append(nm.num_results != m.num_results)
    if new_maps == list(maps) or inverse_permutation(concat_maps(new_maps)) is None:
        return False
    loc = op.loc
    rw.set_insertion_point(op)
    new_operands = []
    for k, v in enumerate(op.operands):
        new_operands.append(collapse_value(rw, v, targets[k], groups[k], strategy, loc)
                            if collapsed[k] else v)
    inits = init_indices(op)
    n_in = len(op.operands) - len(inits)
    ins, outs = new_operands[:n_in], new_operands[n_in:]
    result_types = [outs[i].type for i in range(len(op.results))]
    new = create_generic(rw, ins, outs, new_maps, new_iters, result_types, loc)
    rw.inline_region_before(op.regions[0], new.regions[0])
    _replace_unit_dim_index_ops(rw, payload(new), unit_dims)
    rw.set_insertion_point_after(new)
    out = []
    for i, r in enumerate(new.results):
        k = n_in + i
        if not collapsed[k]:
            out.append(r)
            continue
        out.append(expand_value(rw, r, op.operand(k), groups[k], strategy, loc))
    rw.replace_op(op, out)
    return True


class DropUnitDims(RewritePattern):
    def __init__(self, strategy):
        super().__init__("linalg.generic")
        self.strategy = strategy

    def match_and_rewrite(self, op, rw):
        return drop_unit_dims(rw, op, self.strategy)


# ---------------------------------------------------------------------------- tensor.pad
def _create_pad(rw, src, low, high, pad_value, nofold, loc):
    from pyopt.dialects.tensor.ops import pad_result_type
    from pyopt.ir.core import Block
    from pyopt.rewrite.rewriter import Builder
    sl, dl = _split(low)
    sh, dh = _split(high)
    rt = pad_result_type(src.type, sl, sh)
    props = {"static_low": DenseArrayAttr(I64, sl), "static_high": DenseArrayAttr(I64, sh),
             "operandSegmentSizes": segment_sizes([1, len(dl), len(dh)])}
    if nofold is not None:
        props["nofold"] = nofold
    op = rw.create("tensor.pad", [src] + dl + dh, [rt], properties=props, regions=1, loc=loc)
    block = Block([INDEX] * len(src.type.shape))
    op.regions[0].append(block)
    b = Builder(rw.ctx)
    b.set_insertion_point_to_end(block)
    b.create("tensor.yield", [pad_value], [], loc=loc)
    return op


class DropPadUnitDims(RewritePattern):
    def __init__(self, strategy):
        super().__init__("tensor.pad")
        self.strategy = strategy

    def match_and_rewrite(self, pad, rw):
        st = pad.source.type
        if st.encoding is not None:
            return rw.notify_match_failure(pad, "cannot collapse dims of tensor with encoding")
        pad_value = constant_padding_value(pad)
        if pad_value is None:
            return rw.notify_match_failure(pad, "unimplemented: non-constant padding value")
        low, high = _pad_amounts(pad.mixed_low), _pad_amounts(pad.mixed_high)

        rank = len(st.shape)
        unit, new_shape, new_low, new_high = set(), [], [], []
        for d, (s, lo, hi) in enumerate(zip(st.shape, low, high)):
            if s == 1 and lo == 0 and hi == 0:
                unit.add(d)
            else:
                new_shape.append(s)
                new_low.append(lo)
                new_high.append(hi)
        if not unit:
            return rw.notify_match_failure(pad, "no unit dims to collapse")
        groups, group, d = [], [], 0
        while d < rank and d in unit:
            group.append(d)
            d += 1
        while d < rank:
            group.append(d)
            d += 1
            while d < rank and d in unit:
                group.append(d)
                d += 1
            groups.append(group)
            group = []
        loc = pad.loc
        rw.set_insertion_point(pad)
        src = collapse_value(rw, pad.source, new_shape, groups, self.strategy, loc)
        new = _create_pad(rw, src, new_low, new_high, pad_value, pad.get_attr("nofold"), loc)
        dest = pad.results[0]
        if self.strategy == SLICES:
            sizes, n_unit = [], 0
            for d in range(rank):
                if d in unit:
                    sizes.append(1)
                    n_unit += 1
                    continue
                sizes.append(mixed_size(rw, new.results[0], d - n_unit, loc))
            dest = create_empty(rw, sizes, pad.results[0].type.element_type, loc)
        rw.replace_op(pad, [expand_value(rw, new.results[0], dest, groups, self.strategy, loc)])
        return True


# ---------------------------------------------------------------------------- slices
def folding_unit_dims_reassociation(sizes):
    """getReassociationMapForFoldingUnitDims."""
    groups, cur = [], []
    for i, s in enumerate(sizes):
        cur.append(i)
        if s == 1:
            continue
        groups.append(cur)
        cur = []
    if cur and groups:
        groups[-1].extend(cur)
    return groups


class RankReducedExtractSliceOp(RewritePattern):
    def __init__(self):
        super().__init__("tensor.extract_slice")

    def match_and_rewrite(self, op, rw):
        rt = op.results[0].type
        groups = folding_unit_dims_reassociation(list(rt.shape))
        if len(groups) == len(rt.shape):
            return False
        offsets, sizes, strides = op.mixed_offsets, op.mixed_sizes, op.mixed_strides
        static_sizes, _ = _split(sizes)
        nt = canonical_rank_reduced_type(len(groups), op.source.type, static_sizes)
        rw.set_insertion_point(op)
        s = _extract_slice(rw, nt, op.source, offsets, sizes, strides, op.loc)
        rw.replace_op(op, [_expand_inferred(rw, s, rt, groups, op.loc)])
        return True


class RankReducedInsertSliceOp(RewritePattern):
    def match_and_rewrite(self, op, rw):
        st = op.source.type
        groups = folding_unit_dims_reassociation(list(st.shape))
        if len(groups) == len(st.shape):
            return False
        offsets, sizes, strides = op.mixed_offsets, op.mixed_sizes, op.mixed_strides
        shape = []
        for g in groups:
            n = 1
            for d in g:
                n = DYNAMIC if DYNAMIC in (n, st.shape[d]) else n * st.shape[d]
            shape.append(n)
        if op.name == "tensor.parallel_insert_slice":
            rw.set_insertion_point(op.parent_op)
        else:
            rw.set_insertion_point(op)
        src = create_collapse_shape(rw, op.source, groups, op.loc,
                                    RankedTensorType(shape, st.element_type))
        rw.set_insertion_point(op)
        new = _insert_slice(rw, op.name, src, op.dest, offsets, sizes, strides, op.loc)
        rw.replace_op(op, list(new.results))
        return True


# ---------------------------------------------------------------------------- init to input
class MoveInitOperandsToInput(RewritePattern):
    def __init__(self):
        super().__init__("linalg.generic")

    def match_and_rewrite(self, op, rw):
        if not has_pure_tensor_semantics(op):
            return False
        if any(t != "parallel" for t in iterator_types(op)):
            return False
        body = payload(op)
        inits = init_indices(op)
        cands = [i for i in inits if body.args[i].first_use is not None]
        if not cands:
            return False
        maps = indexing_maps(op)
        n_in = len(op.operands) - len(inits)
        new_ins = list(dps_inputs(op)) + [op.operand(i) for i in cands]
        new_maps = maps[:n_in] + [maps[i] for i in cands] + maps[n_in:]
        loc = op.loc
        new_outs = list(dps_inits(op))
        for i in cands:
            v = op.operand(i)
            ip = rw.save()
            d = v.defining_op() if hasattr(v, "defining_op") else None
            if d is not None:
                rw.set_insertion_point_after(d)
            else:
                rw.set_insertion_point_to_start(v.owner)
            sizes = mixed_sizes(rw, v, loc)
            new_outs[inits.index(i)] = create_empty(rw, sizes, v.type.element_type, loc)
            rw.restore(ip)
        rw.set_insertion_point(op)
        new = create_generic(rw, new_ins, new_outs, new_maps, iterator_types(op),
                             [r.type for r in op.results], loc,
                             attributes=_pruned_attrs(op))
        block = rw.create_block(new.regions[0],
                                [body.args[i].type for i in range(n_in)] +
                                [body.args[i].type for i in cands] +
                                [body.args[i].type for i in inits])
        mapping = {}
        for i in range(n_in):
            mapping[body.args[i]] = block.args[i]
        for k, i in enumerate(cands):
            mapping[body.args[i]] = block.args[n_in + k]
        for k, i in enumerate(inits):
            if i not in cands:
                mapping[body.args[i]] = block.args[n_in + len(cands) + k]
        rw.set_insertion_point_to_end(block)
        for o in list(body):
            rw.clone(o, mapping)
        rw.replace_op(op, list(new.results))
        return True


def _pruned_attrs(op):
    """getPrunedAttributeList: the discardable attributes (linalg's own ones dropped)."""
    return {k: v for k, v in op.attributes.items() if k != "linalg.memoized_indexing_maps"}


# ---------------------------------------------------------------------------- the pass
def _canonicalizations(ctx, names):
    from pyopt.rewrite.pattern import canonicalization_patterns
    ps = canonicalization_patterns(ctx, names)
    out = []
    for v in ps.by_root.values():
        out.extend(v)
    out.extend(ps.generic)
    return out


def _fill_patterns():
    from pyopt.dialects.linalg.canonicalize import (FoldFillWithCopy, FoldFillWithTensorExtract,
                                                    FoldFillWithTensorReshape)
    return [FoldFillWithCopy(), FoldFillWithTensorExtract(),
            FoldFillWithTensorReshape("tensor.collapse_shape"),
            FoldFillWithTensorReshape("tensor.expand_shape")]


def _empty_patterns(ctx):
    """tensor::EmptyOp::getCanonicalizationPatterns."""
    from pyopt.dialects.tensor.canonicalize import empty_op_patterns
    return empty_op_patterns()


def _resolve_dims_patterns():
    from passes.transforms.resolve_shaped_dims import DimOfReifiedShape
    return [DimOfReifiedShape("memref.dim"), DimOfReifiedShape("tensor.dim")]


def _dedupe(pats):
    seen, out = set(), []
    for p in pats:
        key = (type(p), p.root, getattr(p, "_fn", None))
        if key in seen:
            continue
        seen.add(key)
        out.append(p)
    return out


def fold_unit_extent_dims_patterns(ctx, strategy):
    pats = [DropUnitDims(strategy), DropPadUnitDims(strategy)]
    if strategy == RESHAPE:
        pats += [RankReducedExtractSliceOp(),
                 RankReducedInsertSliceOp("tensor.insert_slice"),
                 RankReducedInsertSliceOp("tensor.parallel_insert_slice")]
    pats += _fill_patterns()
    if strategy == RESHAPE:
        pats += _canonicalizations(ctx, {"tensor.collapse_shape"})
    pats += _empty_patterns(ctx)
    if strategy == RESHAPE:
        pats += _canonicalizations(ctx, {"tensor.expand_shape"})
        pats += [FoldDimOfExpandShape(), FoldDimOfCollapseShape()]
    pats += fold_tensor_empty_patterns()
    pats += _resolve_dims_patterns()
    return _dedupe(pats)


@register_pass("linalg-fold-unit-extent-dims", "Remove unit-extent dimension in Linalg ops on "
               "tensors", display_name="LinalgFoldUnitExtentDimsPass",
               options=[PassOption("use-rank-reducing-slices", bool, False,
                                   "Generate rank-reducing slices instead of reassociative "
                                   "reshapes")])
def linalg_fold_unit_extent_dims(op, ctx, options):
    strategy = SLICES if options["use-rank-reducing-slices"] else RESHAPE
    pats = fold_unit_extent_dims_patterns(ctx, strategy) + [MoveInitOperandsToInput()]
    apply_patterns_greedily(op, pats, ctx, default_greedy_config())
