"""Element values of the arith folders (MLIR 19 ArithOps.cpp fold semantics): constant
attributes as element lists, elementwise evaluation over scalars and splat/dense vector and
tensor constants (with poison propagation), and the scalar semantics the folders compute with:
signed/unsigned views, integer division and remainder, float division and min/max, and the
cmpi/cmpf predicates.

Integer attributes store the signed view of signless values; unsigned operations mask them to
the bit width first.
"""
from __future__ import annotations

import math

from pyopt.ir.attributes import IntegerAttr, FloatAttr, DenseElementsAttr, normalize_int
from pyopt.ir.types import IntegerType, IndexType, FloatType, ShapedType, INDEX
from pyopt.syntax.float_format import bits_to_float


def _width(t):
    return 64 if t is INDEX or type(t) is IndexType else t.width


def _elem(t):
    return t.element_type if isinstance(t, ShapedType) else t


def _norm(v, t):
    return normalize_int(v, t)


def _u(v, w):
    return v & ((1 << w) - 1)


def _s(v, w):
    if w <= 0:
        return 0
    v &= (1 << w) - 1
    return v - (1 << w) if w and v >> (w - 1) else v


# -- constant access -------------------------------------------------------------------------
def _values(attr):
    """(values list, is_splat, shaped type or None) of an int/float constant, else None."""
    t = type(attr)
    if t is IntegerAttr:
        return [attr.value], True, None
    if t is FloatAttr:
        return [attr.bits], True, None
    if t is DenseElementsAttr:
        return list(attr.values), attr.is_splat, attr.type
    return None


def _make(type_, vals, splat_shape):
    """Builds an attribute of `type_` (the result type) from element values."""
    et = _elem(type_)
    if isinstance(type_, ShapedType):
        return DenseElementsAttr(type_, vals)
    if type(et) is FloatType:
        return FloatAttr(et, vals[0])
    return IntegerAttr(et, vals[0])


def _is_int(t):
    return type(t) in (IntegerType, IndexType)


def _fold_elementwise(op, consts, fn, result_type=None):
    """fn(*element values) -> element value or None (no fold). A poison operand folds to
    poison (CommonFolders)."""
    missing = False
    for c in consts:
        if c is None:
            missing = True
        elif type(c).__name__ == "PoisonAttr":
            return c
    if missing:
        return None
    parts = [_values(c) for c in consts]
    if any(p is None for p in parts):
        return None
    rt = result_type or op.results[0].type
    shaped = [p for p in parts if p[2] is not None]
    if shaped:
        if any(not p[1] for p in shaped):
            n = max(len(p[0]) for p in shaped)
            cols = [p[0] * n if p[1] else p[0] for p in parts]
        else:
            cols = [p[0] for p in parts]
            n = 1
        out = []
        for i in range(len(cols[0]) if cols else 0):
            r = fn(*[c[i] for c in cols])
            if r is None:
                return None
            out.append(r)
        return DenseElementsAttr(rt, out)
    r = fn(*[p[0][0] for p in parts])
    if r is None:
        return None
    return _make(rt, [r], False)


def _const_int(attr):
    """The splat integer value of a constant attribute, else None."""
    if type(attr) is IntegerAttr:
        return attr.value
    if type(attr) is DenseElementsAttr and attr.is_splat and _is_int(_elem(attr.type)):
        return attr.values[0]
    return None


def _const_float(attr):
    if type(attr) is FloatAttr:
        return attr.value
    if type(attr) is DenseElementsAttr and attr.is_splat and type(_elem(attr.type)) is FloatType:
        return bits_to_float(attr.values[0], _elem(attr.type).kind)
    return None


def _splat_like(type_, value):
    et = _elem(type_)
    if isinstance(type_, ShapedType):
        return DenseElementsAttr(type_, [value])
    if type(et) is FloatType:
        return FloatAttr(et, value)
    return IntegerAttr(et, value)


# -- integer semantics ---------------------------------------------------------------------------
def _wrap(v, et):
    return None if v is None else _norm(v, et)


def _divs(a, b, w, mode):
    a, b = _s(a, w), _s(b, w)
    if b == 0:
        return None
    if a == -(1 << (w - 1)) and b == -1:
        return None  # overflow: MLIR does not fold
    if mode == "ceil" and a != 0 and -(1 << (w - 1)) in (a, b):
        return None  # MLIR's ceildivsi folder negates operands and gives up on MININT
    q = abs(a) // abs(b)
    r = abs(a) - q * abs(b)
    neg = (a < 0) != (b < 0)
    if mode == "trunc":
        return -q if neg else q
    if mode == "floor":
        return -(q + 1) if neg and r else (-q if neg else q)
    return (-q if neg else q + 1) if r and not neg else (-q if neg else q)


def _rems(a, b, w):
    a, b = _s(a, w), _s(b, w)
    if b == 0:
        return None
    r = abs(a) % abs(b)
    return -r if a < 0 else r


def _shift_ok(b, w):
    return 0 <= _u(b, w) < w


# -- float semantics -----------------------------------------------------------------------------
def _is_neg_zero(x):
    return x == 0.0 and math.copysign(1.0, x) < 0


def _div(a, b):
    if b == 0.0:
        if a == 0.0 or math.isnan(a):
            return math.nan
        return math.copysign(math.inf, a) * math.copysign(1.0, b)
    return a / b


def _maximum(a, b):
    if math.isnan(a) or math.isnan(b):
        return math.nan
    if a == b == 0.0:
        return b if math.copysign(1, a) < 0 else a
    return max(a, b)


def _minimum(a, b):
    if math.isnan(a) or math.isnan(b):
        return math.nan
    if a == b == 0.0:
        return a if math.copysign(1, a) < 0 else b
    return min(a, b)


def _maxnum(a, b):
    if math.isnan(a):
        return b
    if math.isnan(b):
        return a
    return _maximum(a, b)


def _minnum(a, b):
    if math.isnan(a):
        return b
    if math.isnan(b):
        return a
    return _minimum(a, b)


# -- comparison predicates -----------------------------------------------------------------------
_CMPI = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]
_CMPI_SELF_TRUE = {"eq", "sle", "sge", "ule", "uge"}


def _cmpi(pred, a, b, w):
    if pred[0] == "u":
        a, b = _u(a, w), _u(b, w)
    elif pred[0] == "s":
        a, b = _s(a, w), _s(b, w)
    op = pred[1:] if pred[0] in "su" else pred
    return {"eq": a == b, "ne": a != b, "lt": a < b, "le": a <= b, "gt": a > b,
            "ge": a >= b}[op]


_CMPF = ["false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult",
         "ule", "une", "uno", "true"]


def _cmpf(pred, a, b):
    if pred == "false":
        return False
    if pred == "true":
        return True
    unordered = math.isnan(a) or math.isnan(b)
    if pred == "ord":
        return not unordered
    if pred == "uno":
        return unordered
    if unordered:
        return pred[0] == "u"
    rel = pred[1:]
    return {"eq": a == b, "gt": a > b, "ge": a >= b, "lt": a < b, "le": a <= b,
            "ne": a != b}[rel]
