"""tensor.pack / tensor.unpack whose tiled outer dims are all 1 rewritten as slices and a
linalg.transpose (MLIR 19 Linalg/Transforms/Transforms.cpp: GeneralizeOuterUnitDimsPackOpPattern
and GeneralizeOuterUnitDimsUnPackOpPattern):

  pack:   [tensor.pad high to the tile] -> rank-reduced extract_slice of the tile ->
          linalg.transpose into the packed order -> insert_slice into the destination
  unpack: rank-reduced extract_slice of the tile -> linalg.transpose back ->
          extract_slice of the valid part (incomplete tiles) -> insert_slice into the
          destination"""
from __future__ import annotations

from pyopt.ir.types import DYNAMIC, INDEX, RankedTensorType
from pyopt.rewrite.pattern import RewritePattern
from pyopt.dialects.affine.builders import value_of
from pyopt.dialects.linalg.builders import create_with_identity_region
from pyopt.dialects.tensor.pack_patterns import inner_dims_pos, mixed_tiles
from pyopt.dialects.tensor.pad_canonicalize import create_pad_high
from pyopt.dialects.tensor.relayout import outer_perm
from pyopt.dialects.tensor.reshapes import mixed_sizes
from pyopt.dialects.tensor.slice_canonicalize import create_extract_slice, create_insert_slice


def _invert(perm):
    inv = [0] * len(perm)
    for i, p in enumerate(perm):
        inv[p] = i
    return inv


def _permute(vec, perm):
    return [vec[p] for p in perm]


def _normalized_perm(rank, perm):
    """getPackUnpackNormalizedPerm: a permutation of some of `rank` dims renumbered densely
    (e.g. [1, 4, 2] -> [0, 2, 1])."""
    slots = [-1] * rank
    for i, p in enumerate(perm):
        slots[p] = i
    return _invert([s for s in slots if s != -1])


def rank_reduced_perm(shape, inner, outer):
    """getPackUnpackRankReducedPerm: the transpose taking the rank-reduced tile (unit outer
    dims dropped) to the packed order."""
    outer_dims, inner_dims, reduced_outer = [], [], []
    n = 0
    for i, s in enumerate(shape):
        if i in inner:
            inner_dims.append(n)
            n += 1
            continue
        if s == 1:
            continue
        outer_dims.append(n)
        n += 1
        if outer:
            reduced_outer.append(outer[i])
    inner_dims = _permute(inner_dims, _normalized_perm(len(shape), inner))
    reduced_outer = _normalized_perm(len(shape), reduced_outer)
    perm = _permute(outer_dims, reduced_outer) if reduced_outer else outer_dims
    return perm + inner_dims


def _dim(rw, v, i, loc):
    return rw.create("tensor.dim", [v, value_of(rw, i, loc)], [INDEX], loc=loc).results[0]


def _tile_of(op):
    return dict(zip(inner_dims_pos(op), mixed_tiles(op)))


def _shape_of(mixed):
    return [s if isinstance(s, int) else DYNAMIC for s in mixed]


class GeneralizeOuterUnitDimsPack(RewritePattern):
    def __init__(self):
        super().__init__("tensor.pack")

    def match_and_rewrite(self, op, rw):
        tiles = mixed_tiles(op)
        if any(not isinstance(t, int) for t in tiles):
            return rw.notify_match_failure(op, "require inner tile sizes being static")
        inner = inner_dims_pos(op)
        dest_shape = op.dest.type.shape
        if any(dest_shape[i] != 1 for i in inner):
            return rw.notify_match_failure(op, "require the tiled outer dimensions of the "
                                               "result are all 1s")
        loc = op.loc
        src_t = op.source.type
        tile_of = _tile_of(op)
        value = op.source
        if op.padding_value is not None:
            padded = [tile_of.get(i, s) for i, s in enumerate(src_t.shape)]
            value = create_pad_high(rw, RankedTensorType(padded, src_t.element_type), value,
                                    op.padding_value, loc)
        sizes, read_shape = [], []
        for i, s in enumerate(src_t.shape):
            if i in tile_of:
                read_shape.append(tile_of[i])
                sizes.append(tile_of[i])
                continue
            sizes.append(_dim(rw, value, i, loc) if s == DYNAMIC else s)
            if s != 1:
                read_shape.append(s)
        rank = len(src_t.shape)
        et = src_t.element_type
        tile = create_extract_slice(rw, RankedTensorType(read_shape, et), value, [0] * rank,
                                    sizes, [1] * rank, loc)
        perm = rank_reduced_perm(src_t.shape, inner, outer_perm(op))
        empty = rw.create("tensor.empty", [], [RankedTensorType(_permute(read_shape, perm), et)],
                          loc=loc).results[0]
        tr = create_with_identity_region(rw, "linalg.transpose", tile, empty, "permutation",
                                         perm, loc)
        n = len(dest_shape)
        ins = create_insert_slice(rw, "tensor.insert_slice", tr.results[0], op.dest, [0] * n,
                                  mixed_sizes(rw, op.dest, loc), [1] * n, loc)
        rw.replace_op(op, [ins.results[0]])
        return True


class GeneralizeOuterUnitDimsUnPack(RewritePattern):
    def __init__(self):
        super().__init__("tensor.unpack")

    def match_and_rewrite(self, op, rw):
        src = op.source
        src_shape = src.type.shape
        inner = inner_dims_pos(op)
        if any(src_shape[i] != 1 for i in inner):
            return rw.notify_match_failure(op, "require the tiled outer dimensions of the "
                                               "result are all 1s")
        loc = op.loc
        dest_t = op.dest.type
        rank, n_src = len(dest_t.shape), len(src_shape)
        tile_of = _tile_of(op)
        sizes, read_shape, dyn = [], [], []
        for i in range(rank):
            if i in tile_of:
                sizes.append(1)
                continue
            if src_shape[i] == DYNAMIC:
                d = _dim(rw, src, i, loc)
                sizes.append(d)
                dyn.append(d)
            else:
                sizes.append(src_shape[i])
            if src_shape[i] != 1:
                read_shape.append(src_shape[i])
        sizes += mixed_tiles(op)
        read_shape += list(src_shape[rank:])
        et = src.type.element_type
        tile = create_extract_slice(rw, RankedTensorType(read_shape, et), src, [0] * n_src,
                                    sizes, [1] * n_src, loc)
        perm = _invert(rank_reduced_perm(src_shape[:rank], inner, outer_perm(op)))
        tshape = _permute(read_shape, perm)
        empty = rw.create("tensor.empty", dyn, [RankedTensorType(tshape, et)],
                          loc=loc).results[0]
        tr = create_with_identity_region(rw, "linalg.transpose", tile, empty, "permutation",
                                         perm, loc)
        dest_shape = dest_t.shape
        dest_sizes = mixed_sizes(rw, op.dest, loc)
        kept = [i for i in range(rank) if i in tile_of or dest_shape[i] != 1]
        tile_sizes = [dest_sizes[i] for i in kept]
        m = len(tshape)
        part = create_extract_slice(rw, RankedTensorType(_shape_of(tile_sizes), et),
                                    tr.results[0], [0] * m, tile_sizes, [1] * m, loc)
        it = iter(tile_sizes)
        write = [next(it) if i in kept else 1 for i in range(rank)]
        ins = create_insert_slice(rw, "tensor.insert_slice", part, op.dest, [0] * rank, write,
                                  [1] * rank, loc)
        rw.replace_op(op, [ins.results[0]])
        return True


def generalize_pack_patterns():
    return [GeneralizeOuterUnitDimsPack()]


def generalize_unpack_patterns():
    return [GeneralizeOuterUnitDimsUnPack()]
