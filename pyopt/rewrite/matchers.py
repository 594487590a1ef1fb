"""Matchers on values (MLIR's m_Constant, m_ConstantInt, getConstantIntValue, defining-op
tests), one implementation for every pattern and pass.

    defining(v, "arith.addi")      # v's defining op if it is an arith.addi (any op: no name)
    constant_attr(v)               # the Attribute a constant-like op gives v, else None
    constant_int(v)                # getConstantIntValue: an int, else None (ints pass through,
                                   # as OpFoldResults hold them)
    int_attr(v)                    # the scalar IntegerAttr a constant-like op gives v
    m_op("arith.addi", m_any, m_constant_int(1))(v)  # structural match, True/False
"""
from __future__ import annotations

from pyopt.ir.attributes import IntegerAttr
from pyopt.rewrite.folding import constant_value


def defining(v, *names):
    """v's defining op if it is one of `names` (any op when none is given), else None."""
    d = v.defining_op() if hasattr(v, "defining_op") else None
    if d is None or (names and d.name not in names):
        return None
    return d


def constant_attr(v):
    """m_Constant: the attribute of v's constant-like defining op, else None."""
    d = defining(v)
    return constant_value(d) if d is not None else None


def int_attr(v):
    """The scalar IntegerAttr a constant-like op gives v, else None."""
    a = constant_attr(v)
    return a if type(a) is IntegerAttr else None


def constant_int(v):
    """getConstantIntValue of a Value or an int (an OpFoldResult): the integer, else None."""
    if type(v) is int:
        return v
    a = constant_attr(v)
    return a.value if type(a) is IntegerAttr else None



def equal_constant_or_value(a, b):
    """isEqualConstantIntOrValue of two OpFoldResults (ints or Values): the same constant
    integer, or the same Value."""
    ca, cb = constant_int(a), constant_int(b)
    if ca is not None and cb is not None and ca == cb:
        return True
    return type(a) is not int and a is b

# -- structural matchers: callables Value -> bool ------------------------------------------------
def m_any(v):
    return True


def m_constant_int(value=None):
    """Matches a constant integer (equal to `value` when given)."""
    def match(v):
        c = constant_int(v)
        return c is not None and (value is None or c == value)
    return match


def m_op(name, *operands):
    """Matches a value defined by op `name` whose operands match `operands` (when given)."""
    def match(v):
        d = defining(v, name)
        if d is None:
            return False
        if operands and (len(operands) != len(d.operand_slots) or
                         not all(m(s.value) for m, s in zip(operands, d.operand_slots))):
            return False
        return True
    return match
