"""Index arithmetic of narrow-type emulation (MLIR's getLinearizedMemRefOffsetAndSize and the
bit-offset helpers): positions in a memref of `src_bits` elements as positions in its packed
1-D memref of `dst_bits` elements. Values are mixed: ints when they fold to constants."""
from __future__ import annotations

from pyopt.ir.affine import constant, symbol
from pyopt.ir.types import DYNAMIC, IntegerType
from pyopt.dialects.affine.builders import composed_folded_apply, value_of
from passes.memref.common import create_extract_strided_metadata, strides_offset


def linearized_offset_and_size(rw, loc, src_bits, dst_bits, offset, sizes, strides,
                               indices=()):
    """(scaled base offset, scaled linear size, linearized index of `indices` (in elements
    of `src_bits`, scaled too))."""
    rank = len(sizes)
    indices = list(indices) or [0] * rank
    add_mul, mul = constant(0), constant(1)
    operands = []
    for i in range(rank):
        add_mul = add_mul + symbol(2 * i) * symbol(2 * i + 1)
        operands += [indices[i], strides[i]]
        mul = mul * symbol(i)
    scale = dst_bits // src_bits
    index = composed_folded_apply(rw, add_mul.floordiv(scale), operands, loc)
    size = composed_folded_apply(rw, mul.floordiv(scale), sizes, loc)
    base = composed_folded_apply(rw, symbol(0).floordiv(scale), [offset], loc)
    return base, size, index


def linearized_offset_and_size_contiguous(rw, loc, src_bits, dst_bits, offset, sizes):
    """The same for a row-major identity layout of `sizes` (the strides are built from them)."""
    strides = [0] * len(sizes)
    if sizes:
        strides[-1] = 1
        for i in range(len(sizes) - 1, 0, -1):
            strides[i - 1] = composed_folded_apply(rw, symbol(0) * symbol(1),
                                                   [strides[i], sizes[i]], loc)
    base, size, _ = linearized_offset_and_size(rw, loc, src_bits, dst_bits, offset, sizes,
                                               strides)
    return base, size


def constified_metadata(rw, memref, loc):
    """extract_strided_metadata of `memref`: (offset, sizes, strides), the static ones of its
    type as ints (getConstifiedMixed*)."""
    md = create_extract_strided_metadata(rw, memref, loc)
    t = memref.type
    rank = len(t.shape)
    res = md.results
    strides, off = strides_offset(t)
    if strides is None:
        strides, off = [DYNAMIC] * rank, DYNAMIC

    def pick(static, v):
        return v if static == DYNAMIC else static
    return (pick(off, res[1]), [pick(s, v) for s, v in zip(t.shape, res[2:2 + rank])],
            [pick(s, v) for s, v in zip(strides, res[2 + rank:])])


def linearized_src_index(rw, loc, src_bits, indices, memref):
    """getLinearizedSrcIndices: the linear element index (unscaled) of `indices` in `memref`."""
    off, sizes, strides = constified_metadata(rw, memref, loc)
    return linearized_offset_and_size(rw, loc, src_bits, src_bits, off, sizes, strides,
                                      indices)[2]


def scaled_index(rw, loc, index, src_bits, dst_bits):
    """getIndicesForLoadOrStore: the packed element holding element `index`."""
    return value_of(rw, composed_folded_apply(
        rw, symbol(0).floordiv(dst_bits // src_bits), [index], loc), loc)


def bit_offset(rw, loc, index, src_bits, dst_bits):
    """getOffsetForBitwidth: the bit position of element `index` in its packed element, as an
    i<dst_bits>."""
    e = (symbol(0) % (dst_bits // src_bits)) * src_bits
    v = value_of(rw, composed_folded_apply(rw, e, [index], loc), loc)
    return rw.create("arith.index_cast", [v], [IntegerType(dst_bits)], loc=loc).results[0]
