"""Op building shared by the math-dialect rewrites: creates arith/math/vector ops before the op
being rewritten, at its location. Values may be scalars, vectors or tensors; constants are
splats of the operand's shaped type."""
from __future__ import annotations

from pyopt.dialects.arith import FastMathAttr
from pyopt.dialects.arith.support import i1_same_shape
from pyopt.ir.attributes import DenseElementsAttr, FloatAttr, IntegerAttr
from pyopt.ir.types import IntegerType, ShapedType, I64, element_type_or_self
from pyopt.ir.types import with_element_type as like
from pyopt.rewrite.pattern import RewritePattern

# arith.cmpf predicates
F_OEQ, F_OGT, F_OGE, F_OLT, F_OLE, F_ONE, F_ORD, F_UEQ, F_UGT, F_UGE, F_ULT, F_ULE, F_UNE, F_UNO = \
    1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14
# arith.cmpi predicates
I_EQ, I_NE, I_SLT, I_SLE, I_SGT, I_SGE, I_ULT, I_ULE, I_UGT, I_UGE = range(10)



def splat(type_, attr):
    if isinstance(type_, ShapedType):
        return DenseElementsAttr(type_, [attr.bits if isinstance(attr, FloatAttr) else attr.value])
    return attr


class B:
    """An implicit-location builder: `b.f("arith.mulf", x, y)` etc."""
    __slots__ = ("rw", "loc")

    def __init__(self, rw, op):
        self.rw, self.loc = rw, op.loc

    def op(self, name, operands, type_, props=None, fmf=0):
        if fmf:
            props = dict(props or {})
            props["fastmath"] = FastMathAttr(fmf)
        return self.rw.create(name, list(operands), [type_], properties=props,
                              loc=self.loc).results[0]

    def f(self, name, *operands, fmf=0):
        """An op whose result has the type of its first operand."""
        return self.op(name, operands, operands[0].type, fmf=fmf)

    # constants
    def fconst(self, type_, x):
        """A float constant (rounded to nearest even), splat for shaped `type_`."""
        attr = FloatAttr.from_float(element_type_or_self(type_), float(x))
        return self.op("arith.constant", [], type_, {"value": splat(type_, attr)})

    def fconst_bits(self, type_, bits):
        attr = FloatAttr(element_type_or_self(type_), bits)
        return self.op("arith.constant", [], type_, {"value": splat(type_, attr)})

    def iconst(self, type_, value):
        attr = IntegerAttr(element_type_or_self(type_), value)
        return self.op("arith.constant", [], type_, {"value": splat(type_, attr)})

    # comparisons, selects, casts
    def cmpf(self, pred, a, b, fmf=0):
        return self.op("arith.cmpf", [a, b], i1_same_shape(a.type),
                       {"predicate": IntegerAttr(I64, pred)}, fmf)

    def cmpi(self, pred, a, b):
        return self.op("arith.cmpi", [a, b], i1_same_shape(a.type),
                       {"predicate": IntegerAttr(I64, pred)})

    def select(self, c, a, b):
        return self.op("arith.select", [c, a, b], a.type)

    def cast(self, name, v, type_):
        return self.op(name, [v], type_)


def int_like(t, width):
    return like(t, IntegerType(width))


class BuildReplacement(RewritePattern):
    """Replaces a `root` op by the value `fn(op, B)` builds (no match when it gives None)."""

    def __init__(self, root, fn, prefix):
        super().__init__(root, name=prefix + root)
        self.fn = fn

    def match_and_rewrite(self, op, rw):
        v = self.fn(op, B(rw, op))
        if v is None:
            return False
        rw.replace_op(op, [v])
        return True
