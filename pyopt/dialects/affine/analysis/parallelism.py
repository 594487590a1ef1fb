"""Loop parallelism from dependences (isLoopParallel / isLoopMemoryParallel): an affine.for
is parallel when no pair of its memory accesses depends at the loop's own depth."""
from __future__ import annotations

from pyopt.dialects.affine.analysis.dependence import check_dependence, NO_DEPENDENCE
from pyopt.dialects.affine.analysis.memref_access import MemRefAccess, READS, WRITES
from pyopt.ir.types import MemRefType, UnrankedMemRefType
from pyopt.rewrite.folding import is_memory_effect_free

_ALLOCS = frozenset(("memref.alloc", "memref.alloca"))
_NESTING = frozenset(("affine.for", "affine.yield", "affine.if"))


def _locally_defined(value, loop):
    d = value.defining_op()
    if d is None:
        return False
    if d.name in _ALLOCS and loop.is_ancestor_of(d) and d is not loop:
        return True
    if d.name in ("memref.subview", "memref.view", "memref.cast", "memref.reinterpret_cast"):
        return _locally_defined(d.source, loop)
    return False


def _nesting_depth(op):
    return sum(1 for p in op.ancestors() if p.name == "affine.for")


def is_loop_memory_parallel(loop):
    if any(type(t) in (MemRefType, UnrankedMemRefType) for t in loop.result_types):
        return False
    accesses = []
    for op in loop.walk_ops():
        if op is loop:
            continue
        if op.name in READS or op.name in WRITES:
            if not _locally_defined(MemRefAccess(op).memref, loop):
                accesses.append(MemRefAccess(op))
        elif op.name not in _NESTING and op.name not in _ALLOCS and \
                not is_memory_effect_free(op):
            return False
    depth = _nesting_depth(loop) + 1
    for a in accesses:
        for b in accesses:
            if check_dependence(a, b, depth, with_components=False)[0] != NO_DEPENDENCE:
                return False
    return True


def is_loop_parallel(loop):
    """Without reduction detection: loops carrying values are sequential."""
    if len(loop.regions[0].blocks[0].args) > 1:
        return False
    return is_loop_memory_parallel(loop)


def sequential_loop_ivs(root):
    """IVs of the affine.for loops in the nest rooted at `root` that are not parallel."""
    return [op.regions[0].blocks[0].args[0] for op in root.walk_ops()
            if op.name == "affine.for" and not is_loop_parallel(op)]
