"""arith's patterns for `int-range-optimizations` (MLIR's DeleteTrivialRem<RemSIOp/RemUIOp>
of IntRangeOptimizations.cpp): `x rem D` is `x` when the integer range analysis puts x in
[0, D). Attached to arith.remsi / arith.remui as INT_RANGE_REWRITES models
(pyopt/interfaces/int_range.py) when this module is imported."""
from __future__ import annotations

from pyopt.dialects.arith import ARITH
from pyopt.interfaces import attach
from pyopt.interfaces.int_range import INT_RANGE_REWRITES
from pyopt.rewrite.matchers import constant_int
from pyopt.rewrite.pattern import RewritePattern


class DeleteTrivialRem(RewritePattern):
    """`x rem D` is `x` when x's range lies in [0, D)."""

    def __init__(self, root, solver, unsigned):
        super().__init__(root, 1, name="DeleteTrivialRem")
        self.solver = solver
        self.unsigned = unsigned

    def match_and_rewrite(self, op, rw):
        lhs, rhs = op.lhs, op.rhs
        modulus = constant_int(rhs)
        if modulus is None or not 0 < modulus < 1 << 63:  # as a signed 64-bit value
            return False
        r = self.solver.lat.get(lhs)
        if r is None:
            return False
        w = r.width
        lo, hi = (r.umin, r.umax) if self.unsigned else (r.smin, r.smax)
        lo, hi = lo & ((1 << w) - 1), hi & ((1 << w) - 1)  # the bits, as APInt compares
        sign = 1 << (w - 1)
        if lo & sign or lo >= modulus or hi & sign or hi >= modulus or lo > hi:
            return False
        rw.replace_op(op, [lhs])
        return True


class _TrivialRem:
    def __init__(self, unsigned):
        self.unsigned = unsigned

    def patterns(self, opdef, solver):
        return [DeleteTrivialRem(opdef.name, solver, self.unsigned)]


attach(ARITH.ops["arith.remsi"], INT_RANGE_REWRITES, _TrivialRem(False))
attach(ARITH.ops["arith.remui"], INT_RANGE_REWRITES, _TrivialRem(True))
