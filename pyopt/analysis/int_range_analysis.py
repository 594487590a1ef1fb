"""Integer range analysis (MLIR's IntegerRangeAnalysis run with DeadCodeAnalysis): the
constant solver's control-flow machinery with an integer-range lattice in place of constants.

`lat[value]` is an IntRange; absent means uninitialized, which is where every non-integer
value stays. Branch and region decisions see a value as constant when its range holds one
value (the ConstantValue lattice upstream derives from the range), and as uninitialized
when the range is, so a region branch with a non-integer operand is never entered, as in
19.1.7. Loop induction variables get the range of their bounds.
"""
from __future__ import annotations

from pyopt.analysis.dataflow import UNKNOWN, ConstantSolver
from pyopt.analysis.int_range import IntRange, storage_width, to_signed
from pyopt.interfaces.int_range import infer_int_range_model
from pyopt.interfaces.loop_like import single_induction
from pyopt.ir.attributes import IntegerAttr
from pyopt.ir.opdef import TERMINATOR


def max_range_of(value):
    w = storage_width(value.type)
    return IntRange.max_range(w) if w else None


def constant_attr(value, r):
    """The IntegerAttr of a single-valued range (None otherwise)."""
    c = r.constant_value()
    if c is None:
        return None
    return IntegerAttr(value.type, c if r.width == 1 else to_signed(c, r.width))


class IntRangeSolver(ConstantSolver):
    def join(self, value, new):
        if new is None:
            return
        if new is UNKNOWN:
            new = max_range_of(value)
            if new is None:
                return
        cur = self.lat.get(value)
        if cur is not None:
            new = cur.union(new)
            if new == cur:
                return
        self.lat[value] = new
        u = value.first_use
        while u is not None:
            self.enqueue(u.owner)
            u = u.next_use
        self.notify(value)

    def operand_values(self, op):
        out = []
        for v in op.operands:
            r = self.lat.get(v)
            if r is None:
                return None
            out.append(constant_attr(v, r))
        return out

    def range_of(self, value):
        return self.lat.get(value)

    # -- transfer -----------------------------------------------------------------------------
    def _join_inferred(self, value, r):
        """Joins an inferred range; a value that feeds a terminator and keeps changing is
        widened to the full range at once (loop-carried values would otherwise creep)."""
        old = self.lat.get(value)
        self.join(value, r)
        if old is not None and self.lat.get(value) != old and _feeds_terminator(value):
            self.join(value, UNKNOWN)

    def _transfer(self, op):
        fn = infer_int_range_model(op)
        if fn is None:
            self.set_unknown(op.results)
            return
        res = fn(op, [self.lat.get(v) for v in op.operands])
        if res is None:
            return
        for v, r in zip(op.results, res):
            if r is not None:
                self._join_inferred(v, r)

    # -- loop induction variables ---------------------------------------------------------------
    def visit_non_cf_args(self, op, item, lattices, first, count):
        loop = single_induction(op)
        if loop is None:
            return super().visit_non_cf_args(op, item, lattices, first, count)
        iv, lb, ub, step = loop
        w = storage_width(iv.type)
        if w == 0:
            return
        lo = self._bound(item, lb, w, False)
        hi = self._bound(item, ub, w, True)
        st = self._bound(item, step, w, True)
        if st < 0:
            lo, hi = hi, lo
        else:
            hi = to_signed(hi - 1, w)
        if hi >= lo:
            self.join(iv, IntRange.from_signed(lo, hi, w))

    def _bound(self, item, b, w, upper):
        """getLoopBoundFromFold: an int attribute's value, a value's signed range bound, or
        the widest signed bound."""
        if type(b) is int:
            return to_signed(b, w)
        if b is not None:
            r = self.lattice_for(item, b)
            if r is not None:
                return r.smax if upper else r.smin
        return (1 << (w - 1)) - 1 if upper else -(1 << (w - 1))


def _feeds_terminator(value):
    u = value.first_use
    while u is not None:
        d = u.owner.opdef
        if d is not None and TERMINATOR in d.traits:
            return True
        u = u.next_use
    return False

