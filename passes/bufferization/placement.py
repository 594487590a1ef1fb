"""What the buffer placement passes (promote-buffers-to-stack, buffer-hoisting,
buffer-loop-hoisting) share: which ops are loops or region control flow they may look
through, the allocations they consider, and where an allocation may be placed in a block."""
from __future__ import annotations

from pyopt.interfaces.control_flow import is_region_branch

LOOPS = frozenset({"scf.for", "scf.while", "scf.parallel", "scf.forall", "affine.for",
                   "affine.parallel"})
PARALLEL_LOOPS = frozenset({"scf.parallel", "scf.forall", "affine.parallel"})


def is_loop(op):
    """LoopLikeOpInterface ops (none of our other region-branch ops loops back)."""
    return op.name in LOOPS


def is_sequential_loop(op):
    return is_loop(op) and op.name not in PARALLEL_LOOPS


def is_known_control_flow(op):
    return is_loop(op) or is_region_branch(op)


def dealloc_count(value):
    """How many memref.dealloc free the buffer (findDealloc gives up beyond one)."""
    return sum(1 for u in value.users() if u.name == "memref.dealloc")


def start_operation(value, block):
    """BufferPlacementAllocs::getStartOperation for a value defined in or below `block`:
    its defining op, or the op of `block` containing it, or else the terminator."""
    op = value.owner
    while op is not None and op.parent is not block:
        op = op.parent_op
    return op if op is not None else block.last
