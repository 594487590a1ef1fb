"""Shared helpers of the arith-like dialects: shape checks of
SameOperandsAndResultShape / Elementwise / CastOpInterface, and the TypedAttr constraint."""
from __future__ import annotations

from pyopt.ir.attributes import (IntegerAttr, FloatAttr, StringAttr, DenseElementsAttr,
                             DenseStringElementsAttr, DenseResourceElementsAttr,
                             SparseElementsAttr)
from pyopt.ir.types import (IntegerType, VectorType, RankedTensorType, UnrankedTensorType, ShapedType,
                        I1, NONE, DYNAMIC, with_element_type)
from pyopt.ir.verifier import op_error, compatible_shapes
from pyopt.ir.verifier import _verify_elementwise as verify_elementwise  # noqa: F401 (re-export)
from pyopt.ir.constraints import AttrConstraint


# Bit-enum machinery lives in pyopt/dialects/enums.py (shared with the llvm dialect).
from pyopt.ir.enums import BitEnum, BitEnumAttr, enum_param_error  # noqa: E402,F401 (re-export)


# ---------------------------------------------------------------------------- types
def elem_or_self(t):
    return t.element_type if isinstance(t, ShapedType) else t


def is_vec_or_tensor(t):
    return type(t) in (VectorType, RankedTensorType, UnrankedTensorType)


def i1_same_shape(t):
    """getI1SameShape: i1, or the shaped type `t` with an i1 element type."""
    return with_element_type(t, I1)


def compatible_shape_pair(a, b):
    """verifyCompatibleShape(Type, Type)."""
    sa, sb = isinstance(a, ShapedType), isinstance(b, ShapedType)
    if not sa:
        return not sb
    if not sb:
        return False
    if not a.has_rank or not b.has_rank:
        return True
    if len(a.shape) != len(b.shape):
        return False
    return all(x == y or x == DYNAMIC or y == DYNAMIC for x, y in zip(a.shape, b.shape))


def verify_same_shape(op):
    """SameOperandsAndResultShape."""
    if not compatible_shapes(op.operand_types + op.result_types):
        raise op_error(op, "requires the same shape for all operands and results")


def verify_cast_compatible(op, compatible):
    """CastOpInterface's verifier."""
    ins, outs = op.operand_types, op.result_types
    if not outs:
        raise op_error(op, "expected at least one result for cast operation")
    if not compatible(ins, outs):
        q = lambda ts: ", ".join(f"'{t}'" for t in ts)
        head = "operand types []" if not ins else (f"operand type {q(ins)}" if len(ins) == 1
                                                   else f"operand types {q(ins)}")
        tail = f"result type {q(outs)}" if len(outs) == 1 else f"result types {q(outs)}"
        raise op_error(op, f"{head} and {tail} are cast incompatible")


def all_types_match(op, names, types):
    if any(t is not types[0] for t in types):
        raise op_error(op, "failed to verify that all of {" + ", ".join(names) +
                       "} have same type")


# ---------------------------------------------------------------------------- attributes
_TYPED = (IntegerAttr, FloatAttr, StringAttr, DenseElementsAttr, DenseStringElementsAttr,
          DenseResourceElementsAttr, SparseElementsAttr)


def is_typed(a):
    """TypedAttr: the builtin attributes that carry a type (strings too, typed `none`)."""
    return isinstance(a, _TYPED)


def typed_attr_type(a):
    t = a.type
    return NONE if t is None else t


class TypedAttrC(AttrConstraint):
    summary = "TypedAttr instance"

    def check(self, a):
        return is_typed(a)

    def parse_format(self, parser):
        off = parser.start
        a = parser.parse_attribute()
        if not is_typed(a):
            raise parser.custom_error("invalid kind of attribute specified", off)
        return a

    def parse_optional_format(self, parser):
        off = parser.start
        a = parser.parse_optional_attribute()
        if a is not None and not is_typed(a):
            raise parser.custom_error("invalid kind of attribute specified", off)
        return a


TYPED_ATTR = TypedAttrC()


def is_signless_int(t):
    return type(t) is IntegerType and t.signedness == 0
