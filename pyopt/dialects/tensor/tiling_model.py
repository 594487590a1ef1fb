"""TilingInterface of tensor.pad (MLIR 19 TensorTilingInterfaceImpl.cpp): one parallel loop
per result dimension over the reified result shape; a tile is the pad of the matching slice of
the source (tensor/pad_slice.py, bubbleUpPadSlice) and lands at the tile's own offsets.
Attached when this module is imported (the tiling drivers do)."""
from __future__ import annotations

from pyopt.interfaces import attach, model
from pyopt.interfaces.shaped import REIFY_RANKED_SHAPED_TYPE
from pyopt.interfaces.tiling import TILING, Range, TilingResult
from pyopt.dialects.tensor.pad_slice import bubble_up_pad_slice


class PadTiling:
    def iterator_types(self, op):
        return ["parallel"] * len(op.results[0].type.shape)

    def iteration_domain(self, op, b):
        import pyopt.dialects.shaped_models  # noqa: F401 (the pad's reify model)
        shapes = model(op, REIFY_RANKED_SHAPED_TYPE).reify(op, b)[0]
        return [Range(0, s, 1) for s in shapes]

    def tiled_implementation(self, op, b, offsets, sizes):
        r = bubble_up_pad_slice(b, op, list(offsets), list(sizes))
        if r is None:
            return None
        ops, values = r
        return TilingResult(ops, values)

    def result_tile_position(self, op, b, index, offsets, sizes):
        return list(offsets), list(sizes)

    def generate_result_tile_value(self, op, b, index, offsets, sizes):
        return None  # (19's PadOp model leaves the interface's default: failure)


def _attach():
    from pyopt.dialects.tensor import TENSOR
    attach(TENSOR.ops["tensor.pad"], TILING, PadTiling())


_attach()


# ---------------------------------------------------------------------------- pack
def _reified_dest(op, b):
    import pyopt.dialects.shaped_models  # noqa: F401 (the reify models)
    return model(op, REIFY_RANKED_SHAPED_TYPE).reify(op, b)[0]


def _extract(b, loc, source, offsets, sizes):
    """ExtractSliceOp's builder without a result type (inferred, not rank-reduced)."""
    from pyopt.ir.types import DYNAMIC, RankedTensorType
    from pyopt.dialects.tensor.slice_canonicalize import create_extract_slice
    t = source.type
    rt = RankedTensorType([s if isinstance(s, int) else DYNAMIC for s in sizes],
                          t.element_type, t.encoding)
    return create_extract_slice(b, rt, source, list(offsets), list(sizes), [1] * len(sizes), loc)


class PackTiling:
    """One parallel loop per outer dim of the packed result (in source order after the outer
    permutation): a tile reads the source tile times the inner tiles (bounded by the source
    when the pack pads) into the matching slice of the destination."""

    def iterator_types(self, op):
        return ["parallel"] * len(op.source.type.shape)

    def iteration_domain(self, op, b):
        ip = b.save()
        b.set_insertion_point(op)
        shape = _reified_dest(op, b)
        b.restore(ip)
        return [Range(0, s, 1) for s in shape[:len(op.source.type.shape)]]

    def tiled_implementation(self, op, b, offsets, sizes):
        from pyopt.ir.affine import dim, symbol
        from pyopt.dialects.affine.builders import composed_folded_apply, composed_folded_min
        from pyopt.ir.affine import AffineMap
        from pyopt.dialects.shaped_models import mixed_sizes
        from pyopt.dialects.tensor.pack_patterns import inner_dims_pos, mixed_tiles
        from pyopt.dialects.tensor.relayout import outer_perm
        loc = op.loc
        rank = len(op.source.type.shape)
        offs, szs = list(offsets), list(sizes)
        perm = outer_perm(op)
        if perm:
            inv = [0] * len(perm)
            for i, p in enumerate(perm):
                inv[p] = i
            offs, szs = [offs[p] for p in inv], [szs[p] for p in inv]
        tiles = dict(zip(inner_dims_pos(op), mixed_tiles(op)))
        src_dims = mixed_sizes(b, op.source, loc)
        pad = op.padding_value
        in_offs, in_sizes = [], []
        for d in range(rank):
            if d in tiles:
                in_offs.append(composed_folded_apply(b, dim(0) * symbol(0), [offs[d], tiles[d]],
                                                     loc))
                in_sizes.append(composed_folded_apply(b, dim(0) * symbol(0), [szs[d], tiles[d]],
                                                      loc))
            else:
                in_offs.append(offs[d])
                in_sizes.append(szs[d])
            if pad is not None:
                rest = composed_folded_apply(b, dim(0) - dim(1), [src_dims[d], in_offs[-1]],
                                             loc)
                in_sizes[-1] = composed_folded_min(b, AffineMap.get_multi_dim_identity(2),
                                                   [in_sizes[-1], rest], loc)
        src = _extract(b, loc, op.source, in_offs, in_sizes)
        out_offs, out_sizes = self.result_tile_position(op, b, 0, offsets, sizes)
        dst = _extract(b, loc, op.dest, out_offs, out_sizes)
        operands = [src, dst] + list(op.operands[2:])
        new = b.create("tensor.pack", operands, [dst.type], properties=dict(op.properties),
                       attributes=dict(op.attributes), loc=loc)
        return TilingResult([new], list(new.results))

    def result_tile_position(self, op, b, index, offsets, sizes):
        rank, out_rank = len(op.source.type.shape), len(op.results[0].type.shape)
        shape = _reified_dest(op, b)
        return (list(offsets) + [0] * (out_rank - rank),
                list(sizes) + list(shape[rank:out_rank]))

    def generate_result_tile_value(self, op, b, index, offsets, sizes):
        from pyopt.rewrite.matchers import constant_int
        from pyopt.dialects.tensor.pack_patterns import mixed_tiles
        tiles = mixed_tiles(op)
        n = len(tiles)
        if any(constant_int(o) != 0 for o in offsets[len(offsets) - n:]):
            return None
        for t, s in zip(tiles, sizes[len(sizes) - n:]):
            ct, cs = constant_int(t), constant_int(s)
            if not ((ct is not None and ct == cs) or t is s):
                return None
        return self.tiled_implementation(op, b, offsets[:len(offsets) - n],
                                         sizes[:len(sizes) - n])


def _attach_pack():
    from pyopt.dialects.tensor import TENSOR
    attach(TENSOR.ops["tensor.pack"], TILING, PackTiling())


_attach_pack()


# ---------------------------------------------------------------------------- unpack
def _constant_upper_bound(x):
    """A closed constant upper bound of an index (ValueBoundsConstraintSet's question, for
    constants and affine.min with a constant result), or None."""
    from pyopt.ir.affine import AffineConstantExpr
    from pyopt.rewrite.matchers import constant_int
    c = constant_int(x)
    if c is not None:
        return c
    d = x.defining_op() if hasattr(x, "defining_op") else None
    if d is not None and d.name == "affine.min":
        consts = [e.value for e in d.properties["map"].value.results
                  if type(e) is AffineConstantExpr]
        return min(consts) if consts else None
    return None


def _unpack_tile_dim(b, op, d, offset, size):
    """getUnpackTileDimInfo: (aligned, source offset, source size, result offset, expanded
    destination size) for loop `d`'s tile."""
    from pyopt.ir.affine import dim
    from pyopt.rewrite.folding import create_or_fold
    from pyopt.ir.types import INDEX
    from pyopt.dialects.affine.builders import composed_apply, composed_folded_apply, value_of
    from pyopt.dialects.tensor.pack_patterns import inner_dims_pos, mixed_tiles
    from pyopt.rewrite.matchers import constant_int
    tiles = dict(zip(inner_dims_pos(op), mixed_tiles(op)))
    if d not in tiles:
        return True, offset, size, 0, size
    loc = op.loc
    inner = tiles[d]
    aligned = False
    cst, cst_inner = _constant_upper_bound(size), constant_int(inner)
    if cst is not None and cst_inner is not None:
        if cst % cst_inner == 0:
            aligned = True
        if cst_inner == cst:
            return (aligned, composed_folded_apply(b, dim(0).floordiv(dim(1)), [offset, inner],
                                                   loc), 1, 0, size)
    if aligned:
        src_off = composed_folded_apply(b, dim(0).floordiv(dim(1)), [offset, inner], loc)
        src_size = composed_folded_apply(b, dim(0).ceildiv(dim(1)), [size, inner], loc)
        return True, src_off, src_size, 0, size
    off_v, inner_v = value_of(b, offset, loc), value_of(b, inner, loc)
    first_q = composed_apply(b, dim(0).floordiv(dim(1)), [off_v, inner_v], loc)
    first_r = composed_apply(b, dim(0) % dim(1), [off_v, inner_v], loc)
    bound = composed_folded_apply(b, dim(0) + dim(1), [offset, size], loc)
    last = value_of(b, composed_folded_apply(b, dim(0) - dim(1), [bound, 1], loc), loc)
    inner_v2 = value_of(b, inner, loc)
    last_q = composed_apply(b, dim(0).floordiv(dim(1)), [last, inner_v2], loc)
    composed_apply(b, dim(0) % dim(1), [last, inner_v2], loc)
    length_m1 = composed_folded_apply(b, dim(0) - dim(1), [last_q, first_q], loc)
    src_size = composed_folded_apply(b, dim(0) + dim(1), [length_m1, 1], loc)
    expanded = create_or_fold(b, "arith.muli", [value_of(b, src_size, loc),
                                                value_of(b, inner, loc)], [INDEX], loc)[0]
    return False, first_q, src_size, first_r, expanded


class UnPackTiling:
    """One parallel loop per destination dim: a tile unpacks the source tiles covering it
    (into a slice of the destination when aligned to the inner tiles, else into a wider
    tensor.empty cut down afterwards)."""

    def iterator_types(self, op):
        return ["parallel"] * len(op.results[0].type.shape)

    def iteration_domain(self, op, b):
        ip = b.save()
        b.set_insertion_point(op)
        shape = _reified_dest(op, b)
        b.restore(ip)
        return [Range(0, s, 1) for s in shape]

    def tiled_implementation(self, op, b, offsets, sizes):
        from pyopt.dialects.tensor.empty_folding import create_empty
        from pyopt.dialects.tensor.pack_patterns import mixed_tiles
        from pyopt.dialects.tensor.relayout import outer_perm
        loc = op.loc
        dest_rank = len(op.results[0].type.shape)
        n_inner = len(op.source.type.shape) - dest_rank
        perfect = True
        src_offs, src_sizes, expanded, res_offs = [], [], [], []
        for d in range(dest_rank):
            aligned, so, ss, ro, ex = _unpack_tile_dim(b, op, d, offsets[d], sizes[d])
            perfect &= aligned
            src_offs.append(so)
            src_sizes.append(ss)
            expanded.append(ex)
            res_offs.append(ro)
        perm = outer_perm(op)
        if perm:
            src_offs, src_sizes = [src_offs[p] for p in perm], [src_sizes[p] for p in perm]
        src_offs += [0] * n_inner
        src_sizes += list(mixed_tiles(op))
        src = _extract(b, loc, op.source, src_offs, src_sizes)
        if perfect:
            dst = _extract(b, loc, op.dest, offsets, sizes)
        else:
            dst = create_empty(b, expanded, op.results[0].type.element_type, loc)
        new = b.create("tensor.unpack", [src, dst] + list(op.operands[2:]), [dst.type],
                       properties=dict(op.properties), attributes=dict(op.attributes), loc=loc)
        if perfect:
            return TilingResult([new], list(new.results))
        cut = _extract(b, loc, new.results[0], res_offs, sizes)
        return TilingResult([new], [cut])

    def result_tile_position(self, op, b, index, offsets, sizes):
        return list(offsets), list(sizes)

    def generate_result_tile_value(self, op, b, index, offsets, sizes):
        return self.tiled_implementation(op, b, offsets, sizes)


def _attach_unpack():
    from pyopt.dialects.tensor import TENSOR
    attach(TENSOR.ops["tensor.unpack"], TILING, UnPackTiling())


_attach_unpack()
