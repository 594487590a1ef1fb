"""The slices of a linalg op's operands that one tile of its iteration space reads and
writes (MLIR 19 Linalg/Utils: computeSliceParameters, makeTiledShapes, offsetIndices).

Offsets and sizes are "int or index Value" lists (OpFoldResult). Ops are built in upstream's
order, dead helper applies included, so tiled IR prints as mlir-opt-19's does."""
from __future__ import annotations

from pyopt.ir.affine import AffineBinaryOpExpr, AffineDimExpr, AffineMap, dim, symbol
from pyopt.ir.types import DYNAMIC, MemRefType, RankedTensorType
from pyopt.interfaces.destination_style import init_indices
from pyopt.rewrite.matchers import constant_int
from pyopt.dialects.affine.builders import composed_folded_apply, composed_folded_min, value_of
from pyopt.dialects.shaped_models import folded_dim_value
from pyopt.dialects.linalg.structured import indexing_maps


def is_zero(x):
    return constant_int(x) == 0


def folded_dim(b, v, i, loc):
    """createFoldedDimOp: a static size as an int, else a (folded) dim op of `v`."""
    s = v.type.shape[i]
    return s if s != DYNAMIC else folded_dim_value(b, v, i, loc)


def _dims_of(e, out):
    if type(e) is AffineDimExpr:
        out.append(e.position)
    elif isinstance(e, AffineBinaryOpExpr):
        _dims_of(e.lhs, out)
        _dims_of(e.rhs, out)
    return out


def is_tiled(expr_or_map, tile_sizes):
    """Whether the expression (or any result of the map) uses a dim with a non-zero tile."""
    exprs = expr_or_map.results if isinstance(expr_or_map, AffineMap) else [expr_or_map]
    return any(not is_zero(tile_sizes[d]) for e in exprs for d in _dims_of(e, []))


class SliceParameters:
    __slots__ = ("offsets", "sizes", "strides")

    def __init__(self):
        self.offsets, self.sizes, self.strides = [], [], []


def compute_slice_parameters(b, loc, value, tile_sizes, m, lbs, ubs, sub_shape_sizes,
                             omit_partial_tile_check):
    """computeSliceParameters: offsets/sizes/strides of `value`'s slice for the tile starting
    at `lbs` with closed sizes `sub_shape_sizes` (size - 1), read through the indexing map
    `m`; without `omit_partial_tile_check` a size is bounded by the operand's extent."""
    shape = value.type.shape
    sp = SliceParameters()
    for r in range(len(shape)):
        sub = m.get_sub_map([r])
        if not is_tiled(sub, tile_sizes):
            sp.offsets.append(0)
            sp.sizes.append(folded_dim(b, value, r, loc))
            sp.strides.append(1)
            continue
        offset = composed_folded_apply(b, sub, lbs, loc)
        sp.offsets.append(offset)
        closed = composed_folded_apply(b, sub, sub_shape_sizes, loc)
        size = composed_folded_apply(b, symbol(0) + 1, [closed], loc)
        sp.strides.append(1)
        if omit_partial_tile_check:
            sp.sizes.append(size)
            continue
        cst = constant_int(size)
        divides = cst is not None and shape[r] != DYNAMIC and cst != 0 and shape[r] % cst == 0
        if cst != 1 and not divides:
            max_indices = [composed_folded_apply(b, dim(0) - 1, [ub], loc) for ub in ubs]
            max_index = composed_folded_apply(b, sub, max_indices, loc)
            d = composed_folded_apply(b, dim(0) + 1, [max_index], loc)
            size = composed_folded_min(b, AffineMap(3, 0, [dim(1) - dim(2), dim(0)]),
                                       [size, d, offset], loc)
        sp.sizes.append(size)
    return sp


def tile_offsets(ivs, tile_sizes):
    """computeTileOffsets: the next iv for each tiled loop, 0 for the others."""
    it = iter(ivs)
    return [0 if is_zero(t) else next(it) for t in tile_sizes]


def tile_closed_sizes(b, loc, tile_sizes, size_bounds):
    """computeTileSizes: each loop's tile size (or bound when untiled) minus one."""
    return [composed_folded_apply(b, dim(0) - 1, [size_bounds[i] if is_zero(t) else t], loc)
            for i, t in enumerate(tile_sizes)]


def materialize_slice(b, loc, value, sp):
    """A tensor.extract_slice or memref.subview of `value` with the slice parameters."""
    from pyopt.dialects.tensor.slice_canonicalize import create_extract_slice, slice_properties
    static_sizes = [s if isinstance(s, int) else DYNAMIC for s in sp.sizes]
    t = value.type
    if type(t) is RankedTensorType:
        rt = RankedTensorType(static_sizes, t.element_type, t.encoding)
        return create_extract_slice(b, rt, value, sp.offsets, sp.sizes, sp.strides, loc)
    from pyopt.dialects.memref.views import subview_result_type
    static = [[x if isinstance(x, int) else DYNAMIC for x in lst]
              for lst in (sp.offsets, sp.sizes, sp.strides)]
    rt = subview_result_type(t, *static)
    props, dyn = slice_properties(sp.offsets, sp.sizes, sp.strides, 1)
    return b.create("memref.subview", [value] + dyn, [rt], properties=props,
                    loc=loc).results[0]


def make_tiled_shapes(b, loc, op, values, ivs, tile_sizes, size_bounds,
                      omit_partial_tile_check):
    """makeTiledShapes: each operand's slice for the tile (an operand untouched by the tiled
    loops is used whole, except tensor inits, which always get a slice)."""
    lbs = tile_offsets(ivs, tile_sizes)
    sub_sizes = tile_closed_sizes(b, loc, tile_sizes, size_bounds)
    inits = set(init_indices(op))
    params = []
    for i, (m, v) in enumerate(zip(indexing_maps(op), values)):
        if not is_tiled(m, tile_sizes) and not (type(op.operand(i).type) is RankedTensorType
                                                and i in inits):
            params.append(None)
            continue
        params.append(compute_slice_parameters(b, loc, v, tile_sizes, m, lbs, size_bounds,
                                               sub_sizes, omit_partial_tile_check))
    return [v if sp is None else materialize_slice(b, loc, v, sp)
            for v, sp in zip(values, params)]


def offset_indices(b, op, offsets):
    """offsetIndices: each linalg.index in the tiled op's body shifted by its loop's tile
    offset."""
    block = op.regions[0].blocks[0]
    for idx in [o for o in block if o.name == "linalg.index"]:
        d = idx.properties["dim"].value
        if d >= len(offsets) or offsets[d] is None:
            continue
        ip = b.save()
        b.set_insertion_point_after(idx)
        applied = composed_folded_apply(b, dim(0) + dim(1), [idx.results[0], offsets[d]],
                                        idx.loc)
        new = value_of(b, applied, idx.loc)
        b.restore(ip)
        owner = new.defining_op()
        idx.results[0].replace_uses_if(new, lambda use: use.owner is not owner)


def tensor_output_types(op, operands):
    """getTensorOutputTypes: the tiled inits' types (none on buffers)."""
    if any(isinstance(v.type, MemRefType) for v in op.operands):
        return []
    return [operands[i].type for i in init_indices(op)]
