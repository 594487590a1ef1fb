"""ValueBoundsOpInterface models (pyopt/interfaces/value_bounds.py) of arith.addi /
arith.subi and affine.apply: when is the result another value plus a constant. Attached when
this module is imported (by loop-invariant-subset-hoisting). (The index dialect's ops have no
value bounds upstream.)"""
from __future__ import annotations

from pyopt.dialects.affine import AFFINE
from pyopt.dialects.arith import ARITH
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


class _SubI:
    def linear_step(self, op, linear):
        rb, rc = linear(op.rhs)
        return (op.lhs, -rc) if rb is None else None


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


attach(ARITH.ops["arith.addi"], VALUE_BOUNDS, _AddI())
attach(ARITH.ops["arith.subi"], VALUE_BOUNDS, _SubI())
attach(AFFINE.ops["affine.apply"], VALUE_BOUNDS, _Apply())
