"""memref.alloca_scope's canonicalization patterns (MLIR 19 AllocaScopeInliner and
AllocaScopeHoister): a scope is inlined when nothing in it may allocate on the stack, or when
it is the last op of a block whose parent is itself an allocation scope (no lifetime is
extended); stack allocations whose operands are available outside are hoisted to the nearest
enclosing allocation scope when every op on the way is the last of its block."""
from __future__ import annotations

from pyopt.ir.opdef import AUTOMATIC_ALLOCATION_SCOPE
from pyopt.rewrite.folding import declared_effects
from pyopt.rewrite.pattern import RewritePattern

# Ops allocating on the AutomaticAllocationScopeResource (the stack of the nearest scope).
STACK_ALLOCATIONS = ("memref.alloca", "llvm.alloca")


def _is_scope(op):
    return op is not None and op.has_trait(AUTOMATIC_ALLOCATION_SCOPE)


def _may_allocate_on_stack(op):
    """isOpItselfPotentialAutomaticAllocation: ops without declared effects might."""
    if op.has_trait("RecursiveMemoryEffects"):
        return False
    if declared_effects(op) is None:
        return True
    return op.name in STACK_ALLOCATIONS


def _last_non_terminator(op):
    block = op.parent
    nxt = op.next  # (an unregistered last op might be the terminator, as in 19)
    return nxt is not None and nxt is block.last and \
        (nxt.opdef is None or nxt.opdef.is_terminator) and len(block.parent.blocks) == 1


def _contains_stack_allocation(scope):
    stack = [o for r in scope.regions for b in r.blocks for o in b]
    while stack:
        o = stack.pop()
        if _may_allocate_on_stack(o):
            return True
        if not _is_scope(o):
            stack.extend(x for r in o.regions for b in r.blocks for x in b)
    return False


def _inline(op, rw):
    if _contains_stack_allocation(op):
        if not _is_scope(op.parent_op) or not _last_non_terminator(op):
            return False
    block = op.regions[0].blocks[0]
    term = block.last
    results = list(term.operands)
    rw.inline_block_before(block, op.parent, op)
    rw.replace_op(op, results)
    rw.erase_op(term)
    return True


def _hoist(op, rw):
    outer = op.parent_op
    if outer is None or _is_scope(outer):
        return False
    p = outer
    while p is not None and not _is_scope(p):
        p = p.parent_op
    if p is None:
        return False  # (no enclosing allocation scope)
    if not _last_non_terminator(op) or not _last_non_terminator(outer):
        return False
    while not _is_scope(outer.parent_op):
        outer = outer.parent_op
        if not _last_non_terminator(outer):
            return False
    region = next(r for r in outer.regions if r.is_ancestor_of_region(op.parent.parent))
    hoist = []

    def visit(o):
        if o.name not in STACK_ALLOCATIONS:
            return
        if any(region.is_ancestor_of_region(_region_of(v)) for v in o.operands):
            return
        hoist.append(o)
    op.walk(visit)  # (post-order, as 19's walk)
    if not hoist:
        return False
    rw.set_insertion_point(outer)
    for o in hoist:
        c = rw.clone(o)
        rw.replace_op(o, c.results)
    return True


def _region_of(v):
    d = v.defining_op()
    return d.parent.parent if d is not None else v.owner.parent


PATTERNS = [RewritePattern("memref.alloca_scope", 1, _inline, "AllocaScopeInliner"),
            RewritePattern("memref.alloca_scope", 1, _hoist, "AllocaScopeHoister")]
