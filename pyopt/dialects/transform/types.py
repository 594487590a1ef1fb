"""Transform dialect types (MLIR 19 TransformTypes.td) and the handle-kind constraints.

A transform value is one of three kinds: an op handle (`!transform.any_op`,
`!transform.op<"name">`), a value handle (`!transform.any_value`) or a parameter
(`!transform.any_param`, `!transform.param<T>`, `!transform.affine_map`, `!transform.type`).
Each type checks what the interpreter associates with it (`check_payload`, returning None or
the silenceable failure's message and notes); extension types subclass the three bases.
"""
from __future__ import annotations

from pyopt.ir.attributes import AffineMapAttr, IntegerAttr, TypeAttr
from pyopt.ir.constraints import (ConfinedAttrC, I64Attr, IntEnum, IntEnumAttrC,
                                  TypeConstraint)
from pyopt.ir.types import DialectType, IntegerType, I32


class OpHandleType(DialectType):
    """TransformHandleTypeInterface: associated with a list of payload ops."""
    __slots__ = ()

    def check_payload(self, ops):
        return None


class ValueHandleType(DialectType):
    """TransformValueHandleTypeInterface: associated with a list of payload values."""
    __slots__ = ()

    def check_payload(self, values):
        return None


class ParamHandleType(DialectType):
    """TransformParamTypeInterface: associated with a list of attributes."""
    __slots__ = ()

    def check_payload(self, params):
        return None


class AnyOpType(OpHandleType):
    __slots__ = ()

    def asm(self, p):
        return "!transform.any_op"


class OperationType(OpHandleType):
    """`!transform.op<"name">`: every associated op has that name."""
    __slots__ = ("op_name",)

    def __init__(self, op_name):
        self.op_name = op_name

    def asm(self, p):
        return f'!transform.op<"{self.op_name}">'

    def check_payload(self, ops):
        for op in ops:
            if op.name != self.op_name:
                return (f"incompatible payload operation name expected {self.op_name} vs "
                        f"{op.name} -> {{op}}", [("payload operation", op.loc)], op)
        return None


class AnyValueType(ValueHandleType):
    __slots__ = ()

    def asm(self, p):
        return "!transform.any_value"


class AnyParamType(ParamHandleType):
    __slots__ = ()

    def asm(self, p):
        return "!transform.any_param"


class ParamType(ParamHandleType):
    """`!transform.param<iN>`: integer attributes of exactly that type."""
    __slots__ = ("type",)

    def __init__(self, type_):
        self.type = type_

    def asm(self, p):
        return f"!transform.param<{p.type_str(self.type)}>"

    def check_payload(self, params):
        for a in params:
            if type(a) is not IntegerAttr:
                return (f"expected parameter to be an integer attribute, got {a}", [], None)
            if a.type is not self.type:
                return (f"expected the type of the parameter attribute ('{a.type}') to match "
                        f"the parameter type ('{self.type}')", [], None)
        return None


class AffineMapParamType(ParamHandleType):
    __slots__ = ()

    def asm(self, p):
        return "!transform.affine_map"

    def check_payload(self, params):
        for a in params:
            if type(a) is not AffineMapAttr:
                return (f"expected affine map attribute, got {a}", [], None)
        return None


class TypeParamType(ParamHandleType):
    __slots__ = ()

    def asm(self, p):
        return "!transform.type"

    def check_payload(self, params):
        for a in params:
            if type(a) is not TypeAttr:
                return (f"expected type attribute, got {a}", [], None)
        return None


ANY_OP = AnyOpType()
ANY_VALUE = AnyValueType()
ANY_PARAM = AnyParamType()

_SIMPLE = {"any_op": ANY_OP, "any_value": ANY_VALUE, "any_param": ANY_PARAM,
           "affine_map": AffineMapParamType(), "type": TypeParamType()}


def parse_transform_type(parser, mnemonic, offset):
    t = _SIMPLE.get(mnemonic)
    if t is not None:
        return t
    if mnemonic == "op":
        parser.expect("<")
        name = parser.parse_string()
        parser.expect(">")
        return OperationType(name)
    if mnemonic == "param":
        parser.expect("<")
        off = parser.start
        inner = parser.parse_type()
        parser.expect(">")
        if type(inner) is not IntegerType or inner.width > 64:
            raise parser.error("only supports integer types with width <=64", off)
        return ParamType(inner)
    from pyopt.dialects.transform.extension import EXTENSION_TYPES
    parse = EXTENSION_TYPES.get(mnemonic)
    if parse is not None:
        return parse(parser)
    raise parser.error(f"unknown type `{mnemonic}` in dialect `transform`",
                       offset + len("!transform."))


# -- constraints (ODS type constraints of TransformOps.td) ------------------------------------
def is_op_handle(t):
    return isinstance(t, OpHandleType)


def is_value_handle(t):
    return isinstance(t, ValueHandleType)


def is_param(t):
    return isinstance(t, ParamHandleType)


OpHandle = TypeConstraint(is_op_handle, "TransformHandleTypeInterface instance",
                          type_class=OpHandleType)
ValueHandle = TypeConstraint(is_value_handle, "TransformValueHandleTypeInterface instance",
                             type_class=ValueHandleType)
Param = TypeConstraint(is_param, "TransformParamTypeInterface instance",
                       type_class=ParamHandleType)
AnyHandle = TypeConstraint(lambda t: is_op_handle(t) or is_value_handle(t),
                           "transform operation or value handle")
AnyHandleOrParam = TypeConstraint(lambda t: isinstance(t, (OpHandleType, ValueHandleType,
                                                           ParamHandleType)),
                                  "any transform handle or parameter")
AnyParamC = TypeConstraint(lambda t: t is ANY_PARAM, "TransformParamTypeInterface instance",
                           type_class=AnyParamType)

def concrete_op(name):
    """Transform_ConcreteOpType: exactly `!transform.op<"name">`."""
    t = OperationType(name)
    return TypeConstraint(lambda x: x is t, f"Transform IR handle to {name} operations",
                          type_class=OperationType)


# -- attributes -------------------------------------------------------------------------------
PositiveI64Attr = ConfinedAttrC(I64Attr, lambda a: a.value > 0,
                                "64-bit signless integer attribute whose value is positive")
FAILURE_PROPAGATION = IntEnum("FailurePropagationMode", [("propagate", 1), ("suppress", 2)],
                              I32, "Silenceable error propagation policy")
FailurePropagationModeC = IntEnumAttrC(FAILURE_PROPAGATION)
PROPAGATE, SUPPRESS = 1, 2

MATCH_CMPI = IntEnum("MatchCmpIPredicate", ["eq", "ne", "lt", "le", "gt", "ge"], I32, "")
MatchCmpIPredicateC = IntEnumAttrC(MATCH_CMPI)
