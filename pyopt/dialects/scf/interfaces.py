"""Interface models of the scf ops: region control flow (RegionBranchOpInterface and its
terminators), as the dataflow analyses see it."""
from __future__ import annotations

from pyopt.interfaces import attach
from pyopt.interfaces.control_flow import (REGION_BRANCH, REGION_TERMINATOR, RegionBranch,
                                           RegionTerminator, SingleRegion, const_bool,
                                           region_args)
from pyopt.interfaces.loop_like import LOOP_LIKE, LoopLike
from pyopt.ir.attributes import IntegerAttr


class ForModel(RegionBranch):
    """The body runs zero or more times; its iteration arguments (after the induction
    variable) and the results receive the initial values, then what the body yields."""

    def successors(self, op, point, consts=None):
        return [(0, region_args(op, 0, 1)), (None, list(op.results))]

    def entry_operands(self, op):
        return op.initArgs


class IfModel(RegionBranch):
    """then or else (by a constant condition, if known); no else region flows to the
    results."""

    def successors(self, op, point, consts=None):
        res = list(op.results)
        if point is not None:
            return [(None, res)]
        cond = const_bool(consts[0]) if consts else None
        out = []
        if cond is None or cond:
            out.append((0, []))
        if cond is None or not cond:
            out.append((1, []) if op.regions[1].blocks else (None, res))
        return out

    def invocation_bounds(self, op):
        return [(0, 1)] * len(op.regions)  # then or else, once at most


class WhileModel(RegionBranch):
    """before -> (after | results) by scf.condition; after -> before."""

    def successors(self, op, point, consts=None):
        if point is None or point == 1:
            return [(0, region_args(op, 0))]
        return [(None, list(op.results)), (1, region_args(op, 1))]

    def entry_operands(self, op):
        return op.operands


class IndexSwitchModel(RegionBranch):
    """The case region of a constant index, else every region (region 0 is the default)."""

    def successors(self, op, point, consts=None):
        if point is not None:
            return [(None, list(op.results))]
        arg = consts[0] if consts else None
        if type(arg) is not IntegerAttr:
            return [(i, []) for i in range(len(op.regions))]
        cases = list(op.get_attr("cases").values)
        return [(1 + cases.index(arg.value) if arg.value in cases else 0, [])]

    def invocation_bounds(self, op):
        return [(0, 1)] * len(op.regions)  # one case (or the default), once at most


class ParallelModel(RegionBranch):
    """scf.parallel, scf.forall: the body or the parent, forwarding nothing."""

    def successors(self, op, point, consts=None):
        return [(0, []), (None, [])]


class ConditionModel(RegionTerminator):
    """scf.condition: its trailing operands go to the after region or to the results, by the
    condition."""

    def forwarded(self, term):
        return term.args

    def successors(self, term, branch, consts):
        cond = const_bool(consts[0]) if consts else None
        out = []
        if cond is None or cond:
            out.append((1, region_args(branch, 1)))
        if cond is None or not cond:
            out.append((None, list(branch.results)))
        return out


class ReduceModel(RegionTerminator):
    """scf.reduce forwards nothing to its parallel loop's successors."""

    def forwarded(self, term):
        return []


class ForIterArgs:
    """scf.for's loop-carried values: the body's arguments after the induction variable, tied
    to the inits (the operands after lowerBound, upperBound and step) and to the results."""

    def region_iter_args(self, op):
        return list(op.regions[0].blocks[0].args[1:])

    def tied_iter_arg(self, op, use):
        k = use.index - 3  # (lowerBound, upperBound, step come first)
        return op.regions[0].blocks[0].args[1 + k] if k >= 0 else None

    def tied_result(self, op, use):
        return op.results[use.index - 3]

    def tied_init(self, op, i):
        return op.initArgs[i]

    def replace_with_additional_yields(self, rw, op, init, yielded):
        """ForOp::replaceWithAdditionalYields (one value)."""
        body = op.regions[0].blocks[0]
        rw.set_insertion_point(op)
        types = [r.type for r in op.results] + [init.type]
        new = rw.create("scf.for", list(op.operands) + [init], types,
                        attributes=dict(op.attributes), regions=1, loc=op.loc)
        arg_types = [a.type for a in body.args] + [init.type]
        nb = rw.create_block(new.regions[0], arg_types, [op.loc] * len(arg_types))
        term = body.last
        term.set_operands(list(term.operands) + [yielded])
        rw.merge_blocks(body, nb, nb.args[:len(body.args)])
        new_arg = nb.args[-1]
        rw.replace_uses_if(init, new_arg, lambda u: new is not u.owner and
                           new.is_ancestor_of(u.owner))
        rw.replace_op(op, new.results[:len(op.results)])
        return new


def _for_induction(op):
    return op.regions[0].blocks[0].args[0], op.lowerBound, op.upperBound, op.step


def _parallel_induction(op):
    args = op.regions[0].blocks[0].args
    if len(args) != 1:
        return None
    return args[0], op.lowerBound[0], op.upperBound[0], op.step[0]


def _forall_induction(op):
    from pyopt.dialects.scf import _mixed
    args = op.regions[0].blocks[0].args
    if not args:
        return None
    bounds = []
    for g, sname in ((0, "staticLowerBound"), (1, "staticUpperBound"), (2, "staticStep")):
        dyn, static = _mixed(op, g, sname)
        if len(static) != 1:
            return None
        bounds.append(dyn[0] if dyn else static[0])
    return (args[0], *bounds)


def attach_models():
    from pyopt.dialects import scf
    attach(scf.FOR, LOOP_LIKE, LoopLike((0,), _for_induction, ForIterArgs()))
    attach(scf.WHILE, LOOP_LIKE, LoopLike((0, 1)))
    attach(scf.PARALLEL, LOOP_LIKE, LoopLike((0,), _parallel_induction))
    attach(scf.FORALL, LOOP_LIKE, LoopLike((0,), _forall_induction))
    attach(scf.FOR, REGION_BRANCH, ForModel())
    attach(scf.IF, REGION_BRANCH, IfModel())
    attach(scf.WHILE, REGION_BRANCH, WhileModel())
    attach(scf.EXECUTE_REGION, REGION_BRANCH, SingleRegion())
    attach(scf.INDEX_SWITCH, REGION_BRANCH, IndexSwitchModel())
    attach([scf.PARALLEL, scf.FORALL], REGION_BRANCH, ParallelModel())
    attach(scf.CONDITION, REGION_TERMINATOR, ConditionModel())
    attach(scf.REDUCE, REGION_TERMINATOR, ReduceModel())
