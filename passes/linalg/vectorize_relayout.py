"""Vectorization of tensor.pad / tensor.pack / tensor.unpack (MLIR 19 Vectorization.cpp:
vectorizeAsTensorPadOp / PackOp / UnpackOp): a (masked) transfer_read of the source padded with
the padding value, the pack's or unpack's shape_cast + transpose, and a (masked) transfer_write
into a tensor.empty of the reified result shape."""
from __future__ import annotations

from pyopt.ir.affine import AffineMap
from pyopt.ir.attributes import DenseArrayAttr
from pyopt.ir.opdef import segment_sizes
from pyopt.ir.types import DYNAMIC, I1, I64, RankedTensorType, VectorType
from pyopt.interfaces import model
from pyopt.interfaces.shaped import REIFY_RANKED_SHAPED_TYPE
from pyopt.rewrite.matchers import constant_attr, constant_int
from pyopt.dialects.shaped_models import mixed_sizes
from pyopt.dialects.tensor.empty_folding import create_empty
from pyopt.dialects.tensor.pack_patterns import inner_dims_pos, mixed_tiles
from pyopt.dialects.tensor.pad_canonicalize import constant_padding_value
from pyopt.dialects.tensor.relayout import outer_perm
from pyopt.dialects.tensor.reshapes import collapsed_tensor_type

from passes.linalg.lower_pack import _invert, pack_unpack_perm
from passes.linalg.vectorization import (_const_index, bool_array, mask_operation, zero_attr)


def _valid_sizes(shape, sizes):
    """isValidMaskedInputVector."""
    return len(sizes) == len(shape) and DYNAMIC not in sizes and \
        all(s == DYNAMIC or s <= v for s, v in zip(shape, sizes))


def _reified(b, op):
    import pyopt.dialects.shaped_models  # noqa: F401 (the reify models)
    return model(op, REIFY_RANKED_SHAPED_TYPE).reify(op, b)[0]


def read_or_masked_read(b, loc, source, shape, pad, in_bounds_instead_of_mask):
    """vector::createReadOrMaskedRead."""
    src_shape = list(source.type.shape)
    rank = len(shape)
    zero = _const_index(b, 0, loc)
    in_bounds = [True] * rank
    if in_bounds_instead_of_mask:
        in_bounds = [s == r and s != DYNAMIC for s, r in zip(src_shape, shape)]
    props = {"permutation_map": _ident(rank), "in_bounds": bool_array(in_bounds),
             "operandSegmentSizes": segment_sizes([1, rank, 1, 0])}
    read = b.create("vector.transfer_read", [source] + [zero] * rank + [pad],
                    [VectorType(shape, pad.type, None)], properties=props, loc=loc)
    if list(shape) == src_shape or in_bounds_instead_of_mask:
        return read.results[0]
    mask = b.create("vector.create_mask", _values(b, mixed_sizes(b, source, loc), loc),
                    [VectorType(shape, I1, None)], loc=loc).results[0]
    return mask_operation(b, read, mask).results[0]


def write_or_masked_write(b, loc, value, dest_sizes, sizes, in_bounds_instead_of_mask):
    """createWriteOrMaskedWrite: into a tensor.empty of `dest_sizes`."""
    vt = value.type
    dest = create_empty(b, dest_sizes, vt.element_type, loc)
    dshape = list(dest.type.shape)
    rank = len(dshape)
    zero = _const_index(b, 0, loc)
    in_bounds = [True] * rank
    if in_bounds_instead_of_mask:
        in_bounds = [d == s and d != DYNAMIC for d, s in zip(dshape, sizes)]
    props = {"permutation_map": _ident(rank), "in_bounds": bool_array(in_bounds),
             "operandSegmentSizes": segment_sizes([1, 1, rank, 0])}
    write = b.create("vector.transfer_write", [value, dest] + [zero] * rank, [dest.type],
                     properties=props, loc=loc)
    if in_bounds_instead_of_mask or list(sizes) == dshape[:len(sizes)]:
        return write
    mshape = list(sizes) + dshape[len(sizes):]
    mask = b.create("vector.create_mask", _values(b, dest_sizes, loc),
                    [VectorType(mshape, I1, None)], loc=loc).results[0]
    return mask_operation(b, write, mask)


def _values(b, mixed, loc):
    return [_const_index(b, x, loc) if isinstance(x, int) else x for x in mixed]


def _ident(rank):
    from pyopt.ir.attributes import AffineMapAttr
    return AffineMapAttr(AffineMap.get_multi_dim_identity(rank))


def _zero(b, t, loc):
    return b.create("arith.constant", [], [t], properties={"value": zero_attr(t)},
                    loc=loc).results[0]


def _i64_array(v):
    return DenseArrayAttr(I64, list(v))


def vectorize_pad(b, op, sizes):
    pad_value = constant_padding_value(op)
    rshape = list(op.results[0].type.shape)
    if pad_value is None or not _valid_sizes(rshape, sizes):
        return None
    if any(constant_int(x) != 0 for x in op.low) or \
            any(v != 0 for v in op.get_attr("static_low").values if v != DYNAMIC):
        return None
    loc = op.loc
    b.set_insertion_point(op)
    shapes = _reified(b, op)
    read = read_or_masked_read(b, loc, op.source, sizes, pad_value, False)
    return write_or_masked_write(b, loc, read, shapes, sizes, False)


def vectorize_pack(b, op, sizes):
    pv = op.padding_value
    if pv is not None and constant_attr(pv) is None:
        return None
    tiles = [constant_int(t) for t in mixed_tiles(op)]
    if None in tiles:
        return None
    src_rank = len(op.source.type.shape)
    dshape = list(op.results[0].type.shape)
    if sizes or DYNAMIC in dshape or DYNAMIC in op.source.type.shape:
        if not _valid_sizes(dshape[:src_rank], sizes):
            return None
    loc = op.loc
    b.set_insertion_point(op)
    if pv is None:
        pv = _zero(b, op.source.type.element_type, loc)
    shapes = _reified(b, op)
    in_bounds = False
    if not sizes:
        sizes = dshape[:src_rank]
        in_bounds = True
    inner, outer = inner_dims_pos(op), outer_perm(op)
    shape = list(sizes)
    if outer:
        inv = _invert(outer)
        shape = [shape[p] for p in inv]
    for i, t in zip(inner, tiles):
        shape[i] *= t
    read = read_or_masked_read(b, loc, op.source, shape, pv, in_bounds)
    perm, _, _ = pack_unpack_perm(len(dshape), inner, outer)
    dest_shape = list(sizes) + tiles
    tiled = [dest_shape[p] for p in perm]
    et = op.results[0].type.element_type
    sc = b.create("vector.shape_cast", [read], [VectorType(tiled, et, None)], loc=loc).results[0]
    dperm = _invert(perm)
    tr = b.create("vector.transpose", [sc], [VectorType([tiled[p] for p in dperm], et, None)],
                  properties={"permutation": _i64_array(dperm)}, loc=loc).results[0]
    return write_or_masked_write(b, loc, tr, shapes, sizes, False)


def vectorize_unpack(b, op, sizes):
    tiles = [constant_int(t) for t in mixed_tiles(op)]
    if None in tiles:
        return None
    src = op.source.type
    dtype = op.results[0].type
    drank = len(dtype.shape)
    if not (not sizes and DYNAMIC not in dtype.shape and DYNAMIC not in src.shape) and \
            not _valid_sizes(list(dtype.shape), sizes):
        return None
    inner, outer = inner_dims_pos(op), outer_perm(op)
    in_bounds = False
    vsizes = list(sizes)
    if not vsizes:
        vsizes = list(src.shape[:drank])
        if outer:
            vsizes = [vsizes[p] for p in outer]
        for i, pos in enumerate(inner):
            vsizes[pos] *= tiles[i]
        in_bounds = True
    read_sizes = list(vsizes)
    for i, t in enumerate(tiles):
        read_sizes[inner[i]] = -(-read_sizes[inner[i]] // t)
    if outer:
        read_sizes = [read_sizes[p] for p in outer]
    read_sizes += list(src.shape[len(vsizes):])
    loc = op.loc
    b.set_insertion_point(op)
    shapes = _reified(b, op)
    pv = _zero(b, src.element_type, loc)
    read = read_or_masked_read(b, loc, op.source, read_sizes, pv, False)
    perm, _, groups = pack_unpack_perm(len(src.shape), inner, outer)
    strip = [read.type.shape[p] for p in perm]
    tr = b.create("vector.transpose", [read], [VectorType(strip, src.element_type, None)],
                  properties={"permutation": _i64_array(perm)}, loc=loc).results[0]
    collapsed = collapsed_tensor_type(RankedTensorType(strip, src.element_type), groups)
    sc = b.create("vector.shape_cast", [tr],
                  [VectorType(list(collapsed.shape), src.element_type, None)],
                  loc=loc).results[0]
    wsizes = vsizes if DYNAMIC not in dtype.shape else list(collapsed.shape)
    return write_or_masked_write(b, loc, sc, shapes, wsizes, in_bounds)


VECTORIZERS = {"tensor.pad": vectorize_pad, "tensor.pack": vectorize_pack,
               "tensor.unpack": vectorize_unpack}
