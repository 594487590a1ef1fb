"""Constant matching on SSA values (MLIR's m_ConstantInt / m_ConstantFloat) that also accept
the splat of an elements constant (pyopt/rewrite/matchers.py: scalars only)."""
from __future__ import annotations

from pyopt.ir.attributes import DenseElementsAttr, FloatAttr, IntegerAttr
from pyopt.rewrite.matchers import constant_attr


def constant_int(v):
    """A scalar integer constant, or the splat of an integer elements constant."""
    a = constant_attr(v)
    if type(a) is IntegerAttr:
        return a.value
    if type(a) is DenseElementsAttr and a.is_splat and hasattr(a.element_type, "signedness"):
        return IntegerAttr(a.element_type, a.values[0]).value
    return None


def constant_float(v, splat=True):
    """A scalar float constant (or, with `splat`, the splat of a float elements constant) as a
    FloatAttr, else None."""
    a = constant_attr(v)
    if type(a) is FloatAttr:
        return a
    if splat and type(a) is DenseElementsAttr and a.is_splat and hasattr(a.element_type, "kind"):
        return FloatAttr(a.element_type, a.values[0])
    return None
