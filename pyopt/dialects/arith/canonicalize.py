"""Canonicalization patterns of the arith ops (MLIR 19 ArithCanonicalization.td and the C++
patterns of ArithOps.cpp). Attached to the op declarations by `attach(ARITH)`.

Patterns that mirror DRR rules get the DRR benefit (the number of ops they match), so the
order in which competing rules fire is upstream's.
"""
from __future__ import annotations

import math

from pyopt.ir.attributes import IntegerAttr, FloatAttr
from pyopt.ir.types import IntegerType, FloatType, I1
from pyopt.rewrite.pattern import RewritePattern
from pyopt.syntax.float_format import float_to_bits
from pyopt.dialects.arith.constfold import _const_int, _norm, _elem, _width, _u, _splat_like
from pyopt.rewrite.matchers import defining as _def, constant_attr as _cst, int_attr as _int_cst  # noqa: F401
from pyopt.ir.int_predicates import INVERSE as _INVERT


def _ovf(op):
    return op.get_attr("overflowFlags")


def _merge(a, b):
    from pyopt.dialects.arith import OverflowAttr
    va = a.value if a is not None else 0
    vb = b.value if b is not None else 0
    return OverflowAttr(va & vb)


def _none_ovf():
    from pyopt.dialects.arith import OVERFLOW_NONE
    return OVERFLOW_NONE


def _const(rw, attr, loc):
    return rw.create("arith.constant", result_types=[attr.type], properties={"value": attr},
                     loc=loc).results[0]


def _binop(rw, name, lhs, rhs, loc, ovf=None):
    props = {"overflowFlags": ovf if ovf is not None else _none_ovf()} \
        if name in ("arith.addi", "arith.subi", "arith.muli", "arith.shli") else {}
    return rw.create(name, [lhs, rhs], [lhs.type], properties=props, loc=loc).results[0]


def _replace(rw, op, name, operands, props=None, result_types=None):
    return rw.replace_op_with_new_op(op, name, list(operands),
                                     result_types or [r.type for r in op.results],
                                     properties=props or {})


_PATTERNS = {}


def pat(root, benefit=1):
    def deco(fn):
        _PATTERNS.setdefault("arith." + root, []).append(
            RewritePattern("arith." + root, benefit, fn))
        return fn
    return deco


def _int_attr_fn(res_type, a, b, fn):
    return IntegerAttr(res_type, _norm(fn(a.value, b.value), res_type))


# -- addi / subi / muli chains with constants -------------------------------------------------
def _const_chain(op, rw, inner_name, lhs_const, result_name, combine, swap=False):
    """Matches `op(inner(x, c0) | inner(c0, x), c1)` and rebuilds with a folded constant."""
    inner = _def(op.lhs, inner_name)
    c1 = _int_cst(op.rhs)
    if inner is None or c1 is None:
        return False
    if lhs_const:
        c0, x = _int_cst(inner.lhs), inner.rhs
    else:
        x, c0 = inner.lhs, _int_cst(inner.rhs)
    if c0 is None:
        return False
    t = op.results[0].type
    c = _const(rw, IntegerAttr(t, _norm(combine(c0.value, c1.value), t)), op.loc)
    ovf = _merge(_ovf(inner), _ovf(op))
    operands = [c, x] if swap else [x, c]
    _replace(rw, op, result_name, operands, {"overflowFlags": ovf})
    return True


@pat("addi", 3)
def AddIAddConstant(op, rw):
    return _const_chain(op, rw, "arith.addi", False, "arith.addi", lambda a, b: a + b)


@pat("addi", 3)
def AddISubConstantRHS(op, rw):
    return _const_chain(op, rw, "arith.subi", False, "arith.addi", lambda c0, c1: c1 - c0)


@pat("addi", 3)
def AddISubConstantLHS(op, rw):
    return _const_chain(op, rw, "arith.subi", True, "arith.subi", lambda a, b: a + b, True)


def _is_all_ones(attr):
    v = _const_int(attr)
    if v is None:
        return False
    return _norm(v, _elem(attr.type)) == _norm(-1, _elem(attr.type))


@pat("addi", 2)
def AddIMulNegativeOneRhs(op, rw):
    mul = _def(op.rhs, "arith.muli")
    if mul is None or not _is_all_ones(_cst(mul.rhs)):
        return False
    _replace(rw, op, "arith.subi", [op.lhs, mul.lhs],
             {"overflowFlags": _none_ovf()})
    return True


@pat("addi", 2)
def AddIMulNegativeOneLhs(op, rw):
    mul = _def(op.lhs, "arith.muli")
    if mul is None or not _is_all_ones(_cst(mul.rhs)):
        return False
    _replace(rw, op, "arith.subi", [op.rhs, mul.lhs],
             {"overflowFlags": _none_ovf()})
    return True


@pat("muli", 3)
def MulIMulIConstant(op, rw):
    return _const_chain(op, rw, "arith.muli", False, "arith.muli", lambda a, b: a * b)


@pat("subi", 3)
def SubIRHSAddConstant(op, rw):
    inner = _def(op.lhs, "arith.addi")
    c1 = _int_cst(op.rhs)
    if inner is None or c1 is None:
        return False
    c0 = _int_cst(inner.rhs)
    if c0 is None:
        return False
    t = op.results[0].type
    c = _const(rw, IntegerAttr(t, _norm(c0.value - c1.value, t)), op.loc)
    _replace(rw, op, "arith.addi", [inner.lhs, c], {"overflowFlags": _none_ovf()})
    return True


def _lhs_const_chain(op, rw, inner_name, lhs_const, result_name, combine, swap):
    """Matches `op(c1, inner(...))`."""
    c1 = _int_cst(op.lhs)
    inner = _def(op.rhs, inner_name)
    if inner is None or c1 is None:
        return False
    if lhs_const:
        c0, x = _int_cst(inner.lhs), inner.rhs
    else:
        x, c0 = inner.lhs, _int_cst(inner.rhs)
    if c0 is None:
        return False
    t = op.results[0].type
    c = _const(rw, IntegerAttr(t, _norm(combine(c0.value, c1.value), t)), op.loc)
    ovf = _merge(_ovf(inner), _ovf(op))
    _replace(rw, op, result_name, [c, x] if swap else [x, c], {"overflowFlags": ovf})
    return True


@pat("subi", 3)
def SubILHSAddConstant(op, rw):
    return _lhs_const_chain(op, rw, "arith.addi", False, "arith.subi",
                            lambda c0, c1: c1 - c0, True)


@pat("subi", 3)
def SubIRHSSubConstantRHS(op, rw):
    return _const_chain(op, rw, "arith.subi", False, "arith.subi", lambda a, b: a + b)


@pat("subi", 3)
def SubIRHSSubConstantLHS(op, rw):
    return _const_chain(op, rw, "arith.subi", True, "arith.subi", lambda a, b: a - b, True)


@pat("subi", 3)
def SubILHSSubConstantRHS(op, rw):
    return _lhs_const_chain(op, rw, "arith.subi", False, "arith.subi",
                            lambda c0, c1: c0 + c1, True)


@pat("subi", 3)
def SubILHSSubConstantLHS(op, rw):
    return _lhs_const_chain(op, rw, "arith.subi", True, "arith.addi",
                            lambda c0, c1: c1 - c0, False)


@pat("subi", 2)
def SubISubILHSRHSLHS(op, rw):
    inner = _def(op.lhs, "arith.subi")
    if inner is None or inner.lhs is not op.rhs:
        return False
    y = inner.rhs
    zero = _const(rw, _splat_like(y.type, 0), op.loc)
    _replace(rw, op, "arith.subi", [zero, y], {"overflowFlags": _merge(_ovf(inner), _ovf(op))})
    return True


# -- extended arithmetic ----------------------------------------------------------------------
def _ext_to_plain(plain):
    def fn(op, rw):
        if op.results[1].first_use is not None:
            return False
        rw.set_insertion_point(op)
        v = _binop(rw, plain, op.lhs, op.rhs, op.loc)
        rw.replace_op(op, [v, op.lhs])
        return True
    return fn


pat("addui_extended", 1)(_ext_to_plain("arith.addi"))
pat("mulsi_extended", 1)(_ext_to_plain("arith.muli"))


def _is_one(attr):
    v = _const_int(attr)
    return v is not None and v == 1


@pat("mulsi_extended", 1)
def MulSIExtendedRHSOne(op, rw):
    x = op.lhs
    # IsScalarOrSplatOne wants a strictly positive 1: an i1 `true` is -1 when signed.
    if _width(_elem(x.type)) == 1 or not _is_one(_cst(op.rhs)):
        return False
    zero = _const(rw, _splat_like(x.type, 0), op.loc)
    from pyopt.dialects.arith.support import i1_same_shape
    cmp = rw.create("arith.cmpi", [x, zero], [i1_same_shape(x.type)],
                    properties={"predicate": IntegerAttr(_I64(), 2)}, loc=op.loc)
    ext = rw.create("arith.extsi", [cmp.results[0]], [x.type], loc=op.loc)
    rw.replace_op(op, [x, ext.results[0]])
    return True


def _I64():
    from pyopt.ir.types import I64
    return I64


pat("mului_extended", 1)(_ext_to_plain("arith.muli"))


# -- xori / andi / ori ------------------------------------------------------------------------


@pat("xori", 2)
def XOrINotCmpI(op, rw):
    cmp = _def(op.lhs, "arith.cmpi")
    c = _cst(op.rhs)
    if cmp is None or type(c) is not IntegerAttr or c.type is not I1 or c.value == 0:
        return False
    p = cmp.get_attr("predicate")
    _replace(rw, op, "arith.cmpi", [cmp.lhs, cmp.rhs],
             {"predicate": IntegerAttr(p.type, _INVERT[p.value])})
    return True


def _of_ext(ext_name):
    def fn(op, rw):
        a, b = _def(op.lhs, ext_name), _def(op.rhs, ext_name)
        if a is None or b is None:
            return False
        x, y = a.in_, b.in_
        if x.type is not y.type:
            return False
        inner = rw.create(op.name, [x, y], [x.type], loc=op.loc).results[0]
        _replace(rw, op, ext_name, [inner])
        return True
    return fn


for _root in ("xori", "andi", "ori"):
    pat(_root, 3)(_of_ext("arith.extui"))
    pat(_root, 3)(_of_ext("arith.extsi"))


# -- cmpi ---------------------------------------------------------------------------------------
def _cmpi_ext(ext_name):
    def fn(op, rw):
        a, b = _def(op.lhs, ext_name), _def(op.rhs, ext_name)
        if a is None or b is None:
            return False
        x, y = a.in_, b.in_
        p = op.get_attr("predicate")
        if x.type is not y.type or p.value not in (0, 1):
            return False
        _replace(rw, op, "arith.cmpi", [x, y], {"predicate": p})
        return True
    return fn


pat("cmpi", 3)(_cmpi_ext("arith.extsi"))
pat("cmpi", 3)(_cmpi_ext("arith.extui"))


# -- select -------------------------------------------------------------------------------------
@pat("select", 2)
def RedundantSelectFalse(op, rw):
    inner = _def(op.false_value, "arith.select")
    if inner is None or inner.condition is not op.condition:
        return False
    _replace(rw, op, "arith.select", [op.condition, op.true_value, inner.false_value])
    return True


@pat("select", 2)
def RedundantSelectTrue(op, rw):
    inner = _def(op.true_value, "arith.select")
    if inner is None or inner.condition is not op.condition:
        return False
    _replace(rw, op, "arith.select", [op.condition, inner.true_value, op.false_value])
    return True


@pat("select", 2)
def SelectNotCond(op, rw):
    x = _def(op.condition, "arith.xori")
    if x is None:
        return False
    c = _cst(x.rhs)
    if type(c) is not IntegerAttr or not _is_all_ones(c):
        return False
    _replace(rw, op, "arith.select", [x.lhs, op.false_value, op.true_value])
    return True


def _i1_const(attr, v):
    return type(attr) is IntegerAttr and attr.type is I1 and _u(attr.value, 1) == v


@pat("select", 1)
def SelectI1ToNot(op, rw):
    if not (_i1_const(_cst(op.true_value), 0) and _i1_const(_cst(op.false_value), 1)):
        return False
    one = _const(rw, IntegerAttr(I1, -1), op.loc)
    _replace(rw, op, "arith.xori", [op.condition, one])
    return True


@pat("select", 1)
def SelectToExtUI(op, rw):
    t = op.results[0].type
    if type(t) is not IntegerType or t.width == 1:
        return False
    tv, fv = _const_int(_cst(op.true_value)), _const_int(_cst(op.false_value))
    if tv is None or fv is None:
        return False
    cond = op.condition
    if tv == 1 and fv == 0:
        _replace(rw, op, "arith.extui", [cond])
        return True
    if tv == 0 and fv == 1:
        one = _const(rw, IntegerAttr(cond.type, _norm(1, cond.type)), op.loc)
        x = rw.create("arith.xori", [cond, one], [cond.type], loc=op.loc).results[0]
        _replace(rw, op, "arith.extui", [x])
        return True
    return False


# -- casts --------------------------------------------------------------------------------------
def _cast_of_cast(inner_name):
    def fn(op, rw):
        inner = _def(op.in_, inner_name)
        if inner is None or inner.in_.type is not op.results[0].type:
            return False
        rw.replace_op(op, [inner.in_])
        return True
    return fn


def _cast_of_ext(ext_name):
    def fn(op, rw):
        inner = _def(op.in_, ext_name)
        if inner is None:
            return False
        _replace(rw, op, op.name, [inner.in_])
        return True
    return fn


pat("index_cast", 2)(_cast_of_cast("arith.index_cast"))
pat("index_cast", 2)(_cast_of_ext("arith.extsi"))
pat("index_castui", 2)(_cast_of_cast("arith.index_castui"))
pat("index_castui", 2)(_cast_of_ext("arith.extui"))


@pat("bitcast", 2)
def BitcastOfBitcast(op, rw):
    inner = _def(op.in_, "arith.bitcast")
    if inner is None:
        return False
    rw.replace_op(op, [inner.in_])
    return True


@pat("extsi", 2)
def ExtSIOfExtUI(op, rw):
    inner = _def(op.in_, "arith.extui")
    if inner is None:
        return False
    _replace(rw, op, "arith.extui", [inner.in_])
    return True


def _ewidth(v):
    e = _elem(v.type)
    return _width(e) if isinstance(e, (IntegerType, FloatType)) or e.__class__.__name__ == \
        "IndexType" else -1


def _trunc_of_ext(ext_name):
    def fn(op, rw):
        ext = _def(op.in_, ext_name)
        if ext is None:
            return False
        x = ext.in_
        wext, wtr, wx = _ewidth(ext.results[0]), _ewidth(op.results[0]), _ewidth(x)
        if not (wext > wtr > 0 and wtr > wx > 0):
            return False
        _replace(rw, op, ext_name, [x])
        return True
    return fn


pat("trunci", 2)(_trunc_of_ext("arith.extsi"))
pat("trunci", 2)(_trunc_of_ext("arith.extui"))


@pat("trunci", 2)
def TruncIShrSIToTrunciShrUI(op, rw):
    sh = _def(op.in_, "arith.shrsi")
    if sh is None:
        return False
    c0 = _cst(sh.rhs)
    if c0 is None or not hasattr(c0, "type"):
        return False
    amount = _const_int(c0)
    x = sh.lhs
    if amount is None or _ewidth(x) - _ewidth(op.results[0]) != amount:
        return False
    c = _const(rw, c0, op.loc)
    shr = rw.create("arith.shrui", [x, c], [x.type], loc=op.loc).results[0]
    _replace(rw, op, "arith.trunci", [shr])
    return True


def _trunc_mul_extended(ext_name, result_name):
    def fn(op, rw):
        sh = _def(op.in_, "arith.shrui")
        if sh is None:
            return False
        mul = _def(sh.lhs, "arith.muli")
        if mul is None:
            return False
        c0 = _cst(sh.rhs)
        a, b = _def(mul.lhs, ext_name), _def(mul.rhs, ext_name)
        if c0 is None or a is None or b is None:
            return False
        x, y = a.in_, b.in_
        tr = op.results[0]
        if not (tr.type is x.type is y.type):
            return False
        wm, wx = _ewidth(mul.results[0]), _ewidth(x)
        if not (wm > wx > 0):
            return False
        amount = _const_int(c0)
        if amount is None or wm - wx != amount:
            return False
        new = rw.create(result_name, [x, y], [x.type, x.type], loc=op.loc)
        rw.replace_op(op, [new.results[1]])
        return True
    return fn


pat("trunci", 4)(_trunc_mul_extended("arith.extsi", "arith.mulsi_extended"))
pat("trunci", 4)(_trunc_mul_extended("arith.extui", "arith.mului_extended"))


def _of_negf(op, rw):
    a, b = _def(op.lhs, "arith.negf"), _def(op.rhs, "arith.negf")
    if a is None or b is None or a.operand_.type is not b.operand_.type:
        return False
    _replace(rw, op, op.name, [a.operand_, b.operand_],
             {"fastmath": op.get_attr("fastmath")} if op.get_attr("fastmath") else None)
    return True


pat("mulf", 3)(_of_negf)
pat("divf", 3)(_of_negf)


# -- cmpf of an int-to-fp conversion against a constant (CmpFIntToFPConst) ---------------------
_MANTISSA = {"f16": 11, "bf16": 8, "f32": 24, "f64": 53, "f80": 64, "f128": 113,
             "tf32": 11}
_MAX_EXP = {"f16": 15, "bf16": 127, "f32": 127, "f64": 1023, "f80": 16383, "f128": 16383,
            "tf32": 127}
# cmpf predicates: false oeq ogt oge olt ole one ord ueq ugt uge ult ule une uno true
_F2I = {1: "eq", 8: "eq", 2: "gt", 9: "gt", 3: "ge", 10: "ge", 4: "lt", 11: "lt", 5: "le",
        12: "le", 6: "ne", 13: "ne"}
_CMPI_IDX = {n: i for i, n in enumerate(["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule",
                                         "ugt", "uge"])}


def _bool_const(rw, op, v):
    _replace(rw, op, "arith.constant", [], {"value": IntegerAttr(I1, -1 if v else 0)},
             [I1])
    return True


_INEXACT_RHS = {"ne": (True, True), "eq": (False, False), "ule": (False, None),
                "sle": ("slt", None), "ult": (False, "ule"), "slt": (None, "sle"),
                "ugt": (True, None), "sgt": ("sge", None), "uge": (True, "ugt"),
                "sge": (None, "sgt")}


@pat("cmpf", 1)
def CmpFIntToFPConst(op, rw):
    flt = _cst(op.rhs)
    if type(flt) is not FloatAttr:
        return False
    rhs = flt.value
    if math.isnan(rhs):
        return False
    ft = op.rhs.type
    mant = _MANTISSA.get(ft.kind)
    if not mant:
        return False
    lhs_op = _def(op.lhs, "arith.sitofp", "arith.uitofp")
    if lhs_op is None:
        return False
    unsigned = lhs_op.name == "arith.uitofp"
    int_val = lhs_op.in_
    it = int_val.type
    if type(it) is not IntegerType:
        return False
    w = it.width
    value_bits = w if unsigned else w - 1
    if w > mant:
        if math.isinf(rhs):
            if _MAX_EXP[ft.kind] < value_bits:
                return False
        else:
            exp = math.frexp(rhs)[1] - 1 if rhs != 0 else -(1 << 30)
            if mant <= exp <= value_bits:
                return False
    p = op.get_attr("predicate").value
    if p == 7:
        return _bool_const(rw, op, True)
    if p == 14:
        return _bool_const(rw, op, False)
    if p not in _F2I:
        return False
    base = _F2I[p]
    pred = base if base in ("eq", "ne") else ("u" if unsigned else "s") + base
    hi = (1 << w) - 1 if unsigned else (1 << (w - 1)) - 1
    lo = 0 if unsigned else -(1 << (w - 1))
    hi_f = _to_float(hi, ft.kind)
    lo_f = _to_float(lo, ft.kind)
    if hi_f < rhs:
        return _bool_const(rw, op, pred in ("ne", "slt", "sle", "ult", "ule"))
    if lo_f > rhs:
        return _bool_const(rw, op, pred in ("ne", "sgt", "sge", "ugt", "uge"))
    if math.isinf(rhs):
        return False
    rhs_int = int(rhs)  # toward zero
    if unsigned and rhs_int < 0 or not lo <= rhs_int <= hi:
        if not (unsigned and rhs > -1.0):
            return False
        rhs_int = 0
    if rhs != 0.0 and float(_to_float(rhs_int, ft.kind)) != rhs:
        # The integer constant is not exact: per predicate, (if rhs < 0, otherwise) either a
        # known result (bool) or the predicate to compare with the rounded constant.
        r = _INEXACT_RHS.get(pred, (None, None))[0 if rhs < 0 else 1]
        if isinstance(r, bool):
            return _bool_const(rw, op, r)
        if r is not None:
            pred = r
    c = _const(rw, IntegerAttr(it, _norm(rhs_int, it)), op.loc)
    _replace(rw, op, "arith.cmpi", [int_val, c],
             {"predicate": IntegerAttr(_I64(), _CMPI_IDX[pred])})
    return True


def _to_float(v, kind):
    """The float an integer converts to in `kind` (round to nearest even), as a Python float."""
    from pyopt.syntax.float_format import bits_to_float
    try:
        return bits_to_float(float_to_bits(float(v), kind), kind)
    except (OverflowError, ValueError):
        return math.inf if v > 0 else -math.inf


def attach(dialect):
    dialect.attach_rewrites(None, _PATTERNS)
