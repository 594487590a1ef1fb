"""Fusing tensor.expand_shape / tensor.collapse_shape with linalg ops (MLIR 19
ElementwiseOpFusion.cpp):

- by expansion: a collapse_shape feeding a structured op, or an expand_shape of its result,
  disappears when the op's loops are split to match the expanded shape (the other operands get
  expand_shapes, the results a collapse_shape back); also tensor.pad of a collapse_shape;
- by collapsing: an expand_shape feeding a linalg.generic disappears when the loops it splits
  can be merged (the other operands get collapse_shapes, the results an expand_shape back);
  also tensor.pad of an expand_shape;
- collapse_op_iteration_dims: merging given groups of loops of a generic or copy
  (CollapseLinalgDimensions).

Control functions take the fused OpOperand (an operand slot) and say whether to fuse. The
shape-inferring reshape builders are pyopt/dialects/tensor/reshapes.py's."""
from __future__ import annotations

from pyopt.ir.affine import AffineMap, dim
from pyopt.ir.attributes import DenseArrayAttr, IntegerAttr
from pyopt.ir.core import Value
from pyopt.ir.types import (DYNAMIC, I64, INDEX, MemRefType, RankedTensorType)
from pyopt.rewrite.matchers import constant_attr, defining
from pyopt.rewrite.pattern import RewritePattern
from pyopt.interfaces.destination_style import (has_pure_buffer_semantics,
                                                has_pure_tensor_semantics, init_indices)
from pyopt.dialects.linalg.builders import create_generic
from pyopt.dialects.linalg.shapes import loop_sizes
from pyopt.dialects.linalg.structured import (indexing_maps, is_linalg_op, iterator_types,
                                              payload, static_loop_ranges)
from pyopt.dialects.tensor.reshapes import (create_collapse_shape, create_expand_shape,
                                            create_or_fold_dim, index_constant,
                                            mixed_output_shape, reassociation_attr,
                                            reassociation_of)
from pyopt.dialects.linalg.builders import add_entry_block


# ---------------------------------------------------------------------------- helpers
def reshape_shapes_compatible(collapsed, expanded, groups):
    """reshapeLikeShapesAreCompatible."""
    start = 0
    for k, g in enumerate(groups):
        part = expanded[start:start + len(g)]
        if DYNAMIC in part:
            if collapsed[k] != DYNAMIC:
                return False
        else:
            n = 1
            for s in part:
                n *= s
            if collapsed[k] != n:
                return False
        start += len(g)
    return True


def has_index_semantics(op):
    return any(o.name == "linalg.index" for o in payload(op))


def linalg_op_names(ctx):
    return [n for n, d in ctx.ops.items() if is_linalg_op_def(d)]


def is_linalg_op_def(d):
    return "LinalgStructuredInterface" in d.extra


def input_indices(op):
    inits = set(init_indices(op))
    return [i for i in range(len(op.operand_slots)) if i not in inits]


def slot_of(op, value):
    """The operand slot (OpOperand) of `op` holding `value` (the first one)."""
    return next(s for s in op.operand_slots if s.value is value)


def tied_init_index(op, k):
    """The operand index of the init tied to result k."""
    return init_indices(op)[k]


# ---------------------------------------------------------------------------- expansion
def is_fusable_by_expansion(op, index):
    """isFusableWithReshapeByDimExpansion."""
    maps = indexing_maps(op)
    iters = iterator_types(op)
    m = maps[index]
    return (has_pure_tensor_semantics(op) and all(x.is_projected_permutation() for x in maps)
            and m.num_results > 0
            and all(iters[e.position] == "parallel" for e in m.results))


class ExpansionInfo:
    """How each loop of the op splits: `reassociation[i]` the expanded loops of loop i,
    `shapes[i]` their static sizes."""

    def __init__(self, op, index, groups, expanded_shape):
        m = indexing_maps(op)[index]
        extents = static_loop_ranges(op)
        n = m.num_dims
        counts = [1] * n
        self.shapes = [None] * n
        for k, e in enumerate(m.results):
            g = groups[k]
            counts[e.position] = len(g)
            self.shapes[e.position] = list(expanded_shape[g[0]:g[0] + len(g)])
        for i in range(n):
            if not self.shapes[i]:
                self.shapes[i] = [extents[i]]
        self.reassociation = []
        total = 0
        for c in counts:
            self.reassociation.append(list(range(total, total + c)))
            total += c
        self.num_dims = total

    def expanded_map(self, m):
        exprs = [dim(j) for e in m.results for j in self.reassociation[e.position]]
        return AffineMap.get(self.num_dims, m.num_symbols, exprs)

    def expanded_type(self, t, m):
        shape = [s for e in m.results for s in self.shapes[e.position]]
        return RankedTensorType(shape, t.element_type)

    def operand_reassociation(self, m):
        out, n = [], 0
        for e in m.results:
            c = len(self.reassociation[e.position])
            out.append(list(range(n, n + c)))
            n += c
        return out


def _expansion_is_valid(op, info, rw):
    """validateDynamicDimExpansion and isLinalgOpExpandable."""
    for shape in info.shapes:
        if len(shape) > 1 and shape.count(DYNAMIC) > 1:
            return rw.notify_match_failure(op, "cannot infer expanded shape with multiple "
                                               "dynamic dims in the same reassociation group")
    if has_index_semantics(op):
        for shape in info.shapes:
            if len(shape) > 1 and DYNAMIC in shape[1:]:
                return rw.notify_match_failure(op, "cannot expand due to index semantics and "
                                                   "dynamic dims")
    return True


def _update_expanded_indices(rw, loc, block, info):
    """updateExpandedGenericOpRegion: each linalg.index of a split loop becomes the
    linearization of the indices of its expanded loops."""
    for idx in [o for o in block if o.name == "linalg.index"]:
        d = idx.properties["dim"].value
        dims = info.reassociation[d]
        if len(dims) == 1 and dims[0] == d:
            continue
        ip = rw.save()
        rw.set_insertion_point_after(idx)
        sizes = info.shapes[d][1:]
        inner = [_index_op(rw, j, loc) for j in dims[1:]]
        new = _index_op(rw, dims[0], loc)
        for size, v in zip(sizes, inner):
            m = AffineMap.get(2, 0, [dim(0) + dim(1) * size])
            new = rw.create("affine.apply", [v, new], [INDEX],
                            properties={"map": _map_attr(m)}, loc=idx.loc).results[0]
        rw.replace_op(idx, [new])
        rw.restore(ip)


def _index_op(rw, d, loc):
    return rw.create("linalg.index", [], [INDEX], properties={"dim": IntegerAttr(I64, d)},
                     loc=loc).results[0]


def _map_attr(m):
    from pyopt.ir.attributes import AffineMapAttr
    return AffineMapAttr(m)


def fuse_with_reshape_by_expansion(op, reshape, index, rw):
    """fuseWithReshapeByExpansion: the values replacing op's results, or None."""
    loc = op.loc
    expanding = reshape.name == "tensor.expand_shape"
    expanded_t = reshape.result.type if expanding else reshape.src.type
    groups = reassociation_of(reshape)
    if not groups:
        return None
    info = ExpansionInfo(op, index, groups, expanded_t.shape)
    if not _expansion_is_valid(op, info, rw):
        return None
    maps = indexing_maps(op)
    new_maps = [info.expanded_map(m) for m in maps]
    ip = rw.save()
    rw.set_insertion_point(op)
    inits = init_indices(op)
    ins = []
    for i in input_indices(op):
        v = op.operand(i)
        if i == index:
            ins.append(reshape.src)
            continue
        if type(v.type) is RankedTensorType:
            et = info.expanded_type(v.type, maps[i])
            if et is not v.type:
                re = info.operand_reassociation(maps[i])
                if not reshape_shapes_compatible(v.type.shape, et.shape, re):
                    rw.notify_match_failure(op, "incompatible reshape")
                    rw.restore(ip)
                    return None
                ins.append(create_expand_shape(rw, et, v, re, loc))
                continue
        ins.append(v)
    outs = []
    for i in inits:
        v = op.operand(i)
        et = info.expanded_type(v.type, maps[i])
        if et is not v.type:
            re = info.operand_reassociation(maps[i])
            if not reshape_shapes_compatible(v.type.shape, et.shape, re):
                rw.notify_match_failure(op, "incompatible reshape")
                rw.restore(ip)
                return None
            outs.append(create_expand_shape(rw, et, v, re, loc))
        else:
            outs.append(v)
    iters = ["parallel"] * info.num_dims
    for i, t in enumerate(iterator_types(op)):
        for j in info.reassociation[i]:
            iters[j] = t
    result_types = [v.type for v in outs]
    g = create_generic(rw, ins, outs, new_maps, iters, result_types, op.loc)
    rw.clone_region_before(op.regions[0], g.regions[0])
    _update_expanded_indices(rw, loc, payload(g), info)
    values = []
    for k, r in enumerate(op.results):
        if result_types[k] is not r.type:
            re = info.operand_reassociation(maps[inits[k]])
            values.append(create_collapse_shape(rw, g.results[k], re, op.loc, r.type))
        else:
            values.append(g.results[k])
    rw.restore(ip)
    return values


class FoldReshapeWithGenericOpByExpansion(RewritePattern):
    """An expand_shape of a structured op's result: the op's loops are expanded."""
    root = "tensor.expand_shape"

    def __init__(self, control):
        super().__init__()
        self.control = control

    def match_and_rewrite(self, op, rw):
        src = op.src
        producer = src.defining_op()
        if producer is None:
            return rw.notify_match_failure(op, "source not produced by an operation")
        if not is_linalg_op(producer):
            return rw.notify_match_failure(op, "producer not a generic op")
        init = tied_init_index(producer, src.index)
        if not is_fusable_by_expansion(producer, init):
            return rw.notify_match_failure(op, "failed preconditions of fusion with producer "
                                               "generic op")
        if not self.control(slot_of(op, src)):
            return rw.notify_match_failure(op, "fusion blocked by control function")
        values = fuse_with_reshape_by_expansion(producer, op, init, rw)
        if values is None:
            return rw.notify_match_failure(op, "fusion by expansion failed")
        repl = values[src.index]
        c = defining(repl, "tensor.collapse_shape")
        if c is not None:
            repl = c.src
        rw.replace_op(op, [repl])
        rw.replace_op(producer, values)
        return True


class FoldWithProducerReshapeOpByExpansion(RewritePattern):
    """A collapse_shape feeding an input of a structured op: the op's loops are expanded.
    (An interface pattern upstream: one instance per structured op name.)"""

    def __init__(self, root, control):
        super().__init__(root)
        self.control = control

    def match_and_rewrite(self, op, rw):
        for i in input_indices(op):
            reshape = defining(op.operand(i), "tensor.collapse_shape")
            if reshape is None:
                continue
            if not is_fusable_by_expansion(op, i) or not self.control(op.operand_slots[i]):
                continue
            values = fuse_with_reshape_by_expansion(op, reshape, i, rw)
            if values is None:
                return False
            rw.replace_op(op, values)
            return True
        return False


def _pad_with(rw, pad, source, result_type, low, high, loc):
    """tensor.pad of `source` with `pad`'s padding value and nofold flag (the region yields
    the constant padding value)."""
    from pyopt.ir.core import Block
    from pyopt.ir.opdef import segment_sizes

    def split(vals):
        return ([v if isinstance(v, int) else DYNAMIC for v in vals],
                [v for v in vals if not isinstance(v, int)])
    sl, dl = split(low)
    sh, dh = split(high)
    props = {"static_low": DenseArrayAttr(I64, sl), "static_high": DenseArrayAttr(I64, sh),
             "operandSegmentSizes": segment_sizes([1, len(dl), len(dh)])}
    if pad.get_attr("nofold") is not None:
        props["nofold"] = pad.get_attr("nofold")
    new = rw.create("tensor.pad", [source] + dl + dh, [result_type], properties=props,
                    regions=1, loc=loc)
    block = Block([INDEX] * len(result_type.shape), [loc] * len(result_type.shape))
    new.regions[0].append(block)
    if rw.listener is not None:
        rw.listener.notify_block_inserted(block, None)
    ip = rw.save()
    rw.set_insertion_point_to_end(block)
    rw.create("tensor.yield", [constant_padding_value(pad)], [], loc=loc)
    rw.restore(ip)
    return new


def constant_padding_value(pad):
    """PadOp::getConstantPaddingValue: the yielded value when it is a constant or defined
    outside the pad's block, else None."""
    block = pad.regions[0].blocks[0]
    y = block.last
    if y is None or y.name != "tensor.yield":
        return None
    v = y.value
    if constant_attr(v) is not None:
        return v
    if v.parent_block is block:
        return None
    return v


class FoldPadWithProducerReshapeOpByExpansion(RewritePattern):
    root = "tensor.pad"

    def __init__(self, control):
        super().__init__()
        self.control = control

    def match_and_rewrite(self, op, rw):
        reshape = defining(op.source, "tensor.collapse_shape")
        if reshape is None or not _one_use(reshape):
            return False
        if not self.control(slot_of(op, op.source)):
            return rw.notify_match_failure(op, "fusion blocked by control function")
        if constant_padding_value(op) is None:
            return False
        low = list(op.properties["static_low"].values)
        high = list(op.properties["static_high"].values)
        groups = reassociation_of(reshape)
        for g, lo, hi in zip(groups, low, high):
            if len(g) != 1 and (lo != 0 or hi != 0):
                return False
        expanded_t = reshape.src.type
        padded_t = op.result.type
        shape = list(expanded_t.shape)
        new_low, new_high = [], []
        mixed_low, mixed_high = op.mixed_low, op.mixed_high
        for k, g in enumerate(groups):
            if len(g) == 1:
                shape[g[0]] = padded_t.shape[k]
            for _ in g:
                new_low.append(mixed_low[k])
                new_high.append(mixed_high[k])
        t = RankedTensorType(shape, padded_t.element_type)
        new = _pad_with(rw, op, reshape.src, t, new_low, new_high, op.loc)
        rw.replace_op_with_new_op(op, "tensor.collapse_shape", [new.results[0]], [padded_t],
                                  properties={"reassociation": reassociation_attr(groups)})
        return True


def _one_use(op):
    n = 0
    for r in op.results:
        u = r.first_use
        while u is not None:
            n += 1
            u = u.next_use
    return n == 1


# ---------------------------------------------------------------------------- collapsing
def is_dim_sequence_preserved(m, seq):
    """isDimSequencePreserved: the loops `seq` appear contiguously, in order, in projected
    permutation `m`, or not at all."""
    elems = set(seq)
    start = seq[0]
    results = m.results
    for k, e in enumerate(results):
        p = e.position
        if p == start:
            if k + len(seq) > len(results):
                return False
            return all(results[k + j].position == s for j, s in enumerate(seq))
        if p in elems:
            return False
    return True


def are_dim_sequences_preserved(maps, seqs):
    return all(is_dim_sequence_preserved(m, s) for m in maps for s in seqs)


def collapsable_iteration_dims(op, index, groups):
    """getCollapsableIterationSpaceDims: the groups of loops of generic `op` that can be
    merged so that operand `index`'s reassociation `groups` disappears."""
    if not has_pure_tensor_semantics(op) or len(init_indices(op)) != 1:
        return []
    maps = indexing_maps(op)
    if not all(m.is_projected_permutation() for m in maps):
        return []
    iters = iterator_types(op)
    reductions = [i for i, t in enumerate(iters) if t == "reduction"]
    m = maps[index]
    done = set()
    out = []
    for g in groups:
        if len(g) == 1:
            continue
        loops = [m.results[p].position for p in g]
        if any(d in done for d in loops):
            continue
        kind = iters[loops[0]]
        if kind not in ("parallel", "reduction"):
            continue
        if any(iters[d] != kind for d in loops):
            continue
        if kind == "reduction":
            contiguous = False
            for k, r in enumerate(reductions):
                if r != loops[0]:
                    continue
                if k + len(loops) > len(reductions):
                    break
                contiguous = all(reductions[k + j] == d for j, d in enumerate(loops))
                break
            if not contiguous:
                continue
        if any(not is_dim_sequence_preserved(x, loops) for x in maps):
            continue
        done.update(loops)
        out.append(loops)
    return out


class CollapsingInfo:
    """`collapsed[i]`: the original loops merged into loop i; `orig[d]`: (collapsed loop,
    position in its group) of original loop d."""

    def __init__(self, n_loops, folded):
        self.ok = False
        seen = set()
        groups = []
        for g in folded:
            if not g:
                continue
            for d in g:
                if d >= n_loops or d in seen:
                    return
                seen.add(d)
            groups.append(list(g))
        if len(seen) > n_loops:
            return
        groups += [[d] for d in range(n_loops) if d not in seen]
        groups.sort(key=lambda g: g[0])
        self.collapsed = groups
        self.orig = [None] * n_loops
        for i, g in enumerate(groups):
            for j, d in enumerate(g):
                self.orig[d] = (i, j)
        self.ok = True

    @property
    def rank(self):
        return len(self.collapsed)

    def collapsed_map(self, m):
        exprs = [dim(self.orig[e.position][0]) for e in m.results
                 if self.orig[e.position][1] == 0]
        return AffineMap.get(self.rank, 0, exprs)

    def operand_reassociation(self, m):
        out, k = [], 0
        n = m.num_results
        while k < n:
            d = m.results[k].position
            c, pos = self.orig[d]
            size = len(self.collapsed[c])
            if pos == 0:
                out.append(list(range(k, k + size)))
            k += size
        return out


def _collapsed_operand(rw, op, i, info, loc):
    m = indexing_maps(op)[i]
    re = info.operand_reassociation(m)
    v = op.operand(i)
    if len(re) == m.num_results:
        return v
    return create_collapse_shape(rw, v, re, loc)


def _collapsed_index_region(rw, loc, block, info, bounds):
    """generateCollapsedIndexingRegion: the original loops' indices recovered from the
    collapsed ones by remainders and quotients."""
    ip = rw.save()
    rw.set_insertion_point_to_start(block)
    index_ops = [o for o in block if o.name == "linalg.index"]
    repl = {}
    for i, g in enumerate(info.collapsed):
        v = _index_op(rw, i, loc)
        for d in reversed(g[1:]):
            repl[d] = rw.create("arith.remui", [v, bounds[d]], [INDEX], loc=loc).results[0]
            v = rw.create("arith.divui", [v, bounds[d]], [INDEX], loc=loc).results[0]
        repl[g[0]] = v
    for o in index_ops:
        rw.replace_op(o, [repl[o.properties["dim"].value]])
    rw.restore(ip)


def _guaranteed_collapsible(t, groups):
    """memref::CollapseShapeOp::isGuaranteedCollapsible: identity layouts always are, else
    each group must be provably contiguous."""
    from pyopt.ir.memref_layout import layout_is_identity
    from pyopt.dialects.memref.views import collapsed_layout
    if layout_is_identity(t):
        return True
    return collapsed_layout(t, groups, strict=True) is not None


def collapse_op_iteration_dims(op, folded, rw):
    """collapseOpIterationDims: (replacement values, collapsed op), or None."""
    n_loops = len(iterator_types(op))
    if n_loops <= 1 or not folded or all(len(g) <= 1 for g in folded):
        return None
    if has_pure_buffer_semantics(op) and not all(
            _guaranteed_collapsible(v.type, folded) for v in op.operands
            if type(v.type) is MemRefType):
        return rw.notify_match_failure(op, "memref is not guaranteed collapsible") or None
    info = CollapsingInfo(n_loops, folded)
    if not info.ok:
        return rw.notify_match_failure(op, "illegal to collapse specified dimensions") or None
    loc = op.loc
    bounds = loop_sizes(rw, op, loc)
    ins = [_collapsed_operand(rw, op, i, info, loc) for i in input_indices(op)]
    outs, result_types = [], []
    buffers = has_pure_buffer_semantics(op)
    for i in init_indices(op):
        v = _collapsed_operand(rw, op, i, info, loc)
        outs.append(v)
        if not buffers:
            result_types.append(v.type)
    if op.name == "linalg.generic":
        maps = [info.collapsed_map(m) for m in indexing_maps(op)]
        iters = [iterator_types(op)[g[0]] for g in info.collapsed]
        new = create_generic(rw, ins, outs, maps, iters, result_types, loc)
        block = add_entry_block(rw, new)
        rw.merge_blocks(payload(op), block, list(block.args))
    else:
        from pyopt.interfaces.destination_style import clone_with
        new = clone_with(rw, op, result_types, ins + outs)
    if has_index_semantics(new):
        ip = rw.save()
        rw.set_insertion_point(new)
        vals = [b if isinstance(b, Value) else index_constant(rw, b, loc) for b in bounds]
        rw.restore(ip)
        _collapsed_index_region(rw, loc, payload(new), info, vals)
    results = []
    maps = indexing_maps(op)
    for k, r in enumerate(op.results):
        cr = new.results[k]
        if len(cr.type.shape) != len(r.type.shape):
            re = info.operand_reassociation(maps[init_indices(op)[k]])
            if isinstance(cr.type, MemRefType):
                t = MemRefType(list(r.type.shape), r.type.element_type)
            else:
                t = r.type
            results.append(create_expand_shape(rw, t, cr, re, loc))
        else:
            results.append(cr)
    return results, new


class FoldWithProducerReshapeOpByCollapsing(RewritePattern):
    root = "linalg.generic"

    def __init__(self, control):
        super().__init__()
        self.control = control

    def match_and_rewrite(self, op, rw):
        for i, slot in enumerate(op.operand_slots):
            reshape = defining(slot.value, "tensor.expand_shape")
            if reshape is None:
                continue
            dims = collapsable_iteration_dims(op, i, reassociation_of(reshape))
            if not dims or not self.control(slot):
                continue
            r = collapse_op_iteration_dims(op, dims, rw)
            if r is None:
                return rw.notify_match_failure(op, "failed to do the fusion by collapsing "
                                                   "transformation")
            rw.replace_op(op, r[0])
            return True
        return False


class FoldPadWithProducerReshapeOpByCollapsing(RewritePattern):
    root = "tensor.pad"

    def __init__(self, control):
        super().__init__()
        self.control = control

    def match_and_rewrite(self, op, rw):
        reshape = defining(op.source, "tensor.expand_shape")
        if reshape is None or not _one_use(reshape):
            return False
        if not self.control(slot_of(op, op.source)):
            return rw.notify_match_failure(op, "fusion blocked by control function")
        if constant_padding_value(op) is None:
            return False
        low = list(op.properties["static_low"].values)
        high = list(op.properties["static_high"].values)
        groups = reassociation_of(reshape)
        for g in groups:
            if len(g) == 1:
                continue
            if any(low[i] != 0 or high[i] != 0 for i in g):
                return False
        collapsed_t = reshape.src.type
        padded_t = op.result.type
        shape = list(collapsed_t.shape)
        expanded_sizes = mixed_output_shape(reshape)
        loc = reshape.loc
        mixed_low, mixed_high = op.mixed_low, op.mixed_high
        new_low, new_high = [], []
        for k, g in enumerate(groups):
            lo, hi = mixed_low[g[0]], mixed_high[g[0]]
            if len(g) == 1:
                shape[k] = padded_t.shape[g[0]]
                expanded_sizes[g[0]] = _composed_sum(rw, [lo, hi, expanded_sizes[g[0]]], loc)
            new_low.append(lo)
            new_high.append(hi)
        t = RankedTensorType(shape, padded_t.element_type)
        new = _pad_with(rw, op, reshape.src, t, new_low, new_high, loc)
        rw.set_insertion_point(op)
        res = create_expand_shape(rw, padded_t, new.results[0], groups, op.loc, expanded_sizes)
        rw.replace_op(op, [res])
        return True


def _composed_sum(rw, vals, loc):
    """makeComposedFoldedAffineApply of d0 + d1 + d2 (an int when it folds)."""
    from pyopt.dialects.affine.builders import composed_folded_apply
    m = AffineMap.get(3, 0, [dim(0) + dim(1) + dim(2)])
    return composed_folded_apply(rw, m, vals, loc)


class CollapseLinalgDimensions(RewritePattern):
    """Merges the loops a control function names (generic and copy)."""

    def __init__(self, root, control):
        super().__init__(root)
        self.control = control

    def match_and_rewrite(self, op, rw):
        dims = self.control(op)
        if not dims:
            return False
        if not are_dim_sequences_preserved(indexing_maps(op), dims):
            return rw.notify_match_failure(op, "specified dimensions cannot be collapsed")
        r = collapse_op_iteration_dims(op, dims, rw)
        if r is None:
            return rw.notify_match_failure(op, "failed to collapse dimensions")
        rw.replace_op(op, r[0])
        return True


# ---------------------------------------------------------------------------- populate
def populate_fold_reshape_ops_by_expansion(ctx, control):
    return ([FoldReshapeWithGenericOpByExpansion(control),
             FoldPadWithProducerReshapeOpByExpansion(control)] +
            [FoldWithProducerReshapeOpByExpansion(n, control) for n in linalg_op_names(ctx)])


def populate_fold_reshape_ops_by_collapsing(control):
    return [FoldWithProducerReshapeOpByCollapsing(control),
            FoldPadWithProducerReshapeOpByCollapsing(control)]


def populate_collapse_dimensions(control):
    return [CollapseLinalgDimensions("linalg.generic", control),
            CollapseLinalgDimensions("linalg.copy", control)]
