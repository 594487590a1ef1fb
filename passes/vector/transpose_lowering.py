"""vector.transpose lowering strategies (populateVectorTransposeLoweringPatterns with a
VectorTransposeLowering option): "eltwise" extracts/inserts element by element (the pattern
convert-vector-to-llvm uses, passes/conversion/vector_to_llvm/shape.py); "flat_transpose"
turns a 2-D [1, 0] transpose into vector.flat_transpose between shape_casts; "shuffle_1d"
(and "shuffle_16x16", whose 16x16 special case is not implemented, so it takes the 1-D
shuffle too) turns a transpose of the only two non-unit dims into one vector.shuffle of the
flattened vector."""
from __future__ import annotations

from pyopt.ir.attributes import IntegerAttr
from pyopt.ir.types import I32, VectorType
from passes.conversion.vector_to_llvm.shape import (Transpose2DUnitDim, TransposeEltWise,
                                                     _shuffle)

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


class TransposeShuffle(TransposeEltWise):
    """TransposeOp2DToShuffleLowering (its 1-D shuffle form)."""

    def match_and_rewrite(self, op, rw):
        st = op.vector.type
        dims = transpose_2d_slice(op)
        if any(st.scalable_dims) or dims is None:
            return False
        m, n = st.shape[dims[0]], st.shape[dims[1]]
        loc = op.loc
        flat = _shape_cast(rw, loc, op.vector, VectorType([m * n], st.element_type))
        mask = [i * n + j for j in range(n) for i in range(m)]
        res = _shuffle(rw, loc, flat, flat, mask)
        rw.replace_op(op, [_shape_cast(rw, loc, res, op.results[0].type)])
        return True


def transpose_patterns(strategy=ELTWISE):
    pats = [Transpose2DUnitDim(), TransposeLowering(strategy)]
    if strategy in (SHUFFLE_1D, SHUFFLE_16X16):
        pats.append(TransposeShuffle())
    return pats
