"""Folders of the complex ops (ComplexOps.cpp, MLIR 19): re/im of constants and of
complex.create, create(re(x), im(x)), inverse pairs (neg/neg, conj/conj, exp/log, add/sub),
identity operands (add/sub of zero, mul/div by one), identity bitcasts. Attached by
`attach(COMPLEX)` in __init__.py; constants of complex type materialize as complex.constant.
The canonicalization patterns are in canonicalize.py."""
from __future__ import annotations

from pyopt.ir.attributes import ArrayAttr, FloatAttr, IntegerAttr
from pyopt.ir.types import ComplexType
from pyopt.dialects.arith.folds import materialize_constant as _arith_materialize
from pyopt.rewrite.matchers import defining as _def


def _pair(attr):
    """The two parts of a complex constant (an ArrayAttr of two attributes), or None."""
    if type(attr) is ArrayAttr and len(attr) == 2:
        return attr[0], attr[1]
    return None


def _const_parts(v):
    """The float parts of a complex.constant defining `v`, or None."""
    op = _def(v, "complex.constant")
    if op is None:
        return None
    p = _pair(op.get_attr("value"))
    if p is None or not all(type(a) is FloatAttr for a in p):
        return None
    return p


def _is_zero(a):
    return a.value == 0.0  # +0.0 and -0.0 alike (APFloat::isZero)


# ------------------------------------------------------------------ folds
def _fold_part(index):
    def fold(op, consts):
        p = _pair(consts[0])
        if p is not None:
            return p[index]
        create = _def(op.complex, "complex.create")
        if create is not None:
            return create.real if index == 0 else create.imaginary
        return None
    return fold


def _fold_create(op, consts):
    re, im = _def(op.real, "complex.re"), _def(op.imaginary, "complex.im")
    if re is not None and im is not None and re.complex is im.complex:
        return re.complex
    return None


def _zero_rhs(op):
    p = _const_parts(op.rhs)
    return p is not None and _is_zero(p[0]) and _is_zero(p[1])


def _fold_add(op, consts):
    lhs, rhs = op.lhs, op.rhs
    sub = _def(lhs, "complex.sub")
    if sub is not None and sub.rhs is rhs:  # (a - b) + b
        return sub.lhs
    sub = _def(rhs, "complex.sub")
    if sub is not None and sub.rhs is lhs:  # b + (a - b)
        return sub.lhs
    return lhs if _zero_rhs(op) else None


def _fold_sub(op, consts):
    add = _def(op.lhs, "complex.add")
    if add is not None and add.rhs is op.rhs:  # (a + b) - b
        return add.lhs
    return op.lhs if _zero_rhs(op) else None


def _fold_inverse(inner_name):
    """op(inner(a)) -> a."""
    def fold(op, consts):
        inner = _def(op.complex, inner_name)
        return inner.complex if inner is not None else None
    return fold


def _is_real_one(p):
    return p is not None and type(p[0]) is FloatAttr and type(p[1]) is FloatAttr and \
        _is_zero(p[1]) and p[0].value == 1.0


def _fold_mul(op, consts):
    """a * (1, 0) -> a (the rhs must be a complex.constant op)."""
    return op.lhs if _is_real_one(_const_parts(op.rhs)) else None


def _fold_div(op, consts):
    """a / (1, 0) -> a (any constant rhs)."""
    return op.lhs if _is_real_one(_pair(consts[1])) else None


def _fold_bitcast(op, consts):
    return op.operand_ if op.operand_.type is op.results[0].type else None


def _fold_constant(op, consts):
    return op.get_attr("value")


FOLDS = {
    "complex.constant": _fold_constant,
    "complex.re": _fold_part(0),
    "complex.im": _fold_part(1),
    "complex.create": _fold_create,
    "complex.add": _fold_add,
    "complex.sub": _fold_sub,
    "complex.neg": _fold_inverse("complex.neg"),
    "complex.conj": _fold_inverse("complex.conj"),
    "complex.log": _fold_inverse("complex.exp"),
    "complex.exp": _fold_inverse("complex.log"),
    "complex.mul": _fold_mul,
    "complex.div": _fold_div,
    "complex.bitcast": _fold_bitcast,
}


def _buildable(attr, type_):
    """complex::ConstantOp::isBuildableWith: two float (or two integer) parts of the
    complex type's element type."""
    p = _pair(attr)
    if p is None or type(type_) is not ComplexType:
        return False
    et = type_.element_type
    kind = type(p[0])
    return kind in (FloatAttr, IntegerAttr) and type(p[1]) is kind and \
        p[0].type is et and p[1].type is et


def materialize_constant(rewriter, attr, type_, loc):
    if _buildable(attr, type_):
        return rewriter.create("complex.constant", result_types=[type_],
                               properties={"value": attr}, loc=loc)
    return _arith_materialize(rewriter, attr, type_, loc)


def attach(dialect):
    dialect.attach_rewrites(FOLDS)
    dialect.materialize_constant = materialize_constant
