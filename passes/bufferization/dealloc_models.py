"""BufferDeallocationOpInterface models of the ops the generic handling of
ownership-based-buffer-deallocation cannot do right (MLIR 19's cf, scf and arith external
models): cf.cond_br deallocates per successor under the branch condition, arith.select selects
the ownership indicator as it selects the memref, scf.forall.in_parallel and scf.reduce.return
free what their block owns. Also which allocating ops allocate in an automatic allocation scope
(freed with it, never owned)."""
from __future__ import annotations

from pyopt.dialects.arith import ARITH
from pyopt.dialects.bufferization.canonicalize import build_dealloc
from pyopt.dialects.cf import CF
from pyopt.dialects.memref import MEMREF
from pyopt.dialects.scf import SCF
from pyopt.interfaces import attach
from pyopt.analysis.buffer_origin import BUFFER_VIEW_FLOW
from pyopt.interfaces.buffer_deallocation import BUFFER_DEALLOCATION
from pyopt.ir.diagnostics import Diagnostic, MLIRError
from pyopt.ir.types import I1, BaseMemRefType

# Ops whose allocation lives in the enclosing AutomaticAllocationScope (their MemAlloc effect
# is on AutomaticAllocationScopeResource).
AUTOMATIC_SCOPE_ALLOCATION = "AutomaticScopeAllocation"
for _name in ("memref.alloca",):
    MEMREF.ops[_name].extra[AUTOMATIC_SCOPE_ALLOCATION] = True


def allocates_in_automatic_scope(op):
    return op.opdef is not None and op.opdef.extra.get(AUTOMATIC_SCOPE_ALLOCATION, False)


def _is_memref(v):
    return isinstance(v.type, BaseMemRefType)


class CondBranchModel:
    """One dealloc per successor: the conditions are and-ed with the branch condition (or its
    negation); memrefs retained on both sides get an arith.select of the two indicators."""

    def process(self, op, state, dealloc):
        from passes.bufferization.dealloc_state import bool_constant
        from pyopt.interfaces.branch import successor_operands
        block, loc = op.parent, op.loc
        b = dealloc.builder_before(op)
        memrefs, conds = state.memrefs_and_conditions_to_deallocate(b, loc, block)
        cond = op.condition

        def for_successor(index, modify):
            target = op.successors[index]
            fwd = successor_operands(op, index)
            forwarded = fwd.values
            retain = state.memrefs_to_retain(block, target, forwarded)
            adapted = [modify(c) for c in conds]
            d = build_dealloc(b, memrefs, adapted, retain, loc)
            state.reset_ownerships(retain, block)
            mapping = {}
            for r, o in zip(retain, d.results):
                state.update_ownership(r, o, block)
                mapping[r] = o
            fwd.append([mapping[v] for v in forwarded if _is_memref(v)])
            return d, mapping

        def then_cond(c):
            return b.create("arith.andi", [c, cond], [I1], loc=loc).results[0]

        def else_cond(c):
            true = bool_constant(b, True, loc)
            neg = b.create("arith.xori", [true, cond], [I1], loc=loc).results[0]
            return b.create("arith.andi", [c, neg], [I1], loc=loc).results[0]

        then_d, then_map = for_successor(0, then_cond)
        else_d, else_map = for_successor(1, else_cond)
        common = []
        for v in else_d.retained:
            if v in then_map and v not in common:
                common.append(v)
        for v in common:
            state.reset_ownerships([v], block)
            sel = b.create("arith.select", [cond, then_map[v], else_map[v]], [I1],
                           loc=loc).results[0]
            state.update_ownership(v, sel, block)
        return op


class SelectModel:
    """The result's ownership is selected like the result (when both sides have one)."""

    def process(self, op, state, dealloc):
        return op

    def materialize_unique_ownership(self, op, state, dealloc, b, value):
        block = value.parent_block
        t = state.get_ownership(op.true_value, block)
        f = state.get_ownership(op.false_value, block)
        if not t.is_unique or not f.is_unique:
            return state.memref_with_unique_ownership(b, value, block)
        sel = b.create("arith.select", [op.condition, t.indicator, f.indicator], [I1],
                       loc=op.loc).results[0]
        return value, sel


class InParallelModel:
    """scf.forall's terminator: only an empty one (after bufferization) is supported."""

    def process(self, op, state, dealloc):
        from passes.bufferization.dealloc_state import insert_dealloc_for_return_like
        body = op.regions[0].blocks[0] if op.regions and op.regions[0].blocks else None
        if body is not None and body.first is not None:
            raise _error(op, "only supported when nested region is empty")
        insert_dealloc_for_return_like(state, dealloc.builder_before(op), op, [])
        return op


class ReduceReturnModel:
    def process(self, op, state, dealloc):
        from passes.bufferization.dealloc_state import insert_dealloc_for_return_like
        if _is_memref(op.result_):
            raise _error(op, "only supported when operand is not a MemRef")
        insert_dealloc_for_return_like(state, dealloc.builder_before(op), op, [])
        return op


def _error(op, message):
    err = MLIRError(Diagnostic("error", op.loc, message))
    err.op = op
    return err


attach(CF.ops["cf.cond_br"], BUFFER_DEALLOCATION, CondBranchModel())
attach(ARITH.ops["arith.select"], BUFFER_DEALLOCATION, SelectModel())
attach(SCF.ops["scf.forall.in_parallel"], BUFFER_DEALLOCATION, InParallelModel())
attach(SCF.ops["scf.reduce.return"], BUFFER_DEALLOCATION, ReduceReturnModel())


# -- BufferViewFlowOpInterface models (pyopt/analysis/buffer_origin.py) ------------------------
class SelectViewFlow:
    """Either operand may be the result; the result is no buffer of its own."""

    def dependencies(self, op):
        return [(op.true_value, op.results[0]), (op.false_value, op.results[0])]

    def may_be_terminal(self, op, value):
        return False


class ReallocViewFlow:
    """The result may be the source, or a new buffer."""

    def dependencies(self, op):
        return [(op.source, op.results[0])]

    def may_be_terminal(self, op, value):
        return True


attach(ARITH.ops["arith.select"], BUFFER_VIEW_FLOW, SelectViewFlow())
attach(MEMREF.ops["memref.realloc"], BUFFER_VIEW_FLOW, ReallocViewFlow())
