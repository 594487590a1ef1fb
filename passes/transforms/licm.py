"""`loop-invariant-code-motion`: hoists ops out of loops (LoopLikeOpInterface ops) when they
have no memory effects, are speculatable and only use values defined outside the loop.
Loops are visited innermost first, so an op hoisted out of an inner loop can move further
out of the enclosing one."""
from __future__ import annotations

from collections import deque

from pyopt.interfaces.loop_like import is_loop_like, loop_regions
from pyopt.ir.opdef import TERMINATOR
from pyopt.pass_registry import register_pass
from pyopt.rewrite.folding import is_memory_effect_free, is_speculatable



def _parent_op_of(value):
    """The op owning the region that defines `value` (None at top level)."""
    block = value.owner.parent if hasattr(value.owner, "opdef") else value.owner
    region = block.parent if block is not None else None
    return region.parent if region is not None else None


def _can_be_hoisted(op, loop):
    if op.opdef is not None and TERMINATOR in op.opdef.traits:
        return False
    for child in op.walk_ops():
        for s in child.operand_slots:
            owner = _parent_op_of(s.value)
            if owner is not None and op.is_ancestor_of(owner):
                continue  # defined inside the op being hoisted
            if owner is not None and loop.is_ancestor_of(owner):
                return False
    return True


def move_loop_invariant_code(loop):
    """Hoists the invariant ops of `loop`'s regions before it; returns how many moved."""
    moved = 0
    for region in loop_regions(loop):
        work = deque(op for b in region.blocks for op in b)
        while work:
            op = work.popleft()
            if op.parent is None or op.parent.parent is not region:
                continue
            if not (is_memory_effect_free(op) and is_speculatable(op)) or \
                    not _can_be_hoisted(op, loop):
                continue
            op.move_before(loop)
            moved += 1
            for r in op.results:
                for user in r.users():
                    if user.parent is not None and user.parent.parent is region:
                        work.append(user)
    return moved


@register_pass("loop-invariant-code-motion", "Hoist loop invariant instructions outside of "
               "the loop", display_name="LoopInvariantCodeMotion")
def licm(op, ctx, options):
    loops = []

    def collect(o):
        if is_loop_like(o):
            loops.append(o)
    op.walk(collect)
    for loop in loops:
        move_loop_invariant_code(loop)
