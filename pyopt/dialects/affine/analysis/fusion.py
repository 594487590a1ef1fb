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


def _loads_and_stores(loop):
    """The accesses in `loop`, None if it holds an affine.if (not supported)."""
    out = []
    for op in loop.walk_ops():
        if op.name in READS or op.name in WRITES:
            out.append(op)
        elif op.name == "affine.if":
            return None
    return out


def can_fuse_loops(src, dst, depth, with_slice=False):
    """canFuseLoops with the generic strategy: a status, and with `with_slice` the slice
    union (a SliceState, or None) as second value."""
    status, state = _can_fuse(src, dst, depth, with_slice)
    return (status, state) if with_slice else status


def _can_fuse(src, dst, depth, with_slice):
    if depth == 0:
        return FAIL_PRECONDITION, None
    if src.parent is not dst.parent:
        return FAIL_PRECONDITION, None
    if fused_insertion_point(src, dst) is None:
        return FAIL_BLOCK_DEPENDENCE, None
    if not with_slice:
        return SUCCESS, None
    from pyopt.dialects.affine.analysis.slice import (compute_slice_union, SLICE_FAILURE,
                                                      SLICE_INCORRECT)
    backward = src.is_before_in_block(dst)
    a, b = (src, dst) if backward else (dst, src)
    ops_a, ops_b = _loads_and_stores(a), _loads_and_stores(b)
    if ops_a is None or ops_b is None:
        return FAIL_PRECONDITION, None
    n_common = loops.num_common_surrounding_loops(src, dst)
    result, state = compute_slice_union(ops_a, ops_b, depth, n_common, backward)
    if result == SLICE_FAILURE:
        return FAIL_PRECONDITION, state
    if result == SLICE_INCORRECT:
        return FAIL_INCORRECT_SLICE, state
    return SUCCESS, state
