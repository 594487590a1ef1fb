"""Loop fusion legality (MLIR's LoopFusionUtils): where in their block two sibling loop nests
could be fused without reordering a dependent op, and the fusion preconditions."""
from __future__ import annotations

from pyopt.dialects.affine.analysis import loops
from pyopt.dialects.affine.analysis.memref_access import READS, WRITES, MemRefAccess

SUCCESS = "success"
FAIL_PRECONDITION = "precondition"
FAIL_BLOCK_DEPENDENCE = "block-dependence"
FAIL_FUSION_DEPENDENCE = "fusion-dependence"
FAIL_INCORRECT_SLICE = "incorrect-slice"


def _memref_uses(root):
    """{memref: True if some access in `root` stores to it}."""
    out = {}
    for op in root.walk_ops():
        if op.name in READS:
            out.setdefault(MemRefAccess(op).memref, False)
        elif op.name in WRITES:
            out[MemRefAccess(op).memref] = True
    return out


def _dependent_access(op, uses):
    if op.name in READS:
        return uses.get(MemRefAccess(op).memref, False)
    if op.name in WRITES:
        return MemRefAccess(op).memref in uses
    return False


def _first_dependent_between(a, b):
    uses = _memref_uses(a)
    x = a.next
    while x is not None and x is not b:
        if any(_dependent_access(o, uses) for o in x.walk_ops()):
            return x
        x = x.next
    return None


def _last_dependent_between(a, b):
    uses = _memref_uses(b)
    x = b.prev
    while x is not None and x is not a:
        for o in x.walk_ops():
            if o.name in READS or o.name in WRITES:
                if _dependent_access(o, uses):
                    return x
                continue
            for r in o.results:
                for u in r.uses():
                    if any(l is b for l in loops.enclosing_fors(u.owner)):
                        return x
        x = x.prev
    return None


def fused_insertion_point(src, dst):
    """The op before which the fused nest can go, None if dependences forbid any."""
    a, b = (src, dst) if src.is_before_in_block(dst) else (dst, src)
    first = _first_dependent_between(a, b)
    last = _last_dependent_between(a, b)
    if first is not None:
        if last is not None and (first is last or first.is_before_in_block(last)):
            return None
        return first
    return b


def gather_loops(func):
    """affine.for ops grouped by nesting depth (gatherLoops)."""
    depth_to_loops = []

    def visit(block, depth):
        if depth == len(depth_to_loops):
            depth_to_loops.append([])
        for op in block:
            if op.name == "affine.for":
                depth_to_loops[depth].append(op)
                visit(op.regions[0].blocks[0], depth + 1)
    for region in func.regions:
        for block in region.blocks:
            visit(block, 0)
    if depth_to_loops and not depth_to_loops[-1]:
        depth_to_loops.pop()
    return depth_to_loops


def can_fuse_loops(src, dst, depth):
    """The legality checks of canFuseLoops that precede slice computation."""
    if depth == 0:
        return FAIL_PRECONDITION
    if src.parent is not dst.parent:
        return FAIL_PRECONDITION
    if fused_insertion_point(src, dst) is None:
        return FAIL_BLOCK_DEPENDENCE
    return SUCCESS
