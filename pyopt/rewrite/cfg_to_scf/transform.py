"""transformCFGToSCF: checks a region can be lifted, gives it one exit block per kind of
return-like op, then lifts cycles and branches from the entry block on, region by region,
until no CFG op is left (or only the dispatch between different kinds of exits)."""
from __future__ import annotations

from pyopt.interfaces.branch import branch_model, successor_operands
from pyopt.ir.verifier import op_error
from pyopt.rewrite.cfg_to_scf.branches import transform_branches
from pyopt.rewrite.cfg_to_scf.context import LiftContext
from pyopt.rewrite.cfg_to_scf.cycles import transform_cycles
from pyopt.rewrite.cfg_to_scf.edges import ReturnLikeExitCombiner
from pyopt.rewrite.folding import is_memory_effect_free


def _check_preconditions(region):
    for i, block in enumerate(region.blocks):
        if i and not block.pred_uses:
            raise op_error(block.first, "transformation does not support unreachable blocks")
    for block in region.blocks:
        for top in block:
            for op in top.walk_ops():
                if not op.successor_slots:
                    continue
                if branch_model(op) is None:
                    raise op_error(op, "transformation does not support terminators with "
                                   "successors not implementing BranchOpInterface")
                if not is_memory_effect_free(op):
                    raise op_error(op, "transformation does not support terminators with "
                                   "side effects")
                for i in range(len(op.successor_slots)):
                    if getattr(successor_operands(op, i), "produced", 0):
                        raise op_error(op, "transformation does not support operations with "
                                       "operation-produced successor operands")


def transform_cfg_to_scf(ctx, region, iface, dom):
    """Lifts `region`'s CFG; returns whether anything changed. `dom` is a DomCache shared by
    the regions of one function. Raises an MLIRError when the region cannot be lifted."""
    if len(region.blocks) <= 1:
        return False
    _check_preconditions(region)
    lc = LiftContext(ctx, region, iface, dom)
    lc.exits = ReturnLikeExitCombiner(lc)
    for block in list(region.blocks):
        if block.last is not None and not block.last.successor_slots:
            lc.exits.combine(block.last)
    dom.invalidate(region)

    # (entry block, whether what it reaches is known to be acyclic): lifting the cycles
    # reachable from an entry leaves a DAG there, which branch lifting only cuts into smaller
    # DAGs; searching those again for cycles would find none (and cost quadratic time)
    work = [(region.blocks[0], False)]
    while work:
        current, acyclic = work.pop()
        if not acyclic:
            loops = transform_cycles(lc, current)
            work.extend((b, False) for b in loops)
            if loops:
                dom.invalidate(current.parent)
        work.extend((b, True) for b in transform_branches(lc, current))
    return True
