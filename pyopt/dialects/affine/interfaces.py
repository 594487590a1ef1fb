"""Interface models of affine.for and affine.if: region control flow for the dataflow
analyses."""
from __future__ import annotations

from pyopt.interfaces import attach
from pyopt.interfaces.control_flow import REGION_BRANCH, RegionBranch, region_args
from pyopt.interfaces.loop_like import LOOP_LIKE, LoopLike


class AffineForModel(RegionBranch):
    """Like scf.for, refined by a constant trip count: a loop known to run zero times goes
    straight to its results, one that runs once leaves after the body."""

    def successors(self, op, point, consts=None):
        from pyopt.dialects.affine.control import trip_count
        res = list(op.results)
        tc = trip_count(op)
        if point is None and tc is not None:
            return [(0, region_args(op, 0, 1))] if tc > 0 else [(None, res)]
        if point is not None and tc == 1:
            return [(None, res)]
        return [(0, region_args(op, 0, 1)), (None, res)]

    def entry_operands(self, op):
        return op.opdef.get_group(op, "operand", 2)


class AffineIfModel(RegionBranch):
    """then or else (the integer set is not evaluated); no else region flows to the
    results."""

    def successors(self, op, point, consts=None):
        res = list(op.results)
        if point is not None:
            return [(None, res)]
        out = [(0, region_args(op, 0))]
        out.append((1, region_args(op, 1)) if op.regions[1].blocks else (None, res))
        return out


def _for_induction(op):
    props = op.properties
    lb, ub = props["lowerBoundMap"].value, props["upperBoundMap"].value
    return (op.regions[0].blocks[0].args[0],
            lb.results[0].value if lb.is_single_constant() else None,
            ub.results[0].value if ub.is_single_constant() else None, props["step"].value)


def attach_models():
    from pyopt.dialects.affine import control
    attach(control.FOR, REGION_BRANCH, AffineForModel())
    attach(control.IF, REGION_BRANCH, AffineIfModel())
    attach(control.FOR, LOOP_LIKE, LoopLike((0,), _for_induction))
    attach(control.PARALLEL, LOOP_LIKE, LoopLike((0,)))
