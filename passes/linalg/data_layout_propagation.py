"""Data-layout propagation (MLIR 19 Linalg/Transforms/DataLayoutPropagation.cpp,
populateDataLayoutPropagationPatterns): tensor.pack ops are bubbled up and tensor.unpack ops
pushed down through linalg.generic, tensor.pad and tensor.expand_shape / collapse_shape, so a
chain of elementwise ops runs on the packed layout and the re-layouts meet (and cancel) at its
ends.

`data_layout_propagation_patterns(control)` returns the patterns; `control(slot)` (an OpOperand)
says whether propagation through that use is allowed."""
from __future__ import annotations

from pyopt.ir.affine import AffineDimExpr, AffineMap, dim
from pyopt.ir.types import DYNAMIC, RankedTensorType, ShapedType
from pyopt.rewrite.matchers import defining
from pyopt.rewrite.pattern import RewritePattern
from pyopt.interfaces.bufferizable import operand_slot
from pyopt.interfaces.destination_style import init_indices
from pyopt.dialects.linalg.builders import create_generic
from pyopt.dialects.linalg.structured import indexing_maps, iterator_types
from pyopt.dialects.tensor.pack_patterns import (create_pack, create_unpack, inner_dims_pos,
                                                 mixed_tiles, pack_destination,
                                                 reassociation_for_reshape, unpack_destination)
from pyopt.dialects.tensor.pad_canonicalize import (constant_padding_value, create_pad_with_value,
                                                    padded_dims)
from pyopt.dialects.tensor.relayout import infer_packed_type, outer_perm, static_tiles
from pyopt.dialects.tensor.reshapes import (create_collapse_shape, create_expand_shape,
                                            reassociation_of)


def has_gather_semantics(generic):
    """A body reading by index (tensor.extract, linalg.index) cannot be re-laid out."""
    return any(o.name in ("tensor.extract", "linalg.index")
               for o in generic.regions[0].blocks[0].ops)


def _invert(perm):
    inv = [0] * len(perm)
    for i, p in enumerate(perm):
        inv[p] = i
    return inv


def _is_dim(e):
    return isinstance(e, AffineDimExpr)


class PackInfo:
    """The pack/unpack's tiling expressed on the generic's iteration domain."""
    __slots__ = ("tiled_dims", "tile_of", "point_of", "outer_perm")

    def __init__(self):
        self.tiled_dims = []      # domain dims tiled, in the pack's inner_dims_pos order
        self.tile_of = {}         # domain dim -> tile size (int or Value)
        self.point_of = {}        # domain dim -> its new point (inner) loop
        self.outer_perm = []      # the outer permutation on the domain (empty: none)


def packing_info(generic, index, relayout):
    """getPackingInfoFromOperand: None when the tiled dims are not plain parallel loops."""
    m = indexing_maps(generic)[index]
    maps = indexing_maps(generic)
    iters = iterator_types(generic)
    info = PackInfo()
    exprs = list(m.results)
    for k, (pos, tile) in enumerate(zip(inner_dims_pos(relayout), mixed_tiles(relayout))):
        e = exprs[pos]
        if not _is_dim(e) or iters[e.position] != "parallel":
            return None
        d = e.position
        info.tiled_dims.append(d)
        info.tile_of[d] = tile
        info.point_of[d] = m.num_dims + k
    for d in info.tiled_dims:
        if any(e.is_function_of_dim(d) and not _is_dim(e) for mm in maps for e in mm.results):
            return None
    permuted = []
    for k, d in enumerate(outer_perm(relayout)):
        e = m.results[d]
        if _is_dim(e):
            permuted.append(e.position)
        elif k != d:
            # moving a compound expression (d0 + d1) would move its dims together: not done
            return None
    if permuted:
        chosen = set(permuted)
        it = iter(permuted)
        info.outer_perm = [next(it) if i in chosen else i for i in range(m.num_dims)]
    return info


def _outer_dims(perm, exprs):
    """computeOuterDims: the operand's outer_dims_perm induced by the domain permutation."""
    if len(exprs) == 1:
        return []
    position = {}
    for pos, e in enumerate(exprs):
        position[e.position if _is_dim(e) else pos] = pos
    return [position[d] for d in perm if d in position]


def packed_view(rw, loc, info, generic, index):
    """getOrCreatePackedViewOfOperand: (operand or its new pack, its map on the packed
    domain)."""
    n = len(iterator_types(generic)) + len(info.tiled_dims)
    m = indexing_maps(generic)[index]
    value = generic.operands[index]
    exprs = list(m.results)
    if not isinstance(value.type, ShapedType) or not exprs:
        return value, AffineMap.get(n, 0, exprs)
    operand_dim = {e.position: i for i, e in enumerate(exprs) if _is_dim(e)}
    inner, tiles = [], []
    for d in info.tiled_dims:
        if d not in operand_dim:
            continue
        tiles.append(info.tile_of[d])
        inner.append(operand_dim[d])
        exprs.append(dim(info.point_of[d]))
    outer = []
    if info.outer_perm:
        outer = _outer_dims(info.outer_perm, exprs)
        inv = _invert(info.outer_perm)
        for i in range(m.num_results):
            if _is_dim(exprs[i]):
                exprs[i] = dim(inv[exprs[i].position])
        if outer:
            aux = list(exprs)
            for i, p in enumerate(outer):
                aux[i] = exprs[p]
            exprs = aux
    new_map = AffineMap.get(n, 0, exprs)
    if not inner and not outer:
        return value, new_map
    empty = pack_destination(rw, loc, value, tiles, inner, outer)
    pack = create_pack(rw, value, empty, inner, tiles, None, outer, loc)
    return pack.results[0], new_map


def pack_generic(rw, generic, dest, out_map, info):
    """packGenericOp: the generic on the packed domain, its body cloned."""
    loc = generic.loc
    inits = init_indices(generic)
    ins, maps = [], []
    for i in range(len(generic.operands)):
        if i in inits:
            continue
        v, m = packed_view(rw, loc, info, generic, i)
        ins.append(v)
        maps.append(m)
    maps.append(out_map)
    iters = list(iterator_types(generic)) + ["parallel"] * len(info.tiled_dims)
    g = create_generic(rw, ins, [dest], maps, iters, [dest.type], loc,
                       attributes=dict(generic.attributes))
    rw.clone_region_before(generic.regions[0], g.regions[0])
    return g


def _generic_producer(v):
    return defining(v, "linalg.generic")


class BubbleUpPackThroughGeneric(RewritePattern):
    """pack(generic(x)) -> generic(pack(x)) on the packed domain."""

    def __init__(self, control):
        super().__init__("tensor.pack")
        self.control = control

    def match_and_rewrite(self, op, rw):
        from pyopt.ir.dominance import DominanceInfo
        generic = _generic_producer(op.source)
        if generic is None or not self.control(operand_slot(op, "source")):
            return False
        if has_gather_semantics(generic) or len(generic.results) != 1 or \
                not generic.results[0].has_one_use():
            return False
        dest = op.dest
        if not dest.has_one_use():
            return False
        empty = defining(dest, "tensor.empty")
        ip = rw.save()
        rw.set_insertion_point(generic)
        if empty is not None:
            # (built before the checks below, as 19 does: a failing match then leaves this
            # op behind and the greedy driver does not converge)
            dest = rw.create("tensor.empty", list(empty.operands), [empty.results[0].type],
                             loc=generic.loc).results[0]
        elif not DominanceInfo().properly_dominates_use(dest, generic):
            rw.restore(ip)
            return False
        # padding could feed values such as 0/0 to the payload: not propagated
        init = init_indices(generic)[0]
        info = None if op.padding_value is not None else packing_info(generic, init, op)
        if info is None:
            rw.restore(ip)
            return False
        out, out_map = packed_view(rw, generic.loc, info, generic, init)
        if defining(generic.operands[init], "tensor.empty") is None:
            dest = out
        g = pack_generic(rw, generic, dest, out_map, info)
        rw.restore(ip)
        rw.replace_op(op, list(g.results))
        return True


def _pad_like(rw, pad, source, low, high, loc):
    """A tensor.pad of `source` with `pad`'s constant padding value and nofold flag."""
    return create_pad_with_value(rw, None, source, low, high, constant_padding_value(pad),
                                 pad.get_attr("nofold"), loc)


def _permuted_pads(pad, outer, n_points):
    low, high = list(pad.mixed_low), list(pad.mixed_high)
    if outer:
        low = [low[p] for p in outer]
        high = [high[p] for p in outer]
    return low + [0] * n_points, high + [0] * n_points


class BubbleUpPackThroughPad(RewritePattern):
    """pack(pad(x)) -> pad(pack(x)) when no tiled dim is padded."""

    def __init__(self, control):
        super().__init__("tensor.pack")
        self.control = control

    def match_and_rewrite(self, op, rw):
        pad = defining(op.source, "tensor.pad")
        if pad is None or not self.control(operand_slot(op, "source")):
            return False
        if op.padding_value is not None or constant_padding_value(pad) is None:
            return False
        if defining(op.dest, "tensor.empty") is None:
            return False
        inner = inner_dims_pos(op)
        if padded_dims(pad) & set(inner):
            return False
        loc = pad.loc
        outer, tiles = outer_perm(op), mixed_tiles(op)
        ip = rw.save()
        rw.set_insertion_point(pad)
        empty = pack_destination(rw, loc, pad.source, tiles, inner, outer)
        src_pack = create_pack(rw, pad.source, empty, inner, tiles, None, outer, loc)
        low, high = _permuted_pads(pad, outer, len(inner))
        new_pad = _pad_like(rw, pad, src_pack.results[0], low, high, loc)
        if not pad.results[0].has_one_use():
            # the pad's other users read an unpack of the new pad
            out = unpack_destination(rw, loc, new_pad.results[0], tiles, inner, outer)
            un = create_unpack(rw, new_pad.results[0], out, inner, tiles, outer, loc=loc)
            rw.replace_uses_if(pad.results[0], un.results[0], lambda u: u.owner is not src_pack)
        rw.restore(ip)
        rw.replace_op(op, [new_pad.results[0]])
        return True


def project_to_innermost_non_unit(dims_pos, groups, shape):
    """projectToInnerMostNonUnitDimsPos: each dim's innermost non-unit expanded dim (the
    innermost one when all are units)."""
    out = []
    for pos in dims_pos:
        chosen = groups[pos][-1]
        for i in reversed(groups[pos]):
            if shape[i] == DYNAMIC or shape[i] > 1:
                chosen = i
                break
        out.append(chosen)
    return out


def _divisible(dims_pos, shape, tiles):
    return all(shape[p] != DYNAMIC and shape[p] % t == 0 for p, t in zip(dims_pos, tiles))


def _permute_and_reindex(groups, perm):
    """applyPermutationAndReindexReassoc: (renumbered groups, next position)."""
    if perm:
        groups = [groups[p] for p in perm]
    out, n = [], 0
    for g in groups:
        out.append(list(range(n, n + len(g))))
        n += len(g)
    return out, n


def _expanded_perm(outer, groups):
    return [i for p in outer for i in groups[p]]


def _bubble_through_collapse(rw, collapse, op):
    tiles = static_tiles(op)
    inner, outer = inner_dims_pos(op), outer_perm(op)
    src = collapse.src
    groups = reassociation_of(collapse)
    projected = project_to_innermost_non_unit(inner, groups, src.type.shape)
    if not _divisible(projected, src.type.shape, tiles):
        return False
    new_outer = _expanded_perm(outer, groups)
    empty = pack_destination(rw, op.loc, src, mixed_tiles(op), projected, new_outer)
    pack = create_pack(rw, src, empty, projected, mixed_tiles(op), op.padding_value, new_outer,
                       op.loc)
    new_groups, n = _permute_and_reindex(groups, outer)
    new_groups += [[n + i] for i in range(len(inner))]
    rw.replace_op(op, [create_collapse_shape(rw, pack.results[0], new_groups, collapse.loc,
                                             op.result.type)])
    return True


def _bubble_through_expand(rw, expand, op):
    outer = outer_perm(op)
    if outer and outer != list(range(len(outer))):
        return rw.notify_match_failure(op, "non-identity outer dims perm NYI")
    groups = reassociation_of(expand)
    inner = inner_dims_pos(op)
    for g in groups:
        packed = [d for d in inner if d in g]
        if not packed:
            continue
        if len(packed) != 1:
            return rw.notify_match_failure(op, "only one of the expanded dimensions can be "
                                               "packed")
        if packed[0] != g[-1]:
            return rw.notify_match_failure(op, "can only pack the inner-most expanded "
                                               "dimension")
    projected = [next(k for k, g in enumerate(groups) if d in g) for d in inner]
    src = expand.src
    new_type = infer_packed_type(src.type, static_tiles(op), projected, [])
    re = reassociation_for_reshape(new_type, op.dest.type)
    if re is None:
        return rw.notify_match_failure(op, "could not reassociate dims after bubbling up")
    empty = pack_destination(rw, op.loc, src, mixed_tiles(op), projected, [])
    pack = create_pack(rw, src, empty, projected, mixed_tiles(op), op.padding_value, [], op.loc)
    rw.replace_op(op, [create_expand_shape(rw, op.dest.type, pack.results[0], re, op.loc)])
    return True


class BubbleUpPackThroughReshape(RewritePattern):
    """pack(collapse_shape / expand_shape(x)) -> reshape(pack(x)) when the tiles stay on
    whole dims."""

    def __init__(self, control):
        super().__init__("tensor.pack")
        self.control = control

    def match_and_rewrite(self, op, rw):
        src = op.source.defining_op()
        if src is None or len(src.results) != 1 or not src.results[0].has_one_use():
            return False
        if DYNAMIC in static_tiles(op) or not self.control(operand_slot(op, "source")):
            return False
        if src.name == "tensor.collapse_shape":
            return _bubble_through_collapse(rw, src, op)
        if src.name == "tensor.expand_shape":
            return _bubble_through_expand(rw, src, op)
        return False


class PushDownUnPackThroughReshape(RewritePattern):
    """expand_shape(unpack(x)) -> unpack(expand_shape(x))."""

    def __init__(self, control):
        super().__init__("tensor.unpack")
        self.control = control

    def match_and_rewrite(self, op, rw):
        r = op.result
        if not r.has_one_use() or DYNAMIC in static_tiles(op):
            return False
        expand = next(r.uses()).owner
        if expand.name != "tensor.expand_shape" or not self.control(operand_slot(expand, "src")):
            return False
        tiles = static_tiles(op)
        inner, outer = inner_dims_pos(op), outer_perm(op)
        et = expand.result.type
        if type(et) is not RankedTensorType:
            return False
        groups = reassociation_of(expand)
        projected = project_to_innermost_non_unit(inner, groups, et.shape)
        if not _divisible(projected, et.shape, tiles):
            return False
        new_outer = _expanded_perm(outer, groups)
        new_groups, n = _permute_and_reindex(groups, outer)
        new_groups += [[n + i] for i in range(len(inner))]
        new_type = infer_packed_type(et, tiles, projected, new_outer)
        new_expand = create_expand_shape(rw, new_type, op.source, new_groups, expand.loc)
        out = unpack_destination(rw, op.loc, new_expand, mixed_tiles(op), projected, new_outer)
        un = create_unpack(rw, new_expand, out, projected, mixed_tiles(op), new_outer,
                           loc=op.loc)
        rw.replace_op(expand, [un.results[0]])
        return True


def _unpacked_operand(generic):
    """getUnPackedOperand: the only operand produced by an unpack (None if none or many)."""
    found = None
    for i, v in enumerate(generic.operands):
        if defining(v, "tensor.unpack") is None:
            continue
        if found is not None:
            return None
        found = i
    return found


class PushDownUnPackThroughGeneric(RewritePattern):
    """generic(unpack(x)) -> unpack(generic(x)) on the packed domain."""

    def __init__(self, control):
        super().__init__("linalg.generic")
        self.control = control

    def match_and_rewrite(self, op, rw):
        if len(op.results) != 1 or has_gather_semantics(op):
            return False
        index = _unpacked_operand(op)
        if index is None:
            return False
        unpack = op.operands[index].defining_op()
        if not self.control(op.operand_slots[index]):
            return False
        info = packing_info(op, index, unpack)
        if info is None:
            return False
        loc = op.loc
        init = init_indices(op)[0]
        rw.set_insertion_point(op)
        out, out_map = packed_view(rw, loc, info, op, init)
        dest_pack = defining(out, "tensor.pack")
        dest = out
        if defining(op.operands[init], "tensor.empty") is not None and dest_pack is not None:
            dest = dest_pack.dest
        g = pack_generic(rw, op, dest, out_map, info)
        result = g.results[0]
        if dest_pack is None:
            rw.replace_op(op, [result])
            return True
        tiles, inner, outer = (mixed_tiles(dest_pack), inner_dims_pos(dest_pack),
                               outer_perm(dest_pack))
        un_dest = unpack.dest
        out_t = op.operands[init].type
        if unpack.dest.type is not out_t or DYNAMIC in out_t.shape:
            un_dest = unpack_destination(rw, loc, result, tiles, inner, outer)
        un = create_unpack(rw, result, un_dest, inner, tiles, outer, loc=loc)
        rw.replace_op(op, [un.results[0]])
        return True


class PushDownUnPackThroughPad(RewritePattern):
    """pad(unpack(x)) -> unpack(pad(x)) when no tiled dim is padded."""

    def __init__(self, control):
        super().__init__("tensor.pad")
        self.control = control

    def match_and_rewrite(self, op, rw):
        unpack = defining(op.source, "tensor.unpack")
        if unpack is None or not self.control(operand_slot(op, "source")):
            return False
        inner = inner_dims_pos(unpack)
        if padded_dims(op) & set(inner) or constant_padding_value(op) is None:
            return False
        outer = outer_perm(unpack)
        loc = op.loc
        rw.set_insertion_point(op)
        low, high = _permuted_pads(op, outer, len(inner))
        new_pad = _pad_like(rw, op, unpack.source, low, high, loc)
        rt = op.result.type
        out = rw.create("tensor.empty", [], [RankedTensorType(rt.shape, rt.element_type)],
                        loc=loc).results[0]
        un = create_unpack(rw, new_pad.results[0], out, inner, mixed_tiles(unpack), outer,
                           loc=loc)
        rw.replace_op(op, [un.results[0]])
        return True


def data_layout_propagation_patterns(control):
    return [BubbleUpPackThroughGeneric(control), BubbleUpPackThroughPad(control),
            BubbleUpPackThroughReshape(control), PushDownUnPackThroughGeneric(control),
            PushDownUnPackThroughPad(control), PushDownUnPackThroughReshape(control)]
