"""Shared pieces of the models of ops with unstructured control flow: a region-holding op
whose non-entry block arguments receive branch operands (func.func), and branch ops (cf.br,
cf.cond_br) whose operands flow into successor block arguments."""
from __future__ import annotations

from pyopt.interfaces.branch import successor_operand_range
from pyopt.interfaces.bufferizable import (EQUIVALENT, AliasingOperand, AliasingValue,
                                           BufferizableModel, default_buffer_type,
                                           fully_dynamic_layout_type, get_buffer_type)
from pyopt.ir.types import BaseMemRefType
from pyopt.ir.verify_invariants import op_error


def caller_operands(arg):
    """detail::getCallerOpOperands: the branch operands forwarded to block argument `arg`."""
    out = []
    for pu in arg.owner.pred_uses:
        rng = successor_operand_range(pu.owner, pu.index)
        if rng is not None and arg.index < rng[1]:
            out.append(pu.owner.operand_slots[rng[0] + arg.index])
    return out


class WithUnstructuredControlFlow(BufferizableModel):
    supports_unstructured_control_flow = True

    def aliasing_branch_operands(self, op, arg, state):
        return [AliasingOperand(s, EQUIVALENT, False) for s in caller_operands(arg)]

    def buffer_type(self, op, value, options, stack):
        if not hasattr(value.owner, "args"):
            return default_buffer_type(op, value, options, stack)
        found = None
        for s in caller_operands(value):
            v = s.value
            if v in stack:
                continue
            t = v.type if isinstance(v.type, BaseMemRefType) else \
                get_buffer_type(v, options, stack)
            if found is None:
                found = t
                continue
            if found is t:
                continue
            if found.memory_space != t.memory_space:
                raise op_error(op, "incoming operands of block argument have inconsistent "
                                   "memory spaces")
            found = fully_dynamic_layout_type(value.type, found.memory_space)
        if found is None:
            raise op_error(op, "could not infer buffer type of block argument")
        return found


class BranchModel(BufferizableModel):
    """Branch ops: forwarded operands alias (maybe) their successor block arguments."""

    def aliasing_values(self, op, operand, state):
        out = []
        for i, blk in enumerate(op.successors):
            rng = successor_operand_range(op, i)
            if rng is None or not rng[1]:
                continue
            start, n = rng
            if start <= operand.index < start + n:
                out.append(AliasingValue(blk.args[operand.index - start], EQUIVALENT, False))
        return out
