"""complex.mul and complex.div: the textbook formulas plus the recovery of infinite results
that the naive formulas turn into NaN (C99 Annex G), and Smith's algorithm for the division."""
from __future__ import annotations

import math

from passes.conversion.complex_to_standard.builder import OEQ, OLT, ONE, ORD, UNO, begin


def lower_mul(op, a, rw):
    b, t, fmf = begin(op, rw, a[0])
    f = b.f

    def parts(c):
        re = b.re(c)
        re_abs = f("math.absf", re, fmf=fmf)
        im = b.im(c)
        return re, re_abs, im, f("math.absf", im, fmf=fmf)

    lr, lr_abs, li, li_abs = parts(a[0])
    rr, rr_abs, ri, ri_abs = parts(a[1])

    def products(lr, li, rr, ri, with_abs):
        rr_prod = f("arith.mulf", lr, rr, fmf=fmf)
        abs_rr = with_abs and f("math.absf", rr_prod, fmf=fmf)
        ii_prod = f("arith.mulf", li, ri, fmf=fmf)
        abs_ii = with_abs and f("math.absf", ii_prod, fmf=fmf)
        real = f("arith.subf", rr_prod, ii_prod, fmf=fmf)
        return real, abs_rr, abs_ii

    def cross(lr, li, rr, ri, with_abs):
        ir_prod = f("arith.mulf", li, rr, fmf=fmf)
        abs_ir = with_abs and f("math.absf", ir_prod, fmf=fmf)
        ri_prod = f("arith.mulf", lr, ri, fmf=fmf)
        abs_ri = with_abs and f("math.absf", ri_prod, fmf=fmf)
        imag = f("arith.addf", ir_prod, ri_prod, fmf=fmf)
        return imag, abs_ir, abs_ri

    real, abs_rr, abs_ii = products(lr, li, rr, ri, True)
    imag, abs_ir, abs_ri = cross(lr, li, rr, ri, True)
    is_nan = b.andi(b.cmp(UNO, real, real), b.cmp(UNO, imag, imag))
    inf = b.cst(math.inf)

    def copysign(x, y):
        return f("math.copysign", x, y)

    # Case 1: an infinite part in lhs.
    lr_inf = b.cmp(OEQ, lr_abs, inf)
    li_inf = b.cmp(OEQ, li_abs, inf)
    lhs_inf = b.ori(lr_inf, li_inf)
    rr_nan = b.cmp(UNO, rr, rr)
    ri_nan = b.cmp(UNO, ri, ri)
    zero, one = b.cst(0.0), b.cst(1.0)
    lr = b.select(lhs_inf, copysign(b.select(lr_inf, one, zero), lr), lr)
    li = b.select(lhs_inf, copysign(b.select(li_inf, one, zero), li), li)
    rr = b.select(b.andi(lhs_inf, rr_nan), copysign(zero, rr), rr)
    ri = b.select(b.andi(lhs_inf, ri_nan), copysign(zero, ri), ri)
    # Case 2: an infinite part in rhs.
    rr_inf = b.cmp(OEQ, rr_abs, inf)
    ri_inf = b.cmp(OEQ, ri_abs, inf)
    rhs_inf = b.ori(rr_inf, ri_inf)
    lr_nan = b.cmp(UNO, lr, lr)
    li_nan = b.cmp(UNO, li, li)
    rr = b.select(rhs_inf, copysign(b.select(rr_inf, one, zero), rr), rr)
    ri = b.select(rhs_inf, copysign(b.select(ri_inf, one, zero), ri), ri)
    lr = b.select(b.andi(rhs_inf, lr_nan), copysign(zero, lr), lr)
    li = b.select(b.andi(rhs_inf, li_nan), copysign(zero, li), li)
    recalc = b.ori(lhs_inf, rhs_inf)
    # Case 3: finite operands, but a partial product overflowed.
    special = b.ori(b.cmp(OEQ, abs_rr, inf), b.cmp(OEQ, abs_ii, inf))
    special = b.ori(special, b.cmp(OEQ, abs_ri, inf))
    special = b.ori(special, b.cmp(OEQ, abs_ir, inf))
    special = b.andi(special, b.xori(recalc, b.true()))
    lr = b.select(b.andi(special, lr_nan), copysign(zero, lr), lr)
    li = b.select(b.andi(special, li_nan), copysign(zero, li), li)
    rr = b.select(b.andi(special, rr_nan), copysign(zero, rr), rr)
    ri = b.select(b.andi(special, ri_nan), copysign(zero, ri), ri)
    recalc = b.andi(is_nan, b.ori(recalc, special))
    # Recompute with the boxed values, scaled to infinity.
    new_real = products(lr, li, rr, ri, False)[0]
    real = b.select(recalc, f("arith.mulf", inf, new_real, fmf=fmf), real)
    new_imag = cross(lr, li, rr, ri, False)[0]
    imag = b.select(recalc, f("arith.mulf", inf, new_imag, fmf=fmf), imag)
    rw.replace_op(op, [b.create(t, real, imag)])
    return True


def lower_div(op, a, rw):
    b, t, fmf = begin(op, rw, a[0])

    def f(name, *xs):
        return b.f(name, *xs, fmf=fmf)

    lr, li, rr, ri = b.re(a[0]), b.im(a[0]), b.re(a[1]), b.im(a[1])
    # Smith's algorithm, both branches: divide by the larger of |rr|, |ri|.
    ratio1 = f("arith.divf", rr, ri)
    denom1 = f("arith.addf", ri, f("arith.mulf", ratio1, rr))
    re1 = f("arith.divf", f("arith.addf", f("arith.mulf", lr, ratio1), li), denom1)
    im1 = f("arith.divf", f("arith.subf", f("arith.mulf", li, ratio1), lr), denom1)
    ratio2 = f("arith.divf", ri, rr)
    denom2 = f("arith.addf", rr, f("arith.mulf", ratio2, ri))
    re2 = f("arith.divf", f("arith.addf", lr, f("arith.mulf", li, ratio2)), denom2)
    im2 = f("arith.divf", f("arith.subf", li, f("arith.mulf", lr, ratio2)), denom2)
    # Special case 1: zero divisor, dividend not all NaN -> infinity.
    zero = b.cst(0.0)
    rr_abs = f("math.absf", rr)
    rr_zero = b.cmp(OEQ, rr_abs, zero)
    ri_abs = f("math.absf", ri)
    ri_zero = b.cmp(OEQ, ri_abs, zero)
    lhs_has_number = b.ori(b.cmp(ORD, lr, zero), b.cmp(ORD, li, zero))
    to_inf = b.andi(lhs_has_number, b.andi(rr_zero, ri_zero))
    inf = b.cst(math.inf)
    signed_inf = b.f("math.copysign", inf, rr)
    inf_re = f("arith.mulf", signed_inf, lr)
    inf_im = f("arith.mulf", signed_inf, li)
    # Special case 2: infinite dividend, finite divisor.
    rhs_finite = b.andi(b.cmp(ONE, rr_abs, inf), b.cmp(ONE, ri_abs, inf))
    lr_abs = f("math.absf", lr)
    lr_inf = b.cmp(OEQ, lr_abs, inf)
    li_abs = f("math.absf", li)
    li_inf = b.cmp(OEQ, li_abs, inf)
    inf_by_finite = b.andi(b.ori(lr_inf, li_inf), rhs_finite)
    one = b.cst(1.0)
    lr_box = b.f("math.copysign", b.select(lr_inf, one, zero), lr)
    li_box = b.f("math.copysign", b.select(li_inf, one, zero), li)
    x, y = f("arith.mulf", lr_box, rr), f("arith.mulf", li_box, ri)
    re3 = f("arith.mulf", inf, f("arith.addf", x, y))
    x, y = f("arith.mulf", lr_box, ri), f("arith.mulf", li_box, rr)
    im3 = f("arith.mulf", inf, f("arith.subf", y, x))
    # Special case 3: finite dividend, infinite divisor -> (signed) zero.
    lhs_finite = b.andi(b.cmp(ONE, lr_abs, inf), b.cmp(ONE, li_abs, inf))
    rr_inf = b.cmp(OEQ, rr_abs, inf)
    ri_inf = b.cmp(OEQ, ri_abs, inf)
    finite_by_inf = b.andi(lhs_finite, b.ori(rr_inf, ri_inf))
    rr_box = b.f("math.copysign", b.select(rr_inf, one, zero), rr)
    ri_box = b.f("math.copysign", b.select(ri_inf, one, zero), ri)
    x, y = f("arith.mulf", lr, rr_box), f("arith.mulf", li, ri_box)
    re4 = f("arith.mulf", zero, f("arith.addf", x, y))
    x, y = f("arith.mulf", li, rr_box), f("arith.mulf", lr, ri_box)
    im4 = f("arith.mulf", zero, f("arith.subf", x, y))
    # Pick Smith's branch, then the special cases where the plain result is NaN.
    use1 = b.cmp(OLT, rr_abs, ri_abs)
    res_re = b.select(use1, re1, re2)
    res_im = b.select(use1, im1, im2)
    sp_re = b.select(finite_by_inf, re4, res_re)
    sp_im = b.select(finite_by_inf, im4, res_im)
    sp_re = b.select(inf_by_finite, re3, sp_re)
    sp_im = b.select(inf_by_finite, im3, sp_im)
    sp_re = b.select(to_inf, inf_re, sp_re)
    sp_im = b.select(to_inf, inf_im, sp_im)
    nan = b.andi(b.cmp(UNO, res_re, zero), b.cmp(UNO, res_im, zero))
    real = b.select(nan, sp_re, res_re)
    imag = b.select(nan, sp_im, res_im)
    rw.replace_op(op, [b.create(t, real, imag)])
    return True
