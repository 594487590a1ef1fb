"""`topological-sort`: order the ops of graph regions so that definitions come before uses
(where cycles allow), with MLIR 19's scheduling order."""
from __future__ import annotations

from pyopt.ir.core import OpResult
from pyopt.ir.opdef import GRAPH_REGION, TERMINATOR
from pyopt.pass_registry import register_pass


def _is_ready(op, unscheduled):
    """No operand of `op` or of any op nested in it is defined by (or inside) an op that
    is still unscheduled; values defined inside `op` itself do not count."""
    for nested in op.walk_ops():
        for v in nested.operands:
            parent = v.owner if type(v) is OpResult else None
            while parent is not None:
                if parent is op:
                    break
                if parent in unscheduled:
                    return False
                parent = parent.parent_op
    return True


def sort_block(block):
    """Schedule the ops of `block` (its terminator stays last). Returns True when every op
    could be placed after the definitions it uses."""
    ops = list(block.ops)
    if ops and ops[-1].opdef is not None and TERMINATOR in ops[-1].opdef.traits:
        ops.pop()
    if not ops:
        return True
    unscheduled = set(ops)
    order = []  # the scheduled prefix
    pending = ops  # ops not yet in `order`, in their current relative order
    all_scheduled = True
    while unscheduled:
        progressed = False
        rest = []
        for op in pending:
            if op in unscheduled and _is_ready(op, unscheduled):
                unscheduled.discard(op)
                order.append(op)
                progressed = True
            else:
                rest.append(op)
        pending = rest
        if not progressed:
            # A cycle: give up on the first pending op and keep it where it is.
            all_scheduled = False
            first = pending.pop(0)
            unscheduled.discard(first)
            order.append(first)
    anchor = block.terminator if len(order) < len(block.ops) else None
    for op in order:
        op.detach()
        if anchor is not None:
            block.insert_before(anchor, op)
        else:
            block.append(op)
    return all_scheduled


def _graph_region_indices(op):
    d = op.opdef
    if d is None:
        return ()
    if GRAPH_REGION in d.traits:
        return range(len(op.regions))
    kinds = d.region_kinds
    if kinds is None:
        return ()
    return [i for i in range(len(op.regions)) if kinds[min(i, len(kinds) - 1)] == "graph"]


@register_pass("topological-sort", "Sort regions without SSA dominance in topological order",
               display_name="TopologicalSort")
def topological_sort(root, ctx, options):
    for op in list(root.walk_ops()):
        for i in _graph_region_indices(op):
            for block in op.regions[i].blocks:
                sort_block(block)
