"""AVX2-specialised transposes of f32 2-D slices (19's x86vector::avx2
populateSpecializedTransposeLoweringPatterns, used by apply_patterns.vector.lower_transpose
with avx2_lowering_strategy = true at benefit 10): 4x8 and 8x8 slices are transposed row by
row with the vector.shuffle forms of _mm256_unpack{lo,hi}_ps, _mm256_shuffle_ps and
_mm256_permute2f128_ps; 8x8 also blends with an inline `vblendps` (as 19 does, so that LLVM
keeps the blend)."""
from __future__ import annotations

from pyopt.ir.attributes import IntegerAttr, StringAttr
from pyopt.ir.types import F32, I64, VectorType
from pyopt.rewrite.pattern import RewritePattern
from passes.conversion.vector_to_llvm.prepare import const
from passes.conversion.vector_to_llvm.shape import _extract, _insert, _shuffle
from passes.vector.transpose_lowering import _shape_cast, transpose_2d_slice

_INTEL = IntegerAttr(I64, 1)


def _unpack_lo(rw, loc, a, b):
    return _shuffle(rw, loc, a, b, [0, 8, 1, 9, 4, 12, 5, 13])


def _unpack_hi(rw, loc, a, b):
    return _shuffle(rw, loc, a, b, [2, 10, 3, 11, 6, 14, 7, 15])


def _shuffle_ps(rw, loc, a, b, b67, b45, b23, b01):
    """_mm256_shuffle_ps: per 128-bit half, two lanes of `a` then two of `b`."""
    return _shuffle(rw, loc, a, b, [b01, b23, b45 + 8, b67 + 8,
                                    b01 + 4, b23 + 4, b45 + 12, b67 + 12])


def _permute2f128(rw, loc, a, b, hi, lo):
    """_mm256_permute2f128_ps: each result half one of the four 128-bit halves of a, b."""
    return _shuffle(rw, loc, a, b, [4 * c + k for c in (lo, hi) for k in range(4)])


def _blend_asm(rw, loc, a, b, mask):
    props = {"asm_string": StringAttr(f"vblendps $0, $1, $2, {mask:#04x}"),
             "constraints": StringAttr("=x,x,x"), "asm_dialect": _INTEL}
    return rw.create("llvm.inline_asm", [a, b], [a.type], properties=props,
                     loc=loc).results[0]


def _transpose_4x8(rw, loc, vs):
    t0, t1 = _unpack_lo(rw, loc, vs[0], vs[1]), _unpack_hi(rw, loc, vs[0], vs[1])
    t2, t3 = _unpack_lo(rw, loc, vs[2], vs[3]), _unpack_hi(rw, loc, vs[2], vs[3])
    s0 = _shuffle_ps(rw, loc, t0, t2, 1, 0, 1, 0)
    s1 = _shuffle_ps(rw, loc, t0, t2, 3, 2, 3, 2)
    s2 = _shuffle_ps(rw, loc, t1, t3, 1, 0, 1, 0)
    s3 = _shuffle_ps(rw, loc, t1, t3, 3, 2, 3, 2)
    return [_permute2f128(rw, loc, a, b, hi, lo)
            for hi, lo in ((2, 0), (3, 1)) for a, b in ((s0, s1), (s2, s3))]


def _transpose_8x8(rw, loc, vs):
    t = []
    for i in range(0, 8, 2):
        t += [_unpack_lo(rw, loc, vs[i], vs[i + 1]), _unpack_hi(rw, loc, vs[i], vs[i + 1])]
    sh = [_shuffle_ps(rw, loc, t[a], t[a + 2], 1, 0, 3, 2) for a in (0, 1, 4, 5)]
    s = []
    for k, (a, b) in enumerate(((0, 2), (1, 3), (4, 6), (5, 7))):
        s += [_blend_asm(rw, loc, t[a], sh[k], 0xcc), _blend_asm(rw, loc, t[b], sh[k], 0x33)]
    return [_permute2f128(rw, loc, s[i], s[i + 4], hi, lo)
            for hi, lo in ((2, 0), (3, 1)) for i in range(4)]


class Avx2Transpose(RewritePattern):
    root = "vector.transpose"
    benefit = 10

    def match_and_rewrite(self, op, rw):
        st = op.vector.type
        dims = transpose_2d_slice(op)
        if st.element_type is not F32 or dims is None:
            return False
        m, n = st.shape[dims[0]], st.shape[dims[1]]
        if n != 8 or m not in (4, 8):
            return False
        loc = op.loc
        flat_t, square_t = VectorType([m * n], F32), VectorType([m, n], F32)
        square = _shape_cast(rw, loc, _shape_cast(rw, loc, op.vector, flat_t), square_t)
        vs = [_extract(rw, loc, square, [i]) for i in range(m)]
        vs = (_transpose_4x8 if m == 4 else _transpose_8x8)(rw, loc, vs)
        res = const(rw, loc, square_t)
        for i, v in enumerate(vs):
            res = _insert(rw, loc, v, res, [i])
        res = _shape_cast(rw, loc, _shape_cast(rw, loc, res, flat_t), op.results[0].type)
        rw.replace_op(op, [res])
        return True
