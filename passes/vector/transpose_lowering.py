"""vector.transpose lowering strategies (populateVectorTransposeLoweringPatterns with a
VectorTransposeLowering option): "eltwise" extracts/inserts element by element (the pattern
convert-vector-to-llvm uses, passes/conversion/vector_to_llvm/shape.py); "flat_transpose"
turns a 2-D [1, 0] transpose into vector.flat_transpose between shape_casts; "shuffle_1d"
turns a transpose of the only two non-unit dims into one vector.shuffle of the flattened
vector; "shuffle_16x16" does the same except for 16x16 slices, transposed row by row with the
AVX-512 unpack / 128-bit-lane shuffle sequence (as 4 rounds of 16 two-row shuffles)."""
from __future__ import annotations

from pyopt.ir.attributes import IntegerAttr
from pyopt.ir.types import I32, VectorType
from passes.conversion.vector_to_llvm.prepare import const
from passes.conversion.vector_to_llvm.shape import (Transpose2DUnitDim, TransposeEltWise,
                                                     _extract, _insert, _shuffle)

ELTWISE, FLAT, SHUFFLE_1D, SHUFFLE_16X16 = 0, 1, 2, 3


def transpose_2d_slice(op):
    """isTranspose2DSlice: the two source dims > 1, when the permutation swaps them."""
    st = op.vector.type
    big = [i for i, s in enumerate(st.shape) if s > 1]
    if len(big) != 2:
        return None
    perm = list(op.properties["permutation"].values)
    # the two dims keep their relative order in the result iff they are not transposed
    kept = [d for d in perm if d in big]
    return None if kept == big else tuple(big)


def _shape_cast(rw, loc, v, t):
    return rw.create("vector.shape_cast", [v], [t], loc=loc).results[0]


class TransposeLowering(TransposeEltWise):
    """TransposeOpLowering: eltwise, or flat_transpose for a 2-D [1, 0] transpose; leaves
    2-D slice transposes to TransposeShuffle under a shuffle strategy."""

    def __init__(self, strategy=ELTWISE):
        super().__init__()
        self.strategy = strategy

    def match_and_rewrite(self, op, rw):
        if self.strategy in (SHUFFLE_1D, SHUFFLE_16X16) and transpose_2d_slice(op):
            return False
        rt = op.results[0].type
        perm = list(op.properties["permutation"].values)
        if self.strategy == FLAT and len(rt.shape) == 2 and perm == [1, 0] \
                and not any(rt.scalable_dims):
            loc = op.loc
            flat = VectorType([rt.shape[0] * rt.shape[1]], rt.element_type)
            m = _shape_cast(rw, loc, op.vector, flat)
            t = rw.create("vector.flat_transpose", [m], [flat],
                          properties={"rows": IntegerAttr(I32, rt.shape[0]),
                                      "columns": IntegerAttr(I32, rt.shape[1])},
                          loc=loc).results[0]
            rw.replace_op(op, [_shape_cast(rw, loc, t, rt)])
            return True
        return super().match_and_rewrite(op, rw)


def _unpack(base):
    """An unpack{lo,hi}_{ps,pd} mask on two 16-lane rows: `base` repeated per 128-bit lane."""
    return [b + lane for lane in range(0, 16, 4) for b in base]


_LO_PS, _HI_PS = _unpack([0, 16, 1, 17]), _unpack([2, 18, 3, 19])
_LO_PD, _HI_PD = _unpack([0, 1, 16, 17]), _unpack([2, 3, 18, 19])


def _lanes(control):
    """shuffle_i32x4 with an 8-bit control: 128-bit lanes of the first row for the low half
    of the result, of the second row for the high half."""
    sel = [(control >> s) & 3 for s in (0, 2, 4, 6)]
    return [base + 4 * c + k for base, c in zip((0, 0, 16, 16), sel) for k in range(4)]


def _transpose_16x16(rw, loc, src):
    """transposeToShuffle16x16 on a vector<16x16xT>."""
    def shuf(a, b, mask):
        return _shuffle(rw, loc, a, b, mask)
    v = [_extract(rw, loc, src, [i]) for i in range(16)]
    # interleave 32-bit lanes of row pairs, then 64-bit lanes of pairs of those
    t = [shuf(v[i & ~1], v[i | 1], _HI_PS if i & 1 else _LO_PS) for i in range(16)]
    r = []
    for q in range(0, 16, 4):
        for a, b in ((q, q + 2), (q + 1, q + 3)):
            r += [shuf(t[a], t[b], _LO_PD), shuf(t[a], t[b], _HI_PD)]
    # permute 128-bit lanes, then 256-bit lanes
    t = [shuf(r[h * 8 + (i & 3)], r[h * 8 + 4 + (i & 3)], _lanes(0xdd if i & 4 else 0x88))
         for h in range(2) for i in range(8)]
    v = [shuf(t[i & 7], t[8 + (i & 7)], _lanes(0xdd if i & 8 else 0x88)) for i in range(16)]
    res = const(rw, loc, src.type)
    for i in range(16):
        res = _insert(rw, loc, v[i], res, [i])
    return res


class TransposeShuffle(TransposeEltWise):
    """TransposeOp2DToShuffleLowering."""

    def __init__(self, strategy=SHUFFLE_1D):
        super().__init__()
        self.strategy = strategy

    def match_and_rewrite(self, op, rw):
        st = op.vector.type
        dims = transpose_2d_slice(op)
        if any(st.scalable_dims) or dims is None:
            return False
        m, n = st.shape[dims[0]], st.shape[dims[1]]
        loc = op.loc
        flat = _shape_cast(rw, loc, op.vector, VectorType([m * n], st.element_type))
        if self.strategy == SHUFFLE_16X16 and m == n == 16:
            square = _shape_cast(rw, loc, flat, VectorType([m, n], st.element_type))
            res = _transpose_16x16(rw, loc, square)
        else:
            mask = [i * n + j for j in range(n) for i in range(m)]
            res = _shuffle(rw, loc, flat, flat, mask)
        rw.replace_op(op, [_shape_cast(rw, loc, res, op.results[0].type)])
        return True


def transpose_patterns(strategy=ELTWISE):
    pats = [Transpose2DUnitDim(), TransposeLowering(strategy)]
    if strategy in (SHUFFLE_1D, SHUFFLE_16X16):
        pats.append(TransposeShuffle(strategy))
    return pats
