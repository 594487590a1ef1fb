"""Expansions of math ops into arith ops (and simpler math ops), as mlir-opt 19's
`populateExpand*Pattern`s do; `-test-expand-math` applies all of them. Each expansion emits its
ops in upstream's order, since tests check the sequence."""
from __future__ import annotations

import math

from pyopt.ir.types import FloatType, I32, I64, IntegerType, element_type_or_self
from pyopt.pass_registry import register_pass
from pyopt.rewrite.greedy import GreedyConfig, apply_patterns_greedily
from pyopt.syntax.float_format import KINDS

from .builder import (BuildReplacement, F_OEQ, F_OGT, F_OLT, F_ONE, I_EQ, I_NE, I_SGE, I_SLT, I_ULE,
                      like)
from .matchers import constant_int


def _truncated(b, x):
    """x rounded toward zero through i64, keeping the sign of -0."""
    t = x.type
    fixed = b.cast("arith.sitofp", b.cast("arith.fptosi", x, like(t, I64)), t)
    return b.f("math.copysign", fixed, x)


def sinh(op, b):
    x = op.operand_
    d = b.f("arith.subf", b.f("math.exp", x), b.f("math.exp", b.f("arith.negf", x)))
    return b.f("arith.mulf", d, b.fconst(x.type, 0.5))


def cosh(op, b):
    x = op.operand_
    s = b.f("arith.addf", b.f("math.exp", x), b.f("math.exp", b.f("arith.negf", x)))
    return b.f("arith.mulf", s, b.fconst(x.type, 0.5))


def tanh(op, b):
    # tanh(x) = sign(x) * (1 - e^(-2|x|)) / (1 + e^(-2|x|)), so the exponential never overflows
    x = op.operand_
    t = x.type
    zero, one, neg_two = b.fconst(t, 0.0), b.fconst(t, 1.0), b.fconst(t, -2.0)
    is_neg = b.cast("arith.uitofp", b.cmpf(F_OLT, x, zero), t)
    sign = b.f("arith.addf", b.f("arith.mulf", is_neg, neg_two), one)
    pos = b.f("arith.mulf", sign, x)
    e = b.f("math.exp", b.f("arith.mulf", neg_two, pos))
    r = b.f("arith.divf", b.f("arith.subf", one, e), b.f("arith.addf", one, e))
    return b.f("arith.mulf", sign, r)


def tan(op, b):
    x = op.operand_
    return b.f("arith.divf", b.f("math.sin", x), b.f("math.cos", x))


def _log_of_x_plus_sqrt(op, b, c):
    # log(x + sqrt(x*x + c))
    x = op.operand_
    r = b.f("math.sqrt", b.f("math.fma", x, x, b.fconst(x.type, c)))
    return b.f("math.log", b.f("arith.addf", x, r))


def asinh(op, b):
    return _log_of_x_plus_sqrt(op, b, 1.0)


def acosh(op, b):
    return _log_of_x_plus_sqrt(op, b, -1.0)


def atanh(op, b):
    # log((1 + x) / (1 - x)) / 2
    x = op.operand_
    one = b.fconst(x.type, 1.0)
    num = b.f("arith.addf", x, one)
    den = b.f("arith.addf", b.f("arith.negf", x), one)
    return b.f("arith.mulf", b.f("math.log", b.f("arith.divf", num, den)), b.fconst(x.type, 0.5))


def fma(op, b):
    a, c, d = op.a, op.b, op.c
    return b.f("arith.addf", b.f("arith.mulf", a, c), d)


def floor(op, b):
    x = op.operand_
    t = x.type
    y = _truncated(b, x)
    zero, neg_one = b.fconst(t, 0.0), b.fconst(t, -1.0)
    incr = b.select(b.cmpf(F_OLT, x, zero), neg_one, zero)
    return b.f("arith.addf", y, incr)


def ceil(op, b):
    x = op.operand_
    t = x.type
    y = _truncated(b, x)
    zero, one = b.fconst(t, 0.0), b.fconst(t, 1.0)
    incr = b.select(b.cmpf(F_OGT, x, y), one, zero)
    return b.f("arith.addf", y, incr)


def fpowi(op, b):
    """Square-and-multiply for a constant exponent, else powf of the converted exponent."""
    base, power = op.lhs, op.rhs
    t = base.type
    n = constant_int(power)
    if n is None:
        return b.f("math.powf", base, b.cast("arith.sitofp", power, t))
    one = b.fconst(t, 1.0)
    res = b.fconst(t, 1.0)
    k = abs(n)
    while k:
        if k & 1:
            res = b.f("arith.mulf", base, res)
        k >>= 1
        base = b.f("arith.mulf", base, base)
    if n < 0:
        # 1/res, with res == +-0 giving +-inf
        zero, neg_zero = b.fconst(t, 0.0), b.fconst(t, -0.0)
        inf, neg_inf = b.fconst(t, math.inf), b.fconst(t, -math.inf)
        is_zero = b.cmpf(F_OEQ, res, zero)
        is_neg_zero = b.cmpf(F_OEQ, res, neg_zero)
        res = b.f("arith.divf", one, res)
        res = b.select(is_zero, inf, res)
        res = b.select(is_neg_zero, neg_inf, res)
    return res


def powf(op, b):
    # a^p = exp(p/2 * log(a*a)), negated for a negative base with an odd exponent
    a, p = op.lhs, op.rhs
    t = a.type
    zero, two, neg_one = b.fconst(t, 0.0), b.fconst(t, 2.0), b.fconst(t, -1.0)
    sq = b.f("arith.mulf", a, a)
    half_p = b.f("arith.divf", p, two)
    e = b.f("math.exp", b.f("arith.mulf", half_p, b.f("math.log", sq)))
    neg_e = b.f("arith.mulf", e, neg_one)
    rem = b.f("arith.remf", p, two)
    is_neg = b.cmpf(F_OLT, a, zero)
    is_odd = b.cmpf(F_ONE, rem, zero)
    return b.select(b.f("arith.andi", is_odd, is_neg), neg_e, e)


def exp2(op, b):
    x = op.operand_
    return b.f("math.exp", b.f("arith.mulf", x, b.fconst(x.type, math.log(2.0))))


def round_(op, b):
    """f32 only: trunc(x + copysign(0.5, x)), except where the biased exponent is >= 23
    (large values, inf and NaN are already integral or unrepresentable in i64)."""
    x = op.operand_
    t = x.type
    if element_type_or_self(t) != FloatType("f32"):
        return None
    it = like(t, I32)
    half = b.fconst(t, 0.5)
    c23, c127, exp_mask = b.iconst(it, 23), b.iconst(it, 127), b.iconst(it, 255)
    incr = b.f("math.copysign", half, x)
    fixed = _truncated(b, b.f("arith.addf", x, incr))
    bits = b.cast("arith.bitcast", x, it)
    exp = b.f("arith.andi", b.f("arith.shrui", bits, c23), exp_mask)
    big = b.cmpi(I_SGE, b.f("arith.subi", exp, c127), c23)
    return b.select(big, x, fixed)


def ctlz(op, b):
    """Binary search over halves of the bit width."""
    x0 = op.operand_
    t = x0.type
    width = element_type_or_self(t).width
    if width > 64:
        return None
    allbits = (1 << width) - 1
    x, count = x0, b.iconst(t, 0)
    bw = width
    while bw > 1:
        half = bw // 2
        bits, mask = b.iconst(t, half), b.iconst(t, allbits >> half)
        pred = b.cmpi(I_ULE, x, mask)
        add = b.f("arith.addi", count, bits)
        shift = b.f("arith.shli", x, bits)
        x = b.select(pred, shift, x)
        count = b.select(pred, add, count)
        bw = half
    is_zero = b.cmpi(I_EQ, x0, b.iconst(t, 0))
    return b.select(is_zero, b.iconst(t, width), count)


def roundeven(op, b):
    """math.round, corrected by one toward zero where the operand is exactly halfway and
    round's result is odd. Names follow f32 (23 mantissa bits)."""
    x = op.operand_
    t = x.type
    et = element_type_or_self(t)
    if not isinstance(et, FloatType) or not isinstance(element_type_or_self(op.results[0].type),
                                                       FloatType):
        return None
    width = et.width
    man = KINDS[et.kind].precision - 1
    expw = width - man - 1
    it = like(t, IntegerType(width))
    one_f = b.fconst(t, 1.0)
    c0, c1, cm1 = b.iconst(it, 0), b.iconst(it, 1), b.iconst(it, -1)
    c23, c31 = b.iconst(it, man), b.iconst(it, width - 1)
    c127 = b.iconst(it, (1 << (expw - 1)) - 1)
    c2to22 = b.iconst(it, 1 << (man - 1))
    man_mask = b.iconst(it, (1 << man) - 1)
    exp_mask = b.iconst(it, (1 << expw) - 1)

    bits = b.cast("arith.bitcast", x, it)
    rnd = b.f("math.round", x)
    rbits = b.cast("arith.bitcast", rnd, it)

    def biased_exp(v):
        return b.f("arith.subi", b.f("arith.andi", b.f("arith.shrui", v, c23), exp_mask), c127)

    def shr_clamped(v, s):
        s = b.f("arith.minsi", b.f("arith.maxsi", s, c0), c31)
        return b.f("arith.shrui", v, s)

    def masked_mantissa(v, s):
        return b.f("arith.andi", v, shr_clamped(man_mask, s))

    x_exp = biased_exp(bits)
    r_exp = biased_exp(rbits)
    r_exp_is0 = b.cmpi(I_EQ, r_exp, c0)
    r_odd = b.cmpi(I_NE, masked_mantissa(rbits, b.f("arith.subi", r_exp, c1)), c0)
    r_odd = b.f("arith.ori", r_odd, r_exp_is0)

    x_exp_is_m1 = b.cmpi(I_EQ, x_exp, cm1)
    expected = b.select(x_exp_is_m1, c0, shr_clamped(c2to22, x_exp))
    halfway = b.cmpi(I_EQ, masked_mantissa(bits, x_exp), expected)
    ge_m1 = b.cmpi(I_SGE, x_exp, cm1)
    lt_man = b.cmpi(I_SLT, x_exp, c23)
    halfway = b.f("arith.andi", halfway, lt_man)
    halfway = b.f("arith.andi", halfway, ge_m1)

    sign = b.f("math.copysign", one_f, x)
    shifted = b.f("arith.subf", rnd, sign)
    needs = b.f("arith.andi", r_odd, halfway)
    res = b.select(needs, shifted, rnd)
    return b.f("math.copysign", res, x)


def rsqrt(op, b):
    x = op.operand_
    if not isinstance(element_type_or_self(x.type), FloatType):
        return None
    one = b.fconst(x.type, 1.0)
    return b.f("arith.divf", one, b.f("math.sqrt", x))


# op name -> expansion (returns the replacement value, or None: no match)
EXPANSIONS = {
    "math.ctlz": ctlz, "math.exp2": exp2, "math.tan": tan, "math.sinh": sinh,
    "math.cosh": cosh, "math.tanh": tanh, "math.asinh": asinh, "math.acosh": acosh,
    "math.atanh": atanh, "math.fma": fma, "math.floor": floor, "math.ceil": ceil,
    "math.powf": powf, "math.fpowi": fpowi, "math.round": round_,
    "math.roundeven": roundeven, "math.rsqrt": rsqrt,
}


def expand_patterns(names=None):
    return [BuildReplacement(n, f, "expand-") for n, f in EXPANSIONS.items() if names is None or n in names]


@register_pass("test-expand-math", "Test expanding math", display_name="TestExpandMathPass")
def test_expand_math(op, ctx, options):
    apply_patterns_greedily(op, expand_patterns(), ctx,
                            GreedyConfig(top_down=False, region_simplification="aggressive"))
