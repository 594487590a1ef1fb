"""`-test-math-polynomial-approximation`: math functions on f32 (scalars and vectors) replaced
by polynomial/rational approximations built from arith and math.fma ops, as mlir-opt 19's
`populateMathPolynomialApproximationPatterns`; f16/bf16 ops are first widened to f32 and the
result truncated. Constants are made as scalars and broadcast to the vector shape (the greedy
driver folds them into splats), so the op order matches upstream's."""
from __future__ import annotations

import math
import struct

from pyopt.ir.attributes import FloatAttr, IntegerAttr
from pyopt.ir.types import I32, FloatType, VectorType, element_type_or_self
from pyopt.pass_registry import PassOption, register_pass
from pyopt.rewrite.greedy import GreedyConfig, apply_patterns_greedily
from pyopt.rewrite.pattern import RewritePattern

from .builder import (B, F_OEQ, F_OGE, F_OGT, F_OLT, F_UEQ, F_UGE, F_UGT, F_ULE, F_ULT, I_EQ,
                      I_SGT, like)

F32T = FloatType("f32")


def _f32(x):
    """`x` rounded to the nearest f32 (as a C++ float literal or float cast would)."""
    return struct.unpack("<f", struct.pack("<f", x))[0]


class P(B):
    """Builder that broadcasts scalar constants to the vector shape of the op's operand."""
    __slots__ = ("vt",)

    def __init__(self, rw, op, t):
        super().__init__(rw, op)
        self.vt = t if type(t) is VectorType else None

    def vec(self, et):
        vt = self.vt
        return VectorType(vt.shape, et, vt.scalable_dims) if vt is not None else et

    def bcast(self, v):
        return self.op("vector.broadcast", [v], self.vec(v.type)) if self.vt is not None else v

    def c(self, x, et=F32T):
        """A broadcast float constant: `x` rounded to f32, then to `et`."""
        attr = FloatAttr.from_float(et, _f32(x))
        return self.bcast(self.op("arith.constant", [], et, {"value": attr}))

    def sc(self, x):
        """A scalar f32 constant (not broadcast)."""
        return self.op("arith.constant", [], F32T, {"value": FloatAttr.from_float(F32T, _f32(x))})

    def si(self, v):
        return self.op("arith.constant", [], I32, {"value": IntegerAttr(I32, v)})

    def i(self, v):
        return self.bcast(self.si(v))

    def bits(self, bits):
        """An f32 constant given by its bit pattern (an i32 constant bitcast to f32)."""
        v = self.si(bits - (1 << 32) if bits >> 31 else bits)
        return self.op("arith.bitcast", [v], F32T)

    def fma(self, a, b, c):
        return self.f("math.fma", a, b, c)

    def mul(self, a, b):
        return self.f("arith.mulf", a, b)

    def add(self, a, b):
        return self.f("arith.addf", a, b)

    def sub(self, a, b):
        return self.f("arith.subf", a, b)

    def div(self, a, b):
        return self.f("arith.divf", a, b)

    def min_(self, v, bound):  # NaN-propagating
        return self.select(self.cmpf(F_ULT, v, bound), v, bound)

    def max_(self, v, bound):
        return self.select(self.cmpf(F_UGT, v, bound), v, bound)

    def poly(self, coeffs, x):
        """c0 + x*(c1 + x*(c2 + ...)) with fmas."""
        if not coeffs:
            return self.c(0.0, element_type_or_self(x.type))
        if len(coeffs) == 1:
            return coeffs[0]
        r = self.fma(x, coeffs[-1], coeffs[-2])
        for c in reversed(coeffs[:-2]):
            r = self.fma(x, r, c)
        return r


def frexp(b, arg, positive=False):
    """(fraction in [0.5, 1), exponent) of f32 `arg`, both as floats."""
    i32v, f32v = b.vec(I32), b.vec(F32T)
    c126, half = b.sc(126.0), b.sc(0.5)
    inv_mant_mask = b.bits(~0x7f800000 & 0xffffffff)
    i_half = b.cast("arith.bitcast", half, I32)
    i_mask = b.cast("arith.bitcast", inv_mant_mask, I32)
    i_arg = b.cast("arith.bitcast", arg, i32v)
    t0 = b.f("arith.andi", i_arg, b.bcast(i_mask))
    t1 = b.f("arith.ori", t0, b.bcast(i_half))
    frac = b.cast("arith.bitcast", t1, f32v)
    a = arg if positive else b.f("math.absf", arg)
    biased = b.f("arith.shrui", b.cast("arith.bitcast", a, i32v), b.i(23))
    e = b.sub(b.cast("arith.sitofp", biased, f32v), b.bcast(c126))
    return frac, e


def exp2_i32(b, n):
    """2^n for i32 `n` by building the f32 exponent field directly."""
    loc23, bias = b.i(23), b.i(127)
    return b.cast("arith.bitcast", b.f("arith.shli", b.f("arith.addi", n, bias), loc23),
                  b.vec(F32T))


# ---------------------------------------------------------------------------- functions
def atan(op, b):
    x0 = op.operand_
    ax = b.f("math.absf", x0)
    one = b.c(1.0)
    cmp2 = b.cmpf(F_OGT, ax, b.c(0.66))
    addone, subone = b.add(ax, one), b.sub(ax, one)
    xnum, xden = b.select(cmp2, subone, ax), b.select(cmp2, addone, one)
    cmp1 = b.cmpf(F_OGT, ax, b.c(2.41421356237309504880))
    xnum, xden = b.select(cmp1, one, xnum), b.select(cmp1, ax, xden)
    x = b.div(xnum, xden)
    xx = b.mul(x, x)
    p = [b.c(v) for v in (-8.750608600031904122785e-01, -1.615753718733365076637e+01,
                          -7.500855792314704667340e+01, -1.228866684490136173410e+02,
                          -6.485021904942025371773e+01)]
    q = [b.c(v) for v in (2.485846490142306297962e+01, 1.650270098316988542046e+02,
                          4.328810604912902668951e+02, 4.853903996359136964868e+02,
                          1.945506571482613964425e+02)]
    n = p[0]
    for c in p[1:]:
        n = b.fma(xx, n, c)
    n = b.mul(n, xx)
    d = q[0]
    for c in q[1:]:
        d = b.fma(xx, d, c)
    ans0 = b.fma(b.div(n, d), x, x)
    ans = b.select(cmp2, b.add(b.c(math.pi / 4), ans0), ans0)
    ans1 = b.sub(b.c(math.pi / 2), ans0)
    ans = b.select(cmp1, ans1, ans)
    return b.f("math.copysign", ans, x0)


def atan2(op, b):
    y, x = op.lhs, op.rhs
    at = b.f("math.atan", b.div(y, x))
    zero, pi = b.c(0.0), b.c(3.14159265359)
    add_pi, sub_pi = b.add(at, pi), b.sub(at, pi)
    flipped = b.select(b.cmpf(F_OGT, at, zero), sub_pi, add_pi)
    res = b.select(b.cmpf(F_OGT, x, zero), at, flipped)
    x_zero = b.cmpf(F_OEQ, x, zero)
    y_gt = b.cmpf(F_OGT, y, zero)
    res = b.select(b.f("arith.andi", x_zero, y_gt), b.c(1.57079632679), res)
    y_lt = b.cmpf(F_OLT, y, zero)
    res = b.select(b.f("arith.andi", x_zero, y_lt), b.c(-1.57079632679), res)
    y_zero = b.cmpf(F_OEQ, y, zero)
    is_nan = b.f("arith.andi", x_zero, y_zero)
    return b.select(is_nan, b.bcast(b.bits(0x7fc00000)), res)


def tanh(op, b):
    x0 = op.operand_
    lo, hi = b.c(-7.99881172180175781), b.c(7.99881172180175781)
    x = b.max_(b.min_(x0, hi), lo)
    tiny = b.c(0.0004)
    tiny_mask = b.cmpf(F_OLT, b.f("math.absf", x0), tiny)
    alpha = [b.c(v) for v in (4.89352455891786e-03, 6.37261928875436e-04, 1.48572235717979e-05,
                              5.12229709037114e-08, -8.60467152213735e-11,
                              2.00018790482477e-13, -2.76076847742355e-16)]
    beta = [b.c(v) for v in (4.89352518554385e-03, 2.26843463243900e-03, 1.18534705686654e-04,
                             1.19825839466702e-06)]
    x2 = b.mul(x, x)
    p = b.fma(x2, alpha[6], alpha[5])
    for c in reversed(alpha[:5]):
        p = b.fma(x2, p, c)
    p = b.mul(x, p)
    q = b.fma(x2, beta[3], beta[2])
    for c in reversed(beta[:2]):
        q = b.fma(x2, q, c)
    return b.select(tiny_mask, x, b.div(p, q))


_LOG_P = (7.0376836292E-2, -1.1514610310E-1, 1.1676998740E-1, -1.2420140846E-1,
          1.4249322787E-1, -1.6668057665E-1, 2.0000714765E-1, -2.4999993993E-1,
          3.3333331174E-1)


def _log(op, b, base2):
    arg = op.operand_
    zero, one, neg_half = b.c(0.0), b.c(1.0), b.c(-0.5)
    min_norm = b.bcast(b.bits(0x00800000))
    neg_inf = b.bcast(b.bits(0xff800000))
    pos_inf = b.bcast(b.bits(0x7f800000))
    nan = b.bcast(b.bits(0x7fc00000))
    sqrthf = b.c(0.707106781186547524)
    p = [b.c(v) for v in _LOG_P]
    x = b.max_(arg, min_norm)
    x, e = frexp(b, x, positive=True)
    # center the fraction on 0 over [sqrt(1/2), sqrt(2))
    mask = b.cmpf(F_OLT, x, sqrthf)
    tmp = b.select(mask, x, zero)
    x = b.sub(x, one)
    e = b.sub(e, b.select(mask, one, zero))
    x = b.add(x, tmp)
    x2 = b.mul(x, x)
    x3 = b.mul(x2, x)
    y0 = b.fma(p[0], x, p[1])
    y1 = b.fma(p[3], x, p[4])
    y2 = b.fma(p[6], x, p[7])
    y0 = b.fma(y0, x, p[2])
    y1 = b.fma(y1, x, p[5])
    y2 = b.fma(y2, x, p[8])
    y0 = b.fma(y0, x3, y1)
    y0 = b.fma(y0, x3, y2)
    y0 = b.mul(y0, x3)
    y0 = b.fma(neg_half, x2, y0)
    x = b.add(x, y0)
    if base2:
        x = b.fma(x, b.c(1.442695040888963407359924681001892137426645954152985934135449406931),
                  e)
    else:
        x = b.fma(e, b.c(math.log(2.0)), x)
    invalid = b.cmpf(F_ULT, arg, zero)
    is_zero = b.cmpf(F_OEQ, arg, zero)
    is_inf = b.cmpf(F_OEQ, arg, pos_inf)
    r = b.select(is_inf, pos_inf, x)
    r = b.select(invalid, nan, r)
    return b.select(is_zero, neg_inf, r)


def log(op, b):
    return _log(op, b, False)


def log2(op, b):
    return _log(op, b, True)


def log1p(op, b):
    # x * log(u) / (u - 1) with u = 1 + x, or x itself where u rounds to 1 or to inf
    one = b.c(1.0)
    x = op.operand_
    u = b.add(x, one)
    u_small = b.cmpf(F_OEQ, u, one)
    log_u = b.f("math.log", u)
    u_inf = b.cmpf(F_OEQ, u, log_u)
    large = b.mul(x, b.div(log_u, b.sub(u, one)))
    return b.select(b.f("arith.ori", u_small, u_inf), x, large)


_ASIN_R = (5.4224464349245036e-2, 1.5268872539397656e-2, 1.4106045900607047e-2,
           2.2372961589651054e-2, 4.4642857881094775e-2)
_ASIN_T = (-1.1326992890324464e-2, 1.0493798473372081e-2, 1.7339776384962050e-2,
           3.0381912707941005e-2, 7.4999999991367292e-2)


def asin(op, b):
    x = op.operand_
    et = element_type_or_self(x.type)
    s = b.mul(x, x)
    q = b.mul(s, s)
    r = b.c(5.5579749017470502e-2, et)
    t = b.c(-6.2027913464120114e-2, et)
    for rc, tc in zip(_ASIN_R, _ASIN_T):
        r = b.fma(r, q, b.c(rc, et))
        t = b.fma(t, q, b.c(tc, et))
    r = b.fma(r, s, t)
    r = b.fma(r, s, b.c(1.6666666666670193e-1, et))
    t = b.mul(x, s)
    return b.fma(r, t, x)


def acos(op, b):
    x = op.operand_
    et = element_type_or_self(x.type)
    neg = b.f("arith.negf", x)
    zero, half, neg_one = b.c(0.0, et), b.c(0.5, et), b.c(-1.0, et)
    r = b.select(b.cmpf(F_OGT, x, zero), neg, x)
    first = b.cmpf(F_OGT, r, b.c(-0.5625, et))
    true_v = b.fma(b.c(9.3282184640716537e-1, et), b.c(1.6839188885261840e+0, et),
                   b.f("math.asin", r))
    false_v = b.f("math.asin", b.f("math.sqrt", b.fma(half, r, half)))
    false_v = b.mul(b.c(2.0, et), false_v)
    r = b.select(first, true_v, false_v)
    ge = b.cmpf(F_OGE, x, neg_one)
    lt = b.cmpf(F_OLT, x, zero)
    between = b.f("arith.andi", ge, lt)
    true_v = b.fma(b.c(1.8656436928143307e+0, et), b.c(1.6839188885261840e+0, et),
                   b.f("arith.negf", r))
    return b.select(between, true_v, r)


# erf = offset + P(x)/Q(x) per interval [0, 0.8), [0.8, 2), [2, 3.75); 1 beyond
_ERF_P = ((0.0, 1.12837916222975858e+00, -5.23018562988006470e-01, 2.09741709609267072e-01,
           2.58146801602987875e-02),
          (0.0, 1.12750687816789140e+00, -3.64721408487825775e-01, 1.18407396425136952e-01,
           3.70645533056476558e-02),
          (-3.30093071049483172e-03, 3.51961938357697011e-03, -1.41373622814988039e-03,
           2.53447094961941348e-04, -1.71048029455037401e-05))
_ERF_Q = ((1.0, -4.635138185962547255e-01, 5.192301327279782447e-01, -1.318089722204810087e-01,
           7.397964654672315005e-02),
          (1.0, -3.27607011824493086e-01, 4.48369090658821977e-01, -8.83462621207857930e-02,
           5.72442770283176093e-02),
          (1.0, -2.06069165953913769e+00, 1.62705939945477759e+00, -5.83389859211130017e-01,
           8.21908939856640930e-02))
_ERF_OFFSETS = (0.0, 0.0, 1.0)
_ERF_BOUNDS = (0.8, 2.0, 3.75)


def erf(op, b):
    arg = op.operand_
    et = element_type_or_self(arg.type)
    zero, one = b.c(0.0, et), b.c(1.0, et)
    pp = [[b.c(v, et) for v in row] for row in _ERF_P]
    qq = [[b.c(v, et) for v in row] for row in _ERF_Q]
    offsets = [b.c(v, et) for v in _ERF_OFFSETS]
    bounds = [b.c(v, et) for v in _ERF_BOUNDS]
    is_neg = b.cmpf(F_OLT, arg, zero)
    x = b.select(is_neg, b.f("arith.negf", arg), arg)
    offset, p, q = offsets[0], list(pp[0]), list(qq[0])
    for j in range(len(bounds) - 1):
        lt = b.cmpf(F_OLT, x, bounds[j])
        for i in range(len(p)):
            p[i] = b.select(lt, p[i], pp[j + 1][i])
            q[i] = b.select(lt, q[i], qq[j + 1][i])
        offset = b.select(lt, offset, offsets[j + 1])
    in_range = b.cmpf(F_ULT, x, bounds[-1])
    formula = b.add(offset, b.div(b.poly(p, x), b.poly(q, x)))
    formula = b.select(in_range, formula, one)
    return b.select(is_neg, b.f("arith.negf", formula), formula)


def _clamp_normals(b, v, lo, hi):
    v = b.select(b.cmpf(F_UGE, v, lo_c := b.c(lo)), v, lo_c)
    return b.select(b.cmpf(F_ULE, v, hi_c := b.c(hi)), v, hi_c)


_EXP_P = (1.9875691500E-4, 1.3981999507E-3, 8.3334519073E-3, 4.1665795894E-2,
          1.6666665459E-1, 5.0000001201E-1)


def exp(op, b):
    """Cephes: e^x = e^a * 2^n with n = round(x / ln 2), n clamped to [-127, 127]."""
    half, one = b.c(0.5), b.c(1.0)
    log2e = b.c(1.44269504088896341)
    c1, c2 = b.c(-0.693359375), b.c(2.12194440e-4)
    p = [b.c(v) for v in _EXP_P]
    x = _clamp_normals(b, op.operand_, -87.8, 88.8)
    n = b.f("math.floor", b.fma(x, log2e, half))
    n = _clamp_normals(b, n, -127.0, 127.0)
    x = b.fma(c1, n, x)
    x = b.fma(c2, n, x)
    z = b.fma(x, p[0], p[1])
    for c in p[2:]:
        z = b.fma(z, x, c)
    z = b.fma(z, b.mul(x, x), x)
    z = b.add(one, z)
    n_i = b.cast("arith.fptosi", n, b.vec(I32))
    return b.mul(z, exp2_i32(b, n_i))


def expm1(op, b):
    one, neg_one = b.c(1.0), b.c(-1.0)
    x = op.operand_
    u = b.f("math.exp", x)
    u_eq_one = b.cmpf(F_UEQ, u, one)
    um1 = b.sub(u, one)
    um1_eq_neg_one = b.cmpf(F_OEQ, um1, neg_one)
    log_u = b.f("math.log", u)
    is_inf = b.cmpf(F_OEQ, log_u, u)
    r = b.mul(um1, b.div(x, log_u))
    r = b.select(is_inf, u, r)
    return b.select(u_eq_one, x, b.select(um1_eq_neg_one, neg_one, r))


_SIN_C = (-0.16666667163372039794921875, 8.333347737789154052734375e-3,
          -1.9842604524455964565277099609375e-4, 2.760012648650445044040679931640625e-6,
          -2.50293279435709337121807038784027099609375e-8)
_COS_C = (-0.5, 4.166664183139801025390625e-2, -1.388833043165504932403564453125e-3,
          2.47562347794882953166961669921875e-5, -2.59630184018533327616751194000244140625e-7)


def _sin_cos(op, b, is_sin):
    """Reduce by k = floor(x * 2/pi) to y in [0, pi/2) and pick +-sin(y) / +-cos(y) by k mod 4."""
    two_over_pi, pi_over_two = b.c(2.0 / math.pi), b.c(math.pi / 2)
    x = op.operand_
    k = b.f("math.floor", b.mul(x, two_over_pi))
    y = b.sub(x, b.mul(k, pi_over_two))
    one, neg_one = b.c(1.0), b.c(-1.0)
    sc = [b.c(v) for v in _SIN_C]
    cc = [b.c(v) for v in _COS_C]
    k4 = b.f("arith.andi", b.cast("arith.fptosi", k, b.vec(I32)), b.i(3))
    kr = [b.cmpi(I_EQ, k4, b.i(v)) for v in range(4)]
    if is_sin:
        use_cos = b.f("arith.ori", kr[1], kr[3])
        negative = b.cmpi(I_SGT, k4, b.i(1))
    else:
        use_cos = b.f("arith.ori", kr[0], kr[2])
        negative = b.f("arith.ori", kr[1], kr[2])
    y2 = b.mul(y, y)
    base = b.select(use_cos, one, y)
    c = [b.select(use_cos, cv, sv) for cv, sv in zip(cc, sc)]
    v = b.fma(y2, c[4], c[3])
    for cf in (c[2], c[1], c[0], one):
        v = b.fma(y2, v, cf)
    v = b.mul(base, v)
    return b.select(negative, b.mul(neg_one, v), v)


def sin(op, b):
    return _sin_cos(op, b, True)


def cos(op, b):
    return _sin_cos(op, b, False)


def cbrt(op, b):
    """Hacker's Delight: an integer estimate of x^(1/3) and two Newton steps."""
    x0 = op.operand_
    ft, it = b.vec(F32T), b.vec(I32)
    two_i, four_i, eight_i, magic = b.i(2), b.i(4), b.i(8), b.i(0x2a5137a0)
    third, two, zero = b.c(0.33333333), b.c(2.0), b.c(0.0)
    ax = b.f("math.absf", x0)
    iv = b.cast("arith.bitcast", ax, it)
    iv = b.f("arith.addi", b.f("arith.shrsi", iv, two_i), b.f("arith.shrsi", iv, four_i))
    iv = b.f("arith.addi", iv, b.f("arith.shrsi", iv, four_i))
    iv = b.f("arith.addi", iv, b.f("arith.shrsi", iv, eight_i))
    iv = b.f("arith.addi", iv, magic)
    fv = b.cast("arith.bitcast", iv, ft)
    for _ in range(2):
        sq = b.mul(fv, fv)
        m2 = b.mul(fv, two)
        fv = b.mul(b.add(m2, b.div(ax, sq)), third)
    fv = b.select(b.cmpf(F_OEQ, ax, zero), zero, fv)
    return b.f("math.copysign", fv, x0)


# op name -> (approximation, element types it handles itself)
APPROXIMATIONS = {
    "math.atan": (atan, ("f32",)), "math.atan2": (atan2, ("f32",)),
    "math.tanh": (tanh, ("f32",)), "math.log": (log, ("f32",)),
    "math.log2": (log2, ("f32",)), "math.log1p": (log1p, ("f32",)),
    "math.erf": (erf, ("f32", "f16")), "math.asin": (asin, ("f32", "f16")),
    "math.acos": (acos, ("f32", "f16")), "math.exp": (exp, ("f32",)),
    "math.expm1": (expm1, ("f32",)), "math.cbrt": (cbrt, ("f32",)),
    "math.sin": (sin, ("f32",)), "math.cos": (cos, ("f32",)),
}
# ops computed in f32 when narrower
WIDENED = ("math.atan", "math.atan2", "math.tanh", "math.log", "math.log2", "math.log1p",
           "math.erf", "math.exp", "math.expm1", "math.cbrt", "math.sin", "math.cos")


class WidenToF32(RewritePattern):
    """An op on a float narrower than f32: extf the operands, compute in f32, truncf back."""

    def __init__(self, root):
        super().__init__(root, name="widen-" + root)

    def match_and_rewrite(self, op, rw):
        t = op.results[0].type
        if any(r.type != t for r in op.results) or any(v.type != t for v in op.operands):
            return False
        et = element_type_or_self(t)
        if not isinstance(et, FloatType) or et == F32T or et.width > 32:
            return False
        nt = like(t, F32T)
        b = B(rw, op)
        ext = [b.cast("arith.extf", v, nt) for v in op.operands]
        wide = rw.create(op.name, ext, [nt] * len(op.results), properties=dict(op.properties),
                         attributes=dict(op.attributes) or None, loc=op.loc)
        rw.replace_op(op, [b.cast("arith.truncf", wide.results[0], t)])
        return True


class Approximate(RewritePattern):
    def __init__(self, root, fn, types):
        super().__init__(root, name="approximate-" + root)
        self.fn, self.types = fn, types

    def match_and_rewrite(self, op, rw):
        et = element_type_or_self(op.operands[0].type)
        if getattr(et, "kind", None) not in self.types:
            return False
        rw.replace_op(op, [self.fn(op, P(rw, op, op.operands[0].type))])
        return True


def polynomial_approximation_patterns(avx2=False):
    pats = [WidenToF32(n) for n in WIDENED]
    pats += [Approximate(n, fn, types) for n, (fn, types) in APPROXIMATIONS.items()]
    if avx2:
        from .rsqrt_avx2 import rsqrt_avx2_patterns
        pats += rsqrt_avx2_patterns()
    return pats


@register_pass("test-math-polynomial-approximation", "Test math polynomial approximations",
               options=[PassOption("enable-avx2", bool, False,
                                   "Enable approximations that emit AVX2 intrinsics via the "
                                   "X86Vector dialect")],
               display_name="TestMathPolynomialApproximationPass")
def test_math_polynomial_approximation(op, ctx, options):
    apply_patterns_greedily(op, polynomial_approximation_patterns(options["enable-avx2"]), ctx,
                            GreedyConfig(top_down=False, region_simplification="aggressive"))
