"""ValueBoundsOpInterface models (pyopt/interfaces/value_bounds.py): `linear_step` (when is
a result another value plus a constant) for arith.addi / subi and affine.apply, and
`populate` (the linear constraints pyopt/analysis/value_bounds.py collects) for those and
arith.muli, affine.min / max, scf.for's induction variable, tensor.dim / memref.dim and
tensor.empty's sizes. Attached when this module is imported (by the users of either). (The
index dialect's ops have no value bounds upstream.)"""
from __future__ import annotations

from pyopt.dialects.affine import AFFINE
from pyopt.dialects.arith import ARITH
from pyopt.dialects.memref import MEMREF
from pyopt.dialects.scf import SCF
from pyopt.dialects.tensor import TENSOR
from pyopt.interfaces import attach
from pyopt.interfaces.value_bounds import VALUE_BOUNDS
from pyopt.ir.affine import AffineExprKind


class _AddI:
    def linear_step(self, op, linear):
        lhs, rhs = op.lhs, op.rhs
        rb, rc = linear(rhs)
        if rb is None:
            return lhs, rc
        lb, lc = linear(lhs)
        if lb is None:
            return rhs, lc
        return None

    def populate(self, op, value, dim, cstr):
        cstr.eq(cstr.expr(value), cstr.expr(op.lhs) + cstr.expr(op.rhs))


class _SubI:
    def linear_step(self, op, linear):
        rb, rc = linear(op.rhs)
        return (op.lhs, -rc) if rb is None else None

    def populate(self, op, value, dim, cstr):
        cstr.eq(cstr.expr(value), cstr.expr(op.lhs) - cstr.expr(op.rhs))


class _MulI:
    """A product is linear when one side is a constant."""

    def populate(self, op, value, dim, cstr):
        lhs, rhs = cstr.expr(op.lhs), cstr.expr(op.rhs)
        k, other = lhs.constant(), rhs
        if k is None:
            k, other = rhs.constant(), lhs
        if k is not None:
            cstr.eq(cstr.expr(value), other * k)


class _Apply:
    """affine.apply of `operand + constant` (or of a constant)."""

    def linear_step(self, op, linear):
        m = op.map.value
        if len(m.results) != 1:
            return None
        e, k = m.results[0], 0
        if e.kind is AffineExprKind.ADD and e.rhs.kind is AffineExprKind.CONSTANT:
            e, k = e.lhs, e.rhs.value
        if e.kind is AffineExprKind.CONSTANT:
            return None, k + e.value
        if e.kind is AffineExprKind.DIM:
            return op.mapOperands[e.position], k
        if e.kind is AffineExprKind.SYMBOL:
            return op.mapOperands[m.num_dims + e.position], k
        return None

    def populate(self, op, value, dim, cstr):
        exprs = cstr.map_results(op.map.value, op.mapOperands)
        if exprs is not None:
            cstr.eq(cstr.expr(value), exprs[0])


class _MinMax:
    """affine.min is at most each of its results, affine.max at least."""

    def __init__(self, is_max):
        self.is_max = is_max

    def populate(self, op, value, dim, cstr):
        exprs = cstr.map_results(op.map.value, op.operands)
        v = cstr.expr(value)
        for e in exprs or ():
            cstr.ge(v, e) if self.is_max else cstr.le(v, e)


class _For:
    """scf.for's induction variable lies in [lb, ub) (the step is not taken into account)."""

    def populate(self, op, value, dim, cstr):
        if dim is None and value is op.regions[0].blocks[0].args[0]:
            v = cstr.expr(value)
            cstr.ge(v, cstr.expr(op.lowerBound))
            cstr.lt(v, cstr.expr(op.upperBound))


class _DimOf:
    """tensor.dim / memref.dim with a constant index: the size of that dimension."""

    def populate(self, op, value, dim, cstr):
        from pyopt.rewrite.matchers import constant_int
        i = constant_int(op.index)
        shape = getattr(op.source.type, "shape", None)  # (None: unranked)
        if i is not None and shape is not None and 0 <= i < len(shape):
            cstr.eq(cstr.expr(value), cstr.expr(op.source, i))


class _Empty:
    """tensor.empty: its dynamic sizes."""

    def populate(self, op, value, dim, cstr):
        if dim is not None:
            sizes = iter(op.dynamicSizes)
            for i, s in enumerate(value.type.shape):
                v = next(sizes) if s < 0 else None
                if i == dim and v is not None:
                    cstr.eq(cstr.expr(value, dim), cstr.expr(v))


attach(ARITH.ops["arith.addi"], VALUE_BOUNDS, _AddI())
attach(ARITH.ops["arith.subi"], VALUE_BOUNDS, _SubI())
attach(ARITH.ops["arith.muli"], VALUE_BOUNDS, _MulI())
attach(AFFINE.ops["affine.apply"], VALUE_BOUNDS, _Apply())
attach(AFFINE.ops["affine.min"], VALUE_BOUNDS, _MinMax(False))
attach(AFFINE.ops["affine.max"], VALUE_BOUNDS, _MinMax(True))
attach(SCF.ops["scf.for"], VALUE_BOUNDS, _For())
attach(TENSOR.ops["tensor.dim"], VALUE_BOUNDS, _DimOf())
attach(MEMREF.ops["memref.dim"], VALUE_BOUNDS, _DimOf())
attach(TENSOR.ops["tensor.empty"], VALUE_BOUNDS, _Empty())
