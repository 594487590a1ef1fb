"""Op building for the complex-to-standard expansions: one small builder that creates
arith/math/complex ops before the op being lowered, at its location, with its fastmath flags."""
from __future__ import annotations

from pyopt.dialects.arith import FastMathAttr
from pyopt.ir.attributes import FloatAttr, IntegerAttr
from pyopt.ir.types import I1, I64

NNAN, NINF = 2, 4
# arith.cmpf predicates (CmpFPredicate values)
OEQ, OGT, OLT, OLE, ONE, ORD, UNE, UNO = 1, 2, 4, 5, 6, 7, 13, 14


def _fmf(op):
    a = op.properties.get("fastmath")
    return a.value if a is not None else 0


def finite_math(fmf):
    """No NaNs and no infinities promised: the special-value fix-ups can go."""
    return fmf & (NNAN | NINF) == NNAN | NINF


class Builder:
    """Creates ops before the op being lowered, at its location. Float ops take `fmf` (an int
    of FastMathFlags); None leaves the attribute at its default."""
    __slots__ = ("rw", "loc", "et")

    def __init__(self, rw, op, et):
        self.rw, self.loc, self.et = rw, op.loc, et

    def op(self, name, operands, type_, fmf=None, props=None):
        props = {} if props is None else props
        if fmf:
            props["fastmath"] = FastMathAttr(fmf)
        return self.rw.create(name, operands, [type_], properties=props, loc=self.loc).results[0]

    # complex parts
    def re(self, c):
        return self.op("complex.re", [c], c.type.element_type)

    def im(self, c):
        return self.op("complex.im", [c], c.type.element_type)

    def create(self, type_, real, imag):
        return self.op("complex.create", [real, imag], type_)

    def cx(self, name, type_, *operands, fmf=None):
        """A complex op (lowered again by this pass)."""
        return self.op("complex." + name, list(operands), type_, fmf)

    # constants
    def cst(self, x):
        return self.op("arith.constant", [], self.et, props={"value": FloatAttr.from_float(self.et, x)})

    def true(self):
        return self.op("arith.constant", [], I1, props={"value": IntegerAttr(I1, -1)})

    # float arithmetic: arith.<name> / math.<name>, typed like the first operand
    def f(self, name, *operands, fmf=None):
        return self.op(name, list(operands), operands[0].type, fmf)

    def cmp(self, pred, x, y, fmf=None):
        return self.op("arith.cmpf", [x, y], I1, fmf, {"predicate": IntegerAttr(I64, pred)})

    def select(self, c, x, y):
        return self.op("arith.select", [c, x, y], x.type)

    def andi(self, x, y):
        return self.op("arith.andi", [x, y], I1)

    def ori(self, x, y):
        return self.op("arith.ori", [x, y], I1)

    def xori(self, x, y):
        return self.op("arith.xori", [x, y], I1)


def begin(op, rw, operand):
    """(builder, complex type, fastmath) for lowering `op` whose complex operand is `operand`."""
    t = operand.type
    return Builder(rw, op, t.element_type), t, _fmf(op)


