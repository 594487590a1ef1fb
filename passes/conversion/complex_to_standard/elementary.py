"""Lowerings of the complex ops other than mul and div: abs, angle, atan2, add/sub, eq/neq,
conj, neg, sign, exp, expm1, log, log1p, sin, cos, tan, tanh, sqrt, rsqrt and pow."""
from __future__ import annotations

import math

from passes.conversion.complex_to_standard.builder import (
    NNAN, NINF, OEQ, OGT, OLT, OLE, ONE, UNO, I1, begin, finite_math)

# ----------------------------------------------------------------------------- |z| helpers
ABS, SQRT, RSQRT = "abs", "sqrt", "rsqrt"


def _abs(b, real, imag, fmf, fn=ABS):
    """|z| (or sqrt(|z|), 1/sqrt(|z|)) as max * sqrt(1 + (min/max)^2), so nothing overflows."""
    one = b.cst(1.0)
    abs_re = b.f("math.absf", real, fmf=fmf)
    abs_im = b.f("math.absf", imag, fmf=fmf)
    mx = b.f("arith.maximumf", abs_re, abs_im, fmf=fmf)
    mn = b.f("arith.minimumf", abs_re, abs_im, fmf=fmf)
    f2 = fmf & ~(NNAN | NINF)  # the ratio must be allowed to be NaN/inf here
    ratio = b.f("arith.divf", mn, mx, fmf=f2)
    sq = b.f("arith.mulf", ratio, ratio, fmf=f2)
    sq1 = b.f("arith.addf", sq, one, fmf=f2)
    if fn == RSQRT:
        sq1 = b.f("math.rsqrt", sq1, fmf=f2)
        mn = b.f("math.rsqrt", mn, fmf=f2)
        mx = b.f("math.rsqrt", mx, fmf=f2)
    if fn == SQRT:
        quarter = b.cst(0.25)
        s = b.f("math.sqrt", mx, fmf=f2)
        p = b.f("math.powf", sq1, quarter, fmf=f2)
        res = b.f("arith.mulf", s, p, fmf=f2)
    else:
        s = b.f("math.sqrt", sq1, fmf=f2)
        res = b.f("arith.mulf", mx, s, fmf=f2)
    nan = b.cmp(UNO, res, res, f2)
    return b.select(nan, mn, res)


# ----------------------------------------------------------------------------- lowerings
def lower_abs(op, a, rw):
    b, _, fmf = begin(op, rw, a[0])
    rw.replace_op(op, [_abs(b, b.re(a[0]), b.im(a[0]), fmf)])
    return True


def lower_angle(op, a, rw):
    b, _, fmf = begin(op, rw, a[0])
    real, imag = b.re(a[0]), b.im(a[0])
    rw.replace_op(op, [b.f("math.atan2", imag, real, fmf=fmf)])
    return True


def lower_atan2(op, a, rw):
    # atan2(y, x) = -i * log((x + i*y) / sqrt(x^2 + y^2)), in complex ops
    b, t, fmf = begin(op, rw, a[0])
    lhs, rhs = a[0], a[1]
    rhs2 = b.cx("mul", t, rhs, rhs, fmf=fmf)
    lhs2 = b.cx("mul", t, lhs, lhs, fmf=fmf)
    norm = b.cx("sqrt", t, b.cx("add", t, rhs2, lhs2, fmf=fmf), fmf=fmf)
    zero, one = b.cst(0.0), b.cst(1.0)
    i = b.create(t, zero, one)
    num = b.cx("add", t, rhs, b.cx("mul", t, i, lhs, fmf=fmf), fmf=fmf)
    log = b.cx("log", t, b.cx("div", t, num, norm, fmf=fmf), fmf=fmf)
    neg_i = b.create(t, zero, b.cst(-1.0))
    rw.replace_op(op, [b.cx("mul", t, neg_i, log, fmf=fmf)])
    return True


def compare(pred, combine):
    def lower(op, a, rw):
        b = begin(op, rw, a[0])[0]
        lr, li, rr, ri = b.re(a[0]), b.im(a[0]), b.re(a[1]), b.im(a[1])
        rw.replace_op(op, [b.op(combine, [b.cmp(pred, lr, rr), b.cmp(pred, li, ri)], I1)])
        return True
    return lower


def componentwise(arith_op):
    def lower(op, a, rw):
        b, t, fmf = begin(op, rw, a[0])
        real = b.f(arith_op, b.re(a[0]), b.re(a[1]), fmf=fmf)
        imag = b.f(arith_op, b.im(a[0]), b.im(a[1]), fmf=fmf)
        rw.replace_op(op, [b.create(t, real, imag)])
        return True
    return lower


def trig(is_sin):
    def lower(op, a, rw):
        # With t = exp(y): sin(x+iy) = ((t/2 + 1/2t) sin x) + i ((t/2 - 1/2t) cos x),
        #                  cos(x+iy) = ((1/2t + t/2) cos x) + i ((1/2t - t/2) sin x).
        b, t, fmf = begin(op, rw, a[0])
        real, imag = b.re(a[0]), b.im(a[0])
        half = b.cst(0.5)
        e = b.f("math.exp", imag, fmf=fmf)
        scaled = b.f("arith.mulf", half, e, fmf=fmf)
        recip = b.f("arith.divf", half, e, fmf=fmf)
        sin = b.f("math.sin", real, fmf=fmf)
        cos = b.f("math.cos", real, fmf=fmf)
        first, second = (scaled, recip) if is_sin else (recip, scaled)
        re_factor, im_factor = (sin, cos) if is_sin else (cos, sin)
        res_re = b.f("arith.mulf", b.f("arith.addf", first, second, fmf=fmf), re_factor, fmf=fmf)
        res_im = b.f("arith.mulf", b.f("arith.subf", first, second, fmf=fmf), im_factor, fmf=fmf)
        rw.replace_op(op, [b.create(t, res_re, res_im)])
        return True
    return lower


def lower_exp(op, a, rw):
    b, t, fmf = begin(op, rw, a[0])
    real, imag = b.re(a[0]), b.im(a[0])
    e = b.f("math.exp", real, fmf=fmf)
    res_re = b.f("arith.mulf", e, b.f("math.cos", imag, fmf=fmf), fmf=fmf)
    res_im = b.f("arith.mulf", e, b.f("math.sin", imag, fmf=fmf), fmf=fmf)
    rw.replace_op(op, [b.create(t, res_re, res_im)])
    return True


def lower_expm1(op, a, rw):
    b, t, fmf = begin(op, rw, a[0])
    e = b.cx("exp", t, a[0], fmf=fmf)
    real = b.re(e)
    real = b.f("arith.subf", real, b.cst(1.0), fmf=fmf)
    rw.replace_op(op, [b.create(t, real, b.im(e))])
    return True


def lower_log(op, a, rw):
    b, t, fmf = begin(op, rw, a[0])
    res_re = b.f("math.log", b.cx("abs", b.et, a[0], fmf=fmf), fmf=fmf)
    real, imag = b.re(a[0]), b.im(a[0])
    res_im = b.f("math.atan2", imag, real, fmf=fmf)
    rw.replace_op(op, [b.create(t, res_re, res_im)])
    return True


def lower_log1p(op, a, rw):
    # Re = log(max) + log1p((min/max)^2)/2 of |x+1| and |y|, computed with log1p so that
    # small arguments keep their precision; Im = atan2(y, x+1).
    b, t, fmf = begin(op, rw, a[0])
    real, imag = b.re(a[0]), b.im(a[0])
    half, one = b.cst(0.5), b.cst(1.0)
    re1 = b.f("arith.addf", real, one, fmf=fmf)
    abs_re1 = b.f("math.absf", re1, fmf=fmf)
    abs_im = b.f("math.absf", imag, fmf=fmf)
    mx = b.f("arith.maximumf", abs_re1, abs_im, fmf=fmf)
    mn = b.f("arith.minimumf", abs_re1, abs_im, fmf=fmf)
    use_real = b.cmp(OGT, re1, abs_im, fmf)
    max_minus_one = b.select(use_real, real, b.f("arith.subf", mx, one, fmf=fmf))
    f2 = fmf & ~(NNAN | NINF)
    ratio = b.f("arith.divf", mn, mx, fmf=f2)
    log_max = b.f("math.log1p", max_minus_one, fmf=fmf)
    log_sqrt = b.f("math.log1p", b.f("arith.mulf", ratio, ratio, fmf=f2), fmf=f2)
    r = b.f("arith.addf", b.f("arith.mulf", half, log_sqrt, fmf=f2), log_max, fmf=f2)
    res_re = b.select(b.cmp(UNO, r, r, f2), mn, r)
    res_im = b.f("math.atan2", imag, re1, fmf=fmf)
    rw.replace_op(op, [b.create(t, res_re, res_im)])
    return True


def lower_neg(op, a, rw):
    b, t, _ = begin(op, rw, a[0])
    real, imag = b.re(a[0]), b.im(a[0])
    rw.replace_op(op, [b.create(t, b.f("arith.negf", real), b.f("arith.negf", imag))])
    return True


def lower_conj(op, a, rw):
    b, t, _ = begin(op, rw, a[0])
    real, imag = b.re(a[0]), b.im(a[0])
    rw.replace_op(op, [b.create(t, real, b.f("arith.negf", imag))])
    return True


def lower_sign(op, a, rw):
    b, t, fmf = begin(op, rw, a[0])
    real, imag = b.re(a[0]), b.im(a[0])
    zero = b.cst(0.0)
    is_zero = b.andi(b.cmp(OEQ, real, zero), b.cmp(OEQ, imag, zero))
    norm = b.cx("abs", b.et, a[0], fmf=fmf)
    sign = b.create(t, b.f("arith.divf", real, norm, fmf=fmf),
                    b.f("arith.divf", imag, norm, fmf=fmf))
    rw.replace_op(op, [b.select(is_zero, a[0], sign)])
    return True


def lower_sqrt(op, a, rw):
    # sqrt(z) = sqrt(|z|) * (cos(arg/2) + i sin(arg/2)), then the IEEE special cases.
    b, t, fmf = begin(op, rw, a[0])
    zero, half = b.cst(0.0), b.cst(0.5)
    real, imag = b.re(a[0]), b.im(a[0])
    abs_sqrt = _abs(b, real, imag, fmf, SQRT)
    arg = b.f("arith.mulf", b.f("math.atan2", imag, real, fmf=fmf), half, fmf=fmf)
    cos = b.f("math.cos", arg, fmf=fmf)
    sin = b.f("math.sin", arg, fmf=fmf)
    sin_is_zero = b.cmp(OEQ, sin, zero, fmf)  # avoids 0 * inf for z = inf
    res_re = b.f("arith.mulf", abs_sqrt, cos, fmf=fmf)
    res_im = b.select(sin_is_zero, zero, b.f("arith.mulf", abs_sqrt, sin, fmf=fmf))
    if not finite_math(fmf):
        inf, neg_inf, nan = b.cst(math.inf), b.cst(-math.inf), b.cst(math.nan)
        abs_im = b.f("math.absf", imag, fmf=fmf)
        abs_im_inf = b.cmp(OEQ, abs_im, inf, fmf)
        abs_im_finite = b.cmp(ONE, abs_im, inf, fmf)
        re_inf = b.cmp(OEQ, real, inf, fmf)
        re_neg_inf = b.cmp(OEQ, real, neg_inf, fmf)
        res_re = b.select(b.andi(re_neg_inf, abs_im_finite), zero, res_re)
        res_re = b.select(b.ori(abs_im_inf, re_inf), inf, res_re)
        im_signed_inf = b.f("math.copysign", inf, imag, fmf=fmf)
        res_im = b.select(b.cmp(UNO, abs_sqrt, abs_sqrt), nan, res_im)
        res_im = b.select(b.ori(abs_im_inf, re_neg_inf), im_signed_inf, res_im)
    is_zero = b.cmp(OEQ, abs_sqrt, zero, fmf)
    res_re = b.select(is_zero, zero, res_re)
    res_im = b.select(is_zero, zero, res_im)
    rw.replace_op(op, [b.create(t, res_re, res_im)])
    return True


def lower_rsqrt(op, a, rw):
    b, t, fmf = begin(op, rw, a[0])
    zero, inf, neg_half, nan = b.cst(0.0), b.cst(math.inf), b.cst(-0.5), b.cst(math.nan)
    real, imag = b.re(a[0]), b.im(a[0])
    abs_rsqrt = _abs(b, real, imag, fmf, RSQRT)
    arg = b.f("arith.mulf", b.f("math.atan2", imag, real, fmf=fmf), neg_half, fmf=fmf)
    cos = b.f("math.cos", arg, fmf=fmf)
    sin = b.f("math.sin", arg, fmf=fmf)
    res_re = b.f("arith.mulf", abs_rsqrt, cos, fmf=fmf)
    res_im = b.f("arith.mulf", abs_rsqrt, sin, fmf=fmf)
    if not finite_math(fmf):
        neg_one = b.cst(-1.0)
        re_signed_zero = b.f("math.copysign", zero, real, fmf=fmf)
        im_signed_zero = b.f("math.copysign", zero, imag, fmf=fmf)
        neg_im_signed_zero = b.f("arith.mulf", neg_one, im_signed_zero, fmf=fmf)
        abs_re = b.f("math.absf", real, fmf=fmf)
        abs_im = b.f("math.absf", imag, fmf=fmf)
        abs_im_inf = b.cmp(OEQ, abs_im, inf, fmf)
        re_nan = b.cmp(UNO, real, real, fmf)
        re_inf = b.cmp(OEQ, abs_re, inf, fmf)
        res_zero = b.ori(b.andi(abs_im_inf, re_nan), re_inf)
        res_re = b.select(res_zero, re_signed_zero, res_re)
        res_im = b.select(res_zero, neg_im_signed_zero, res_im)
    is_zero = b.andi(b.cmp(OEQ, real, zero, fmf), b.cmp(OEQ, imag, zero, fmf))
    res_re = b.select(is_zero, inf, res_re)
    res_im = b.select(is_zero, nan, res_im)
    rw.replace_op(op, [b.create(t, res_re, res_im)])
    return True


def tan_tanh(is_tan):
    def lower(op, a, rw):
        # tanh(x+iy) = (e^2x - e^-2x + i 4 cos y sin y) / (e^2x + e^-2x + 4 cos^2 y - 2), with
        # expm1 for the exponentials; tan(x+iy) = -i tanh(-y + ix).
        b, t, fmf = begin(op, rw, a[0])
        real, imag = b.re(a[0]), b.im(a[0])
        neg_one = b.cst(-1.0)
        if is_tan:
            real, imag = imag, real
            real = b.f("arith.mulf", real, neg_one, fmf=fmf)
        inf, four = b.cst(math.inf), b.cst(4.0)
        two_re = b.f("arith.addf", real, real, fmf=fmf)
        neg_two_re = b.f("arith.mulf", neg_one, two_re, fmf=fmf)
        e_pos = b.f("math.expm1", two_re, fmf=fmf)
        e_neg = b.f("math.expm1", neg_two_re, fmf=fmf)
        re_num = b.f("arith.subf", e_pos, e_neg, fmf=fmf)
        cos = b.f("math.cos", imag, fmf=fmf)
        cos4 = b.f("arith.mulf", b.f("arith.mulf", cos, cos, fmf=fmf), four, fmf=fmf)
        sin = b.f("math.sin", imag, fmf=fmf)
        im_num = b.f("arith.mulf", four, b.f("arith.mulf", cos, sin, fmf=fmf), fmf=fmf)
        e_sum = b.f("arith.addf", e_pos, e_neg, fmf=fmf)
        denom = b.f("arith.addf", e_sum, cos4, fmf=fmf)
        is_inf = b.cmp(OEQ, e_sum, inf, fmf)
        limit = b.f("math.copysign", neg_one, real, fmf=fmf)
        res_re = b.select(is_inf, limit, b.f("arith.divf", re_num, denom, fmf=fmf))
        res_im = b.f("arith.divf", im_num, denom, fmf=fmf)
        if not finite_math(fmf):
            abs_re = b.f("math.absf", real, fmf=fmf)
            zero, nan = b.cst(0.0), b.cst(math.nan)
            abs_re_inf = b.cmp(OEQ, abs_re, inf, fmf)
            im_zero = b.cmp(OEQ, imag, zero, fmf)
            abs_re_finite = b.xori(abs_re_inf, b.true())
            im_num_nan = b.cmp(UNO, im_num, im_num, fmf)
            re_nan = b.andi(im_num_nan, abs_re_finite)
            im_is_zero = b.ori(im_zero, b.andi(abs_re_inf, im_num_nan))
            res_re = b.select(re_nan, nan, res_re)
            res_im = b.select(im_is_zero, zero, res_im)
        if is_tan:
            res_re, res_im = res_im, res_re
            res_im = b.f("arith.mulf", res_im, neg_one, fmf=fmf)
        rw.replace_op(op, [b.create(t, res_re, res_im)])
        return True
    return lower


def lower_pow(op, a, rw):
    # (a+bi)^(c+di) = |z|^c e^(-d arg z) (cos q + i sin q), q = c arg z + d ln|z|, with the
    # cases 0^w, z^0, 1^w and inf^c of Kahan's "Much Ado About Nothing's Sign Bit" chosen by
    # selects.
    b, t, fmf = begin(op, rw, a[0])
    lhs = a[0]
    c, d = b.re(a[1]), b.im(a[1])
    re, im = b.re(lhs), b.im(lhs)
    norm = b.cx("abs", b.et, lhs, fmf=fmf)
    norm_c = b.f("math.powf", norm, c, fmf=fmf)
    neg_d = b.f("arith.negf", d, fmf=fmf)
    arg = b.f("math.atan2", im, re, fmf=fmf)
    e = b.f("math.exp", b.f("arith.mulf", neg_d, arg, fmf=fmf), fmf=fmf)
    coeff = b.f("arith.mulf", norm_c, e, fmf=fmf)
    ln = b.f("math.log", norm, fmf=fmf)
    c_arg = b.f("arith.mulf", c, arg, fmf=fmf)
    d_ln = b.f("arith.mulf", d, ln, fmf=fmf)
    q = b.f("arith.addf", c_arg, d_ln, fmf=fmf)
    cos, sin = b.f("math.cos", q, fmf=fmf), b.f("math.sin", q, fmf=fmf)
    inf, zero, one = b.cst(math.inf), b.cst(0.0), b.cst(1.0)
    c_one, c_zero, c_inf = b.create(t, one, zero), b.create(t, zero, zero), b.create(t, inf, zero)
    norm_zero = b.cmp(OEQ, norm, zero, fmf)
    d_zero = b.cmp(OEQ, d, zero, fmf)
    c_is_zero = b.cmp(OEQ, c, zero, fmf)
    im_zero = b.cmp(OEQ, im, zero, fmf)
    c_nonneg = b.cmp(OLE, zero, c, fmf)
    cos_part = b.f("arith.mulf", coeff, cos, fmf=fmf)
    sin_part = b.f("arith.mulf", coeff, sin, fmf=fmf)
    one_or_zero = b.select(c_is_zero, c_one, c_zero)
    general = b.create(t, cos_part, sin_part)
    r = b.select(b.andi(b.andi(norm_zero, d_zero), c_nonneg), one_or_zero, general)  # 0^w
    r = b.select(b.andi(c_is_zero, d_zero), c_one, r)  # z^0
    r = b.select(b.andi(b.cmp(OEQ, re, one, fmf), im_zero), c_one, r)  # 1^w
    lhs_inf = b.andi(b.cmp(OEQ, re, inf, fmf), im_zero)
    c_pos = b.andi(d_zero, b.cmp(OGT, c, zero, fmf))
    r = b.select(b.andi(lhs_inf, c_pos), c_inf, r)  # inf^c, c > 0
    c_neg = b.andi(d_zero, b.cmp(OLT, c, zero, fmf))
    r = b.select(b.andi(lhs_inf, c_neg), c_zero, r)  # inf^c, c < 0
    rw.replace_op(op, [r])
    return True


