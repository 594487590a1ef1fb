"""Buffer view flow (MLIR's BufferViewFlowAnalysis, forward direction only): the values a
buffer may flow into - views of it, block arguments it is branched to, region arguments and
results it is forwarded to by region control flow, and call results (a call may return any of
its operands). Computed on demand from use-lists, so no whole-function graph is built."""
from __future__ import annotations

from pyopt.analysis.dataflow import branch_successor_operands
from pyopt.interfaces.view_like import view_source
from pyopt.interfaces.control_flow import (entry_successor_operands, is_call, is_region_branch,
                                           region_successors, terminator_successor_operands,
                                           terminator_successors)


def _entry_flow(op, idx):
    """Successor inputs operand `idx` of region-branch op `op` is forwarded to."""
    entry = entry_successor_operands(op)
    first = len(op.operands) - len(entry)
    if not entry or idx < first:
        return []
    k = idx - first
    return [ins[k] for _, ins in region_successors(op, None) if k < len(ins)]


def _terminator_flow(term, idx):
    parent = term.parent.parent.parent if term.parent is not None else None
    if parent is None:
        return []
    fwd = terminator_successor_operands(term)
    if fwd is None:
        return []
    first = len(term.operands) - len(fwd)
    if idx < first:
        return []
    k = idx - first
    if is_region_branch(parent):
        succ = terminator_successors(term, parent, None)
    else:
        return []
    return [ins[k] for _, ins in succ if k < len(ins)]


def _branch_flow(term, value):
    """Block arguments `value` is passed to by branch `term`."""
    out = []
    for s, block in enumerate(term.successors):
        fwd = branch_successor_operands(term, s)
        if fwd is None:
            return []
        out.extend(block.args[k] for k, v in enumerate(fwd) if v is value and k < len(block.args))
    return out


def flows_into(value):
    """The values `value` directly flows into."""
    out = []
    for use in value.uses():
        op, idx = use.owner, use.index
        if idx == 0 and op.results and view_source(op) is value:
            out.append(op.results[0])
        elif op.successors:
            out.extend(_branch_flow(op, value))
        elif is_region_branch(op):
            out.extend(_entry_flow(op, idx))
        elif is_call(op):
            out.extend(op.results)
        elif op.opdef is not None and op.opdef.is_terminator:
            out.extend(_terminator_flow(op, idx))
    return out


def aliases(value):
    """`value` and everything it may flow into (BufferViewFlowAnalysis::resolve)."""
    seen = {value}
    work = [value]
    while work:
        for nxt in flows_into(work.pop()):
            if nxt not in seen:
                seen.add(nxt)
                work.append(nxt)
    return seen
