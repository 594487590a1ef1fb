"""`control-flow-sink`: move side-effect-free ops into the regions that a region branch op
runs at most once (by its RegionBranchOpInterface invocation bounds: scf.if, scf.index_switch)
when all their users are inside that region."""
from __future__ import annotations

from pyopt.interfaces.control_flow import region_invocation_bounds
from pyopt.ir.core import OpResult
from pyopt.pass_registry import register_pass
from pyopt.rewrite.folding import is_memory_effect_free


def singly_executed_regions(op):
    """getSinglyExecutedRegionsToSink: the regions of `op` its invocation bounds run at most
    once ([] when the op says nothing)."""
    bounds = region_invocation_bounds(op)
    if bounds is None:
        return []
    return [r for r, (_, upper) in zip(op.regions, bounds) if upper is not None and upper <= 1]


def _inside(block, region):
    """Is `block` the region's block or nested in one of them? (The entry block dominates
    every block of a region of these ops.)"""
    while block is not None:
        r = block.parent
        if r is region:
            return True
        owner = r.parent if r is not None else None
        block = owner.parent if owner is not None else None
    return False


def _sink_region(region):
    entry = region.blocks[0]
    stack = [op for b in region.blocks for op in b.ops]
    sunk = 0
    while stack:
        user = stack.pop()
        for v in user.operands:
            if type(v) is not OpResult:
                continue
            op = v.owner
            if op.parent is not None and op.parent.parent is region:
                continue
            if all(_inside(u.parent, region) for r in op.results for u in r.users()) \
                    and is_memory_effect_free(op):
                op.detach()
                entry.prepend(op)
                sunk += 1
                stack.append(op)
    return sunk


@register_pass("control-flow-sink", "Sink operations into conditional blocks",
               display_name="ControlFlowSink", statistics=[("num-sunk", "Number of operations sunk")])
def control_flow_sink(root, ctx, options):
    branches = []
    root.walk(lambda op: branches.append(op) if region_invocation_bounds(op) is not None
              else None)
    sunk = 0
    for op in branches:  # post-order, as MLIR's walk
        # (upstream assigns, not adds, the count per branch op: the statistic is the last one's)
        sunk = sum(_sink_region(r) for r in singly_executed_regions(op) if r.blocks)
    return {"num-sunk": sunk} if sunk else {}
