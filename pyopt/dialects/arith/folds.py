"""Folders of the arith ops (MLIR 19 ArithOps.cpp fold semantics) and the dialect's constant
materializer. Attached to the op declarations by `attach(ARITH)`.

The element values and scalar semantics they compute with (constant access, elementwise
evaluation, division, min/max, comparison predicates) are in constfold.py. Elementwise folds
apply to scalars and to splat/dense vector and tensor constants alike.
"""
from __future__ import annotations

import math

from pyopt.ir.attributes import IntegerAttr, FloatAttr, DenseElementsAttr
from pyopt.ir.types import IntegerType, FloatType, ShapedType, I1
from pyopt.syntax.float_format import float_to_bits, bits_to_float, quieted_nan
from pyopt.rewrite.matchers import defining, constant_attr
from pyopt.dialects.arith.constfold import (
    _width, _elem, _norm, _u, _s, _make, _fold_elementwise, _const_int, _const_float,
    _splat_like, _wrap, _divs, _rems, _shift_ok, _is_neg_zero, _div, _maximum, _minimum,
    _maxnum, _minnum, _CMPI, _CMPI_SELF_TRUE, _cmpi, _CMPF, _cmpf)


# -- integer binary ops ------------------------------------------------------------------------
def _int_binop(fn, identity_rhs=None, absorbing_rhs=None, same_operand=None,
               idempotent=False):
    """A folder for an integer binary op: constant folding with `fn(a, b, width) -> int|None`,
    `x op identity -> x`, `x op absorbing -> absorbing`, `x op x -> same_operand(x)`.
    `idempotent`: `x op x -> x` is the Idempotent trait's fold, tried only after the op's own
    (constant) fold, so equal constant operands fold to a new constant (which the dialect
    conversion materializes), as in MLIR."""
    def fold(op, consts):
        lhs, rhs = op.lhs, op.rhs
        if consts[0] is None and consts[1] is None and lhs is not rhs:
            return None  # (every rule below needs a constant or equal operands)
        t = op.results[0].type
        et = _elem(t)
        w = _width(et)
        cr = _const_int(consts[1])
        if identity_rhs is not None and cr is not None and _norm(cr, et) == \
                _norm(identity_rhs(w), et):
            return lhs
        if absorbing_rhs is not None and cr is not None and _norm(cr, et) == \
                _norm(absorbing_rhs(w), et):
            return consts[1] if op.name == "arith.ori" else rhs
        if same_operand is not None and lhs is rhs:
            r = same_operand(op, w)
            if r is not None:
                return r
        r = _fold_elementwise(op, consts[:2], lambda a, b: _wrap(fn(a, b, w), et))
        if r is None and idempotent and lhs is rhs:
            return lhs
        return r
    return fold


def _zero(op, w):
    return _splat_like(op.results[0].type, 0)


def _self(op, w):
    return op.lhs


FOLDS = {
    "arith.addi": _int_binop(lambda a, b, w: a + b, identity_rhs=lambda w: 0),
    "arith.subi": _int_binop(lambda a, b, w: a - b, identity_rhs=lambda w: 0,
                             same_operand=_zero),
    "arith.muli": _int_binop(lambda a, b, w: a * b, identity_rhs=lambda w: 1,
                             absorbing_rhs=lambda w: 0),
    "arith.andi": _int_binop(lambda a, b, w: a & b, identity_rhs=lambda w: -1,
                             absorbing_rhs=lambda w: 0, idempotent=True),
    "arith.ori": _int_binop(lambda a, b, w: a | b, identity_rhs=lambda w: 0,
                            absorbing_rhs=lambda w: -1, idempotent=True),
    "arith.xori": _int_binop(lambda a, b, w: a ^ b, identity_rhs=lambda w: 0,
                             same_operand=_zero),
    "arith.divui": _int_binop(lambda a, b, w: _u(a, w) // _u(b, w) if _u(b, w) else None,
                              identity_rhs=lambda w: 1),
    "arith.divsi": _int_binop(lambda a, b, w: _divs(a, b, w, "trunc"), identity_rhs=lambda w: 1),
    "arith.ceildivsi": _int_binop(lambda a, b, w: _divs(a, b, w, "ceil"),
                                  identity_rhs=lambda w: 1),
    "arith.floordivsi": _int_binop(lambda a, b, w: _divs(a, b, w, "floor"),
                                   identity_rhs=lambda w: 1),
    "arith.ceildivui": _int_binop(lambda a, b, w: -(-_u(a, w) // _u(b, w)) if _u(b, w)
                                  else None, identity_rhs=lambda w: 1),
    "arith.remui": _int_binop(lambda a, b, w: _u(a, w) % _u(b, w) if _u(b, w) else None,
                              absorbing_rhs=None),
    "arith.remsi": _int_binop(_rems),
    "arith.shli": _int_binop(lambda a, b, w: a << _u(b, w) if _shift_ok(b, w) else None,
                             identity_rhs=lambda w: 0),
    "arith.shrui": _int_binop(lambda a, b, w: _u(a, w) >> _u(b, w) if _shift_ok(b, w)
                              else None, identity_rhs=lambda w: 0),
    "arith.shrsi": _int_binop(lambda a, b, w: _s(a, w) >> _u(b, w) if _shift_ok(b, w)
                              else None, identity_rhs=lambda w: 0),
    "arith.maxsi": _int_binop(lambda a, b, w: max(_s(a, w), _s(b, w)), same_operand=_self),
    "arith.minsi": _int_binop(lambda a, b, w: min(_s(a, w), _s(b, w)), same_operand=_self),
    "arith.maxui": _int_binop(lambda a, b, w: max(_u(a, w), _u(b, w)), same_operand=_self),
    "arith.minui": _int_binop(lambda a, b, w: min(_u(a, w), _u(b, w)), same_operand=_self),
}


def _remui_fold(op, consts):
    cr = _const_int(consts[1])
    if cr is not None and _norm(cr, _elem(op.results[0].type)) == 1:
        return _zero(op, 0)
    return FOLDS_BASE_REMUI(op, consts)


FOLDS_BASE_REMUI = FOLDS["arith.remui"]
FOLDS["arith.remui"] = _remui_fold


def _remsi_fold(op, consts):
    cr = _const_int(consts[1])
    if cr is not None and _norm(cr, _elem(op.results[0].type)) == 1:
        return _zero(op, 0)
    return _REMSI(op, consts)


_REMSI = FOLDS["arith.remsi"]
FOLDS["arith.remsi"] = _remsi_fold


# -- float binary ops ----------------------------------------------------------------------------
def _nan_first_quieted(a, b, kind):
    """APFloat's add, subtract, multiply, divide and mod: the first NaN operand, quieted."""
    nan = quieted_nan(a, kind)
    return nan if nan is not None else quieted_nan(b, kind)


def _nan_first(a, b, kind):
    """llvm::maximum / minimum (and 19's maxnumf fold, which uses maximum): the first NaN
    operand as it is."""
    return a if quieted_nan(a, kind) is not None else \
        b if quieted_nan(b, kind) is not None else None


def _nan_other(a, b, kind):
    """llvm::minnum: the other operand of a NaN, as it is."""
    return b if quieted_nan(a, kind) is not None else \
        a if quieted_nan(b, kind) is not None else None


def _float_binop(fn, identity_rhs=None, nan_rule=None):
    """`nan_rule(a, b, kind)`: the result's bits when an operand is a NaN (its payload is
    not left to the host's arithmetic), else None."""
    def fold(op, consts):
        if consts[0] is None and consts[1] is None:
            return None  # (every rule below needs a constant)
        t = op.results[0].type
        et = _elem(t)
        cr = _const_float(consts[1])
        if identity_rhs is not None and cr is not None and identity_rhs(cr):
            return op.lhs
        kind = et.kind

        def elem(a, b):
            if nan_rule is not None:
                nan = nan_rule(a, b, kind)
                if nan is not None:
                    return nan
            x, y = bits_to_float(a, kind), bits_to_float(b, kind)
            try:
                r = fn(x, y)
            except (ZeroDivisionError, OverflowError, ValueError):
                return None
            if r is not None and r != r and x == x and y == y:
                r = math.nan  # a new NaN: APFloat's default one is positive (the host's is not)
            return None if r is None else float_to_bits(r, kind)
        if kind not in ("f16", "bf16", "f32", "f64"):
            return None
        return _fold_elementwise(op, consts[:2], elem)
    return fold


FOLDS.update({
    "arith.addf": _float_binop(lambda a, b: a + b, identity_rhs=_is_neg_zero,
                               nan_rule=_nan_first_quieted),
    "arith.subf": _float_binop(lambda a, b: a - b,
                               identity_rhs=lambda c: c == 0.0 and not _is_neg_zero(c),
                               nan_rule=_nan_first_quieted),
    "arith.mulf": _float_binop(lambda a, b: a * b, identity_rhs=lambda c: c == 1.0,
                               nan_rule=_nan_first_quieted),
    "arith.divf": _float_binop(_div, identity_rhs=lambda c: c == 1.0,
                               nan_rule=_nan_first_quieted),
    # APFloat::mod: an infinite dividend or a zero divisor gives the default NaN
    "arith.remf": _float_binop(lambda a, b: math.fmod(a, b) if b != 0.0 and not math.isinf(a)
                               else math.nan, nan_rule=_nan_first_quieted),
    "arith.maximumf": _float_binop(_maximum, nan_rule=_nan_first),
    "arith.minimumf": _float_binop(_minimum, nan_rule=_nan_first),
    "arith.maxnumf": _float_binop(_maxnum, nan_rule=_nan_first),
    "arith.minnumf": _float_binop(_minnum, nan_rule=_nan_other),
})


# -- comparisons and select ----------------------------------------------------------------------
def _fold_cmpi(op, consts):
    pred = _CMPI[op.get_attr("predicate").value]
    rt = op.results[0].type
    if op.lhs is op.rhs:
        v = 1 if pred in _CMPI_SELF_TRUE else 0
        return _splat_like(rt, v)
    w = _width(_elem(op.lhs.type))
    return _fold_elementwise(op, consts[:2], lambda a, b: int(_cmpi(pred, a, b, w)), rt)


def _fold_cmpf(op, consts):
    pred = _CMPF[op.get_attr("predicate").value]
    rt = op.results[0].type
    kind = _elem(op.lhs.type).kind
    return _fold_elementwise(
        op, consts[:2],
        lambda a, b: int(_cmpf(pred, bits_to_float(a, kind), bits_to_float(b, kind))), rt)


def _fold_select(op, consts):
    cond, tv, fv = op.condition, op.true_value, op.false_value
    if tv is fv:
        return tv
    c = _const_int(consts[0])
    if c is not None and type(consts[0]) is IntegerAttr or \
            (c is not None and type(consts[0]) is DenseElementsAttr and consts[0].is_splat):
        return tv if c else fv
    rt = op.results[0].type
    if rt is I1 or (isinstance(rt, IntegerType) and rt.width == 1):
        t, f = _const_int(consts[1]), _const_int(consts[2])
        if t is not None and f is not None and _u(t, 1) == 1 and _u(f, 1) == 0:
            return cond
    return None


FOLDS.update({"arith.cmpi": _fold_cmpi, "arith.cmpf": _fold_cmpf,
              "arith.select": _fold_select})


# -- casts ---------------------------------------------------------------------------------------
def _int_cast(fn):
    def fold(op, consts):
        it = _elem(op.in_.type)
        ot = _elem(op.results[0].type)
        wi = _width(it)
        return _fold_elementwise(op, consts[:1], lambda a: _norm(fn(a, wi, ot), ot))
    return fold


def _fold_extui(op, consts):
    src = defining(op.in_, "arith.extui")
    if src is not None:  # extui(extui(x)) -> extui(x)
        op.in_ = src.in_
        return op.results[0]
    return _int_cast(lambda a, w, ot: _u(a, w))(op, consts)


def _fold_extsi(op, consts):
    src = defining(op.in_, "arith.extsi")
    if src is not None:
        op.in_ = src.in_
        return op.results[0]
    return _int_cast(lambda a, w, ot: _s(a, w))(op, consts)


def _fold_trunci(op, consts):
    src = defining(op.in_)
    if src is not None and src.name in ("arith.extui", "arith.extsi"):
        inner = src.in_
        wi, wo = _width(_elem(inner.type)), _width(_elem(op.results[0].type))
        if wi > wo:  # trunci(ext(x)) -> trunci(x)
            op.in_ = inner
            return op.results[0]
        if inner.type == op.results[0].type:  # trunci(ext(x)) -> x
            return inner
    if src is not None and src.name == "arith.trunci":
        op.in_ = src.in_
        return op.results[0]
    return _int_cast(lambda a, w, ot: a)(op, consts)


def _fold_index_cast(unsigned):
    # Only constants fold (cast-of-cast is a canonicalization pattern upstream, which the
    # dialect conversion's folding must not apply).
    def fold(op, consts):
        return _int_cast(lambda a, w, ot: _u(a, w) if unsigned else _s(a, w))(op, consts)
    return fold


def _int_to_fp(signed):
    def fold(op, consts):
        it = _elem(op.in_.type)
        ot = _elem(op.results[0].type)
        w = _width(it)
        return _fold_elementwise(
            op, consts[:1],
            lambda a: float_to_bits(float(_s(a, w) if signed else _u(a, w)), ot.kind))
    return fold


def _fp_to_int(signed):
    def fold(op, consts):
        it = _elem(op.in_.type)
        ot = _elem(op.results[0].type)
        w = _width(ot)

        def conv(a):
            x = bits_to_float(a, it.kind)
            if math.isnan(x) or math.isinf(x):
                return None
            v = int(x)  # rounds toward zero
            lo, hi = (-(1 << (w - 1)), (1 << (w - 1)) - 1) if signed else (0, (1 << w) - 1)
            if not lo <= v <= hi:
                return None
            return _norm(v, ot)
        return _fold_elementwise(op, consts[:1], conv)
    return fold


def _fold_extf(op, consts):
    tr = defining(op.in_, "arith.truncf")
    if tr is not None and tr.in_.type is op.results[0].type:
        fa, fb = tr.get_attr("fastmath"), op.get_attr("fastmath")
        if fa is not None and fb is not None and fa.value & 32 and fb.value & 32:
            return tr.in_
    it = _elem(op.in_.type)
    ot = _elem(op.results[0].type)
    return _fold_elementwise(op, consts[:1],
                             lambda a: float_to_bits(bits_to_float(a, it.kind), ot.kind))


def _fold_truncf(op, consts):
    src = defining(op.in_, "arith.extf")
    if src is not None and src.in_.type == op.results[0].type:
        return src.in_
    it = _elem(op.in_.type)
    ot = _elem(op.results[0].type)

    def conv(a):
        x = bits_to_float(a, it.kind)
        r = float_to_bits(x, ot.kind)
        # only exact conversions fold (convertFloatValue fails on lost information), so the
        # rounding mode never matters
        if not math.isnan(x) and bits_to_float(r, ot.kind) != x:
            return None
        return r
    return _fold_elementwise(op, consts[:1], conv)


FOLDS.update({
    "arith.extui": _fold_extui, "arith.extsi": _fold_extsi, "arith.trunci": _fold_trunci,
    "arith.index_cast": _fold_index_cast(False), "arith.index_castui": _fold_index_cast(True),
    "arith.sitofp": _int_to_fp(True), "arith.uitofp": _int_to_fp(False),
    "arith.fptosi": _fp_to_int(True), "arith.fptoui": _fp_to_int(False),
    "arith.extf": _fold_extf, "arith.truncf": _fold_truncf,
})


def _minmax(base, signed, is_max):
    """x op MAX/MIN of the type folds to the extreme (or x), then constant folding."""
    def fold(op, consts):
        cr = _const_int(consts[1])
        et = _elem(op.results[0].type)
        if cr is not None and _width(et) > 0:
            w = _width(et)
            v = _s(cr, w) if signed else _u(cr, w)
            hi = (1 << (w - 1)) - 1 if signed else (1 << w) - 1
            lo = -(1 << (w - 1)) if signed else 0
            if v == (hi if is_max else lo):
                return op.rhs
            if v == (lo if is_max else hi):
                return op.lhs
        return base(op, consts)
    return fold


for _n, _sg, _mx in (("maxsi", True, True), ("minsi", True, False), ("maxui", False, True),
                     ("minui", False, False)):
    FOLDS["arith." + _n] = _minmax(FOLDS["arith." + _n], _sg, _mx)


def _fold_bitcast(op, consts):
    # Identity casts fold (CastOpInterface); bitcast(bitcast(x)) is a canonicalization only.
    src = op.in_
    if src.type == op.results[0].type:
        return src
    return None


FOLDS["arith.bitcast"] = _fold_bitcast


def _fold_constant(op, consts):
    return op.get_attr("value")


FOLDS["arith.constant"] = _fold_constant


# -- structural folds run before constant folding (ArithOps.cpp) ------------------------------
def _all_ones(attr, t):
    v = _const_int(attr)
    return v is not None and _norm(v, _elem(t)) == _norm(-1, _elem(t))


def _before(base, pre):
    def fold(op, consts):
        r = pre(op, consts)
        return r if r is not None else base(op, consts)
    return fold


def _addi_pre(op, consts):
    lhs, rhs = op.lhs, op.rhs
    cr = _const_int(consts[1])
    if cr is not None and cr == 0:
        return lhs
    sub = defining(lhs, "arith.subi")
    if sub is not None and sub.rhs is rhs:  # addi(subi(a, b), b) -> a
        return sub.lhs
    sub = defining(rhs, "arith.subi")
    if sub is not None and sub.rhs is lhs:  # addi(b, subi(a, b)) -> a
        return sub.lhs
    return None


def _subi_pre(op, consts):
    lhs, rhs = op.lhs, op.rhs
    if lhs is rhs:
        return _zero(op, 0)
    cr = _const_int(consts[1])
    if cr is not None and cr == 0:
        return lhs
    add = defining(lhs, "arith.addi")
    if add is not None:
        if add.rhs is rhs:
            return add.lhs
        if add.lhs is rhs:
            return add.rhs
    return None


def _andi_pre(op, consts):
    lhs, rhs = op.lhs, op.rhs
    t = op.results[0].type
    cr = _const_int(consts[1])
    if cr is not None and cr == 0:
        return rhs
    if consts[1] is not None and _all_ones(consts[1], t):
        return lhs
    for a, b in ((lhs, rhs), (rhs, lhs)):  # and(x, not(x)) -> 0
        x = defining(b, "arith.xori")
        if x is not None and x.lhs is a and _all_ones(constant_attr(x.rhs), t):
            return _zero(op, 0)
    for prev_v, other in ((lhs, rhs), (rhs, lhs)):  # and(a, and(a, b)) -> and(a, b)
        prev = defining(prev_v, "arith.andi")
        if prev is not None and (other is prev.lhs or other is prev.rhs):
            return prev.results[0]
    return None


def _ori_pre(op, consts):
    lhs, rhs = op.lhs, op.rhs
    t = op.results[0].type
    if _const_int(consts[1]) is not None:
        if _const_int(consts[1]) == 0:
            return lhs
        if _all_ones(consts[1], t):
            return consts[1]
    for a, b in ((lhs, rhs), (rhs, lhs)):  # or(x, xor(x, 1)) -> 1
        x = defining(b, "arith.xori")
        if x is not None and x.lhs is a and _all_ones(constant_attr(x.rhs), t):
            return x.rhs
    return None


def _xori_pre(op, consts):
    lhs, rhs = op.lhs, op.rhs
    cr = _const_int(consts[1])
    if cr is not None and cr == 0:
        return lhs
    if lhs is rhs:
        return _zero(op, 0)
    prev = defining(lhs, "arith.xori")
    if prev is not None:
        if prev.rhs is rhs:
            return prev.lhs
        if prev.lhs is rhs:
            return prev.rhs
    prev = defining(rhs, "arith.xori")
    if prev is not None:
        if prev.rhs is lhs:
            return prev.lhs
        if prev.lhs is lhs:
            return prev.rhs
    return None


FOLDS["arith.addi"] = _before(FOLDS["arith.addi"], _addi_pre)
FOLDS["arith.subi"] = _before(FOLDS["arith.subi"], _subi_pre)
FOLDS["arith.andi"] = _before(FOLDS["arith.andi"], _andi_pre)
FOLDS["arith.ori"] = _before(FOLDS["arith.ori"], _ori_pre)
FOLDS["arith.xori"] = _before(FOLDS["arith.xori"], _xori_pre)


def _fold_negf(op, consts):
    inner = defining(op.operand_, "arith.negf")
    if inner is not None:
        return inner.operand_
    kind = _elem(op.results[0].type).kind
    if type(consts[0]).__name__ == "PoisonAttr":
        return consts[0]
    if type(consts[0]) is not FloatAttr:
        return None
    return FloatAttr(consts[0].type, float_to_bits(-bits_to_float(consts[0].bits, kind), kind))


FOLDS["arith.negf"] = _fold_negf


def _fminmax_pre(inf_sign):
    def pre(op, consts):
        if op.lhs is op.rhs:
            return op.rhs
        c = consts[1]
        if type(c) is FloatAttr and math.isinf(c.value) and (c.value > 0) == (inf_sign > 0):
            return op.lhs
        return None
    return pre


for _n, _sgn in (("maximumf", -1), ("maxnumf", -1), ("minimumf", 1), ("minnumf", 1)):
    FOLDS["arith." + _n] = _before(FOLDS["arith." + _n], _fminmax_pre(_sgn))


_SWAP_PRED = {2: 4, 4: 2, 3: 5, 5: 3, 6: 8, 8: 6, 7: 9, 9: 7, 0: 0, 1: 1}


def _int_width_of(t):
    if type(t) is IntegerType:
        return t.width
    if isinstance(t, ShapedType) and type(t).__name__ == "VectorType":
        return t.element_type.width
    return None


def _fold_cmpi2(op, consts):
    pred_attr = op.get_attr("predicate")
    pred = pred_attr.value
    lhs, rhs = op.lhs, op.rhs
    rt = op.results[0].type
    if lhs is rhs:
        return _splat_like(rt, 1 if _CMPI[pred] in _CMPI_SELF_TRUE else 0)
    cr = _const_int(consts[1])
    if cr is not None and cr == 0 and pred == 1:
        for ext in ("arith.extsi", "arith.extui"):
            e = defining(lhs, ext)
            if e is not None and _int_width_of(e.in_.type) == 1:
                return e.in_
    if consts[0] is not None and consts[1] is None:
        op.properties["predicate"] = IntegerAttr(pred_attr.type, _SWAP_PRED[pred])
        op.lhs, op.rhs = rhs, lhs
        return op.results[0]
    if consts[0] is None:
        return None
    return _fold_cmpi(op, consts)


FOLDS["arith.cmpi"] = _fold_cmpi2


def _fold_cmpf2(op, consts):
    a, b = consts[0], consts[1]
    if type(a) is FloatAttr and math.isnan(a.value):
        b = a
    if type(b) is FloatAttr and math.isnan(b.value):
        a = b
    if type(a) is not FloatAttr or type(b) is not FloatAttr:
        return None
    pred = _CMPF[op.get_attr("predicate").value]
    return IntegerAttr(I1, -1 if _cmpf(pred, a.value, b.value) else 0)


FOLDS["arith.cmpf"] = _fold_cmpf2


def _fold_select2(op, consts):
    cond, tv, fv = op.condition, op.true_value, op.false_value
    if tv is fv:
        return tv
    c = _const_int(consts[0])
    if c is not None:
        return tv if _u(c, 1) else fv
    rt = op.results[0].type
    if type(consts[1]).__name__ == "PoisonAttr":
        return fv
    if type(consts[2]).__name__ == "PoisonAttr":
        return tv
    if rt is I1:
        t, f = _const_int(consts[1]), _const_int(consts[2])
        if t is not None and f is not None and _u(t, 1) == 1 and _u(f, 1) == 0:
            return cond
    cmp = defining(cond, "arith.cmpi")
    if cmp is not None:
        p = cmp.get_attr("predicate").value
        if p in (0, 1):
            a, b = cmp.lhs, cmp.rhs
            if (a is tv and b is fv) or (b is tv and a is fv):
                return tv if p == 1 else fv
    cc, ct, cf = consts
    if type(cc) is DenseElementsAttr and type(ct) is DenseElementsAttr and \
            type(cf) is DenseElementsAttr:
        n = 1
        for d in ct.type.shape:
            n *= d
        get = lambda a, i: a.values[0] if a.is_splat else a.values[i]
        vals = [get(ct, i) if _u(get(cc, i), 1) else get(cf, i) for i in range(n)]
        return DenseElementsAttr(ct.type, vals)
    return None


FOLDS["arith.select"] = _fold_select2


def _fold_bitcast2(op, consts):
    r = _fold_bitcast(op, consts)
    if r is not None:
        return r
    a = consts[0]
    rt = op.results[0].type
    if a is None:
        return None
    st = _elem(op.in_.type)
    dt = _elem(rt)

    def conv(v):
        bits = v if type(st) is FloatType else _u(v, _width(st))
        if type(dt) is FloatType:
            return bits
        return _norm(bits, dt)
    if type(a) is DenseElementsAttr:
        return DenseElementsAttr(rt, [conv(v) for v in a.values])
    if isinstance(rt, ShapedType):
        return None
    if type(a) is FloatAttr:
        return _make(rt, [conv(a.bits)], False)
    if type(a) is IntegerAttr:
        return _make(rt, [conv(a.value)], False)
    return None


FOLDS["arith.bitcast"] = _fold_bitcast2


def _fold_addui_extended(op, consts):
    cr = _const_int(constant_attr(op.rhs))
    ot = op.results[1].type
    if cr is not None and cr == 0:
        return [op.lhs, _splat_like(ot, 0)]
    t = op.results[0].type
    et = _elem(t)
    w = _width(et)
    s = _fold_elementwise(op, consts[:2], lambda a, b: _norm(a + b, et), t)
    if s is None:
        return None
    ov = _fold_elementwise(op, [s, consts[0]],
                           lambda a, b: -1 if _u(a, w) < _u(b, w) else 0, ot)
    return None if ov is None else [s, ov]


def _fold_mul_extended(signed):
    def fold(op, consts):
        t = op.results[0].type
        et = _elem(t)
        w = _width(et)
        cr = _const_int(consts[1])
        if cr is not None and cr == 0:
            return [consts[1], consts[1]]
        if not signed and cr is not None and _norm(cr, et) == 1:
            return [op.lhs, _splat_like(t, 0)]
        conv = (lambda v: _s(v, w)) if signed else (lambda v: _u(v, w))
        lo = _fold_elementwise(op, consts[:2], lambda a, b: _norm(a * b, et), t)
        if lo is None:
            return None
        hi = _fold_elementwise(op, consts[:2],
                               lambda a, b: _norm((conv(a) * conv(b)) >> w, et), t)
        return [lo, hi]
    return fold


FOLDS["arith.addui_extended"] = _fold_addui_extended
FOLDS["arith.mulsi_extended"] = _fold_mul_extended(True)
FOLDS["arith.mului_extended"] = _fold_mul_extended(False)


# -- materialization ---------------------------------------------------------------------------
def materialize_constant(rewriter, attr, type_, loc):
    t = type(attr)
    if t.__name__ == "PoisonAttr":
        return rewriter.create("ub.poison", result_types=[type_], properties={"value": attr},
                               loc=loc)
    if t in (IntegerAttr, FloatAttr, DenseElementsAttr) and getattr(attr, "type", None) == type_:
        return rewriter.create("arith.constant", result_types=[type_],
                               properties={"value": attr}, loc=loc)
    return None


def attach(dialect):
    dialect.attach_rewrites(FOLDS, None, materialize_constant, replace_folds=True)
