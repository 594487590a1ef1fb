"""The AVX2 part of `-test-math-polynomial-approximation=enable-avx2`: math.rsqrt on f32
vectors whose innermost size is a multiple of 8 becomes `x86vector.avx.rsqrt` (unrolled over
8-wide slices) refined by one Newton-Raphson step; narrower floats are widened to f32 first."""
from __future__ import annotations

from pyopt.ir.attributes import DenseArrayAttr, DenseElementsAttr
from pyopt.ir.types import I64, VectorType, element_type_or_self
from pyopt.rewrite.pattern import RewritePattern

from .builder import F_OEQ, F_OLT
from .polynomial import F32T, P, WidenToF32

AVX_WIDTH = 8


def _strides(dims):
    out, s = [], 1
    for d in reversed(dims):
        out.append(s)
        s *= d
    return out[::-1], s


def on_8_wide_slices(b, operands, compute):
    """Applies `compute` to 8-wide 1-D slices of n-D vectors (the innermost dimension split into
    [n/8, 8] first) and reassembles the results into the original shape."""
    shape = tuple(operands[0].type.shape)
    if shape == (AVX_WIDTH,):
        return compute(operands)
    expanded = list(shape)
    ops = list(operands)
    if shape[-1] // AVX_WIDTH > 1:
        expanded[-1:] = [shape[-1] // AVX_WIDTH, AVX_WIDTH]
        ops = [b.op("vector.shape_cast", [v], VectorType(expanded, v.type.element_type))
               for v in ops]
    outer = expanded[:-1]
    strides, count = _strides(outer)

    def position(i):
        return [(i // s) % d for s, d in zip(strides, outer)]

    results = []
    for i in range(count):
        pos = DenseArrayAttr(I64, position(i))
        slices = [b.op("vector.extract", [v], VectorType([AVX_WIDTH], v.type.element_type),
                       {"static_position": pos}) for v in ops]
        results.append(compute(slices))
    et = results[0].type.element_type
    wide_t = VectorType(expanded, et)
    acc = b.op("arith.constant", [], wide_t, {"value": DenseElementsAttr(wide_t, [0])})
    for i, r in enumerate(results):
        acc = b.op("vector.insert", [r, acc], wide_t,
                   {"static_position": DenseArrayAttr(I64, position(i))})
    return b.op("vector.shape_cast", [acc], VectorType(shape, et))


class RsqrtAvx2(RewritePattern):
    root = "math.rsqrt"

    def match_and_rewrite(self, op, rw):
        x = op.operand_
        t = x.type
        if element_type_or_self(t) != F32T or type(t) is not VectorType \
                or t.shape[-1] % AVX_WIDTH:
            return False
        b = P(rw, op, t)
        pos_inf = b.bcast(b.bits(0x7f800000))
        three_halves, neg_half = b.c(1.5), b.c(-0.5)
        min_norm = b.bcast(b.bits(0x00800000))
        neg_half_x = b.mul(x, neg_half)
        # denormals, zero, negatives and +inf keep the intrinsic's answer
        lt_min = b.cmpf(F_OLT, x, min_norm)
        is_inf = b.cmpf(F_OEQ, x, pos_inf)
        not_normal = b.f("arith.ori", lt_min, is_inf)
        y = on_8_wide_slices(b, [x], lambda v: b.f("x86vector.avx.rsqrt", v[0]))
        # y * (1.5 - y * (x/2) * y), without forming y*y (which may overflow)
        inner = b.mul(neg_half_x, y)
        newton = b.mul(y, b.fma(y, inner, three_halves))
        rw.replace_op(op, [b.select(not_normal, y, newton)])
        return True


def rsqrt_avx2_patterns():
    return [RsqrtAvx2(), WidenToF32("math.rsqrt")]
