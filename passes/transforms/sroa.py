"""`sroa`: Scalar Replacement Of Aggregates (MLIR's SROA pass).

An allocation of an aggregate (an LLVM struct or array, a small static memref) is split into
one allocation per field that is actually used, when every use of the slot pointer can be
rewired to the new per-field slots. Splitting one slot can expose new splittable slots (a
struct field that is itself a struct), so the pass iterates until nothing changes.

The pass is op-agnostic: it works on every region of the op it is scheduled on and only talks
to ops through the interface models below (see `pyopt.interfaces.attach` / `model`; names in
`pyopt.interfaces.memory_slot`). `layout` is a `DataLayout` (passes/transforms/mem2reg.py),
`slot` a `MemorySlot` or `DestructurableMemorySlot`, an "index" an Attribute naming a
sub-element.

DestructurableAllocationOpInterface (allocations, e.g. llvm.alloca, memref.alloca):
    get_destructurable_slots(op) -> [DestructurableMemorySlot]
        slots worth trying, no IR change.
    destructure(op, slot, used_indices, builder, new_allocators) -> {index: MemorySlot}
        creates one sub-slot per used index (in that order) and appends the new allocation
        ops to `new_allocators`. The builder starts at the slot's block start.
    handle_destructuring_complete(op, slot, builder) -> op or None
        the original slot is unused now (typically: erase it); returns a new allocation op
        to process further, if it made one.

DestructurableAccessorOpInterface (ops using the slot pointer itself: load, store, GEP, ...):
    can_rewire(op, slot, used_indices, must_be_safely_used, layout) -> bool
        whether op can be moved onto the sub-slots; records the indices it touches in the
        ordered set `used_indices` (a dict used as a set) and appends to
        `must_be_safely_used` the MemorySlots it derives (a GEP result) whose uses must stay
        in bounds. No IR change.
    rewire(op, slot, subslots, builder, layout) -> bool
        moves op onto `subslots` ({index: MemorySlot}); returns True when op must be erased
        (the pass erases it). The builder is right after op.

SafeMemorySlotAccessOpInterface (ops using a derived pointer):
    ensure_only_safe_accesses(op, slot, must_be_safely_used, layout) -> bool
        whether every access of op through `slot.ptr` stays within `slot.elem_type`.

PromotableOpInterface (owned by mem2reg, see passes/transforms/mem2reg.py): uses no model
accepts are "blocking"; they must be removable by the user's PromotableOpInterface model,
else the slot is left alone: `can_uses_be_removed(op, uses, new_uses, layout)` (`uses` a
list of OpOperands; may add uses of op's results to `new_uses`) and
`remove_blocking_uses(op, uses, builder) -> bool` (True: erase op).

DestructurableTypeInterface is a type model (`pyopt.interfaces.attach_type`):
    subelement_index_map(t) -> {index: Type} or None (not destructurable)
    type_at_index(t, index) -> Type or None
"""
from __future__ import annotations

from pyopt.interfaces import model
from pyopt.ir.dominance import reverse_post_order
from pyopt.interfaces.memory_slot import (DESTRUCTURABLE_ACCESSOR, DESTRUCTURABLE_ALLOCATION,
                                      PROMOTABLE_OP, SAFE_MEMORY_SLOT_ACCESS)
from pyopt.pass_registry import register_pass
from pyopt.rewrite.rewriter import Builder

# The dialect models attach themselves on import; mem2reg brings the PromotableOpInterface
# models (blocking uses) and the DataLayout shared by both passes.
from pyopt.dialects.llvm import destructuring as _llvm_destructuring  # noqa: F401,E402
from pyopt.dialects.memref import destructuring as _memref_destructuring  # noqa: F401,E402
from pyopt.interfaces.data_layout import DataLayout  # noqa: E402

_STAT_DESTRUCTURED = "destructured slots"
_STAT_MEMORY_BENEFIT = "slots with memory benefit"
_STAT_MAX_SUBELEMENTS = "max subelement number"


# -- analysis ----------------------------------------------------------------------------------
class _DestructuringInfo:
    __slots__ = ("used_indices", "blocking", "accessors")

    def __init__(self):
        self.used_indices = {}  # ordered set of index Attributes
        self.blocking = {}      # user op -> ordered set (dict) of blocking OpOperands
        self.accessors = []


def _topological_order(roots, follow):
    """The ops reachable from `roots` through `follow(op)` (an iterable of successor ops),
    in a topological order: reverse post-order of a depth-first search."""
    post, seen = [], set()
    for root in roots:
        if root in seen:
            continue
        seen.add(root)
        stack = [(root, iter(follow(root)))]
        while stack:
            op, it = stack[-1]
            nxt = next(it, None)
            if nxt is None:
                stack.pop()
                post.append(op)
            elif nxt not in seen:
                seen.add(nxt)
                stack.append((nxt, iter(follow(nxt))))
    post.reverse()
    return post


def _successors(op):
    """Ops nested in op, then the users of op's results."""
    for r in op.regions:
        for b in r.blocks:
            yield from b.ops
    for res in op.results:
        for u in res.uses():
            yield u.owner


def _compute_destructuring_info(slot, layout):
    """What destructuring `slot` requires, or None when it is impossible or useless."""
    ptr = slot.ptr
    if not ptr.has_uses():
        return None
    info = _DestructuringInfo()
    must_be_safe = []

    for use in list(ptr.uses()):
        owner = use.owner
        acc = model(owner, DESTRUCTURABLE_ACCESSOR)
        if acc is not None and acc.can_rewire(owner, slot, info.used_indices, must_be_safe,
                                              layout):
            info.accessors.append(owner)
            continue
        info.blocking.setdefault(owner, {})[use] = None

    visited = set()
    while must_be_safe:
        sub = must_be_safe.pop()
        for use in list(sub.ptr.uses()):
            if use in visited:
                continue
            visited.add(use)
            user = use.owner
            safe = model(user, SAFE_MEMORY_SLOT_ACCESS)
            if safe is not None and safe.ensure_only_safe_accesses(user, sub, must_be_safe,
                                                                   layout):
                continue
            info.blocking.setdefault(user, {})[use] = None

    if not info.blocking:
        return info
    # Every op with blocking uses must be promotable. Blocking uses only spread to users of
    # results, so visiting what the blocked ops reach, producers first, sees them all.
    if any(model(user, PROMOTABLE_OP) is None for user in info.blocking):
        return None
    for user in _topological_order(list(info.blocking), _successors):
        uses = info.blocking.get(user)
        if uses is None:
            continue
        promotable = model(user, PROMOTABLE_OP)
        if promotable is None:
            return None
        new_uses = []
        if not promotable.can_uses_be_removed(user, list(uses), new_uses, layout):
            return None
        for u in new_uses:
            info.blocking.setdefault(u.owner, {})[u] = None
    return info


# -- transformation ----------------------------------------------------------------------------
class _ProgramOrder:
    """Sort keys placing ops in the order MLIR's topologicalSort gives them: a pre-order walk
    with the blocks of each region in dominance order. Rewiring follows this order backwards,
    which also decides the use-list order of the new slots (and so the order later rounds see
    their uses in). Block positions are cached: SROA adds and removes no blocks."""

    def __init__(self):
        self.block_pos = {}

    def key(self, op):
        path = []
        while op is not None and op.parent is not None:
            block = op.parent
            pos = self.block_pos.get(block)
            if pos is None:
                self._number_blocks(block.parent)
                pos = self.block_pos[block]
            if op._order < 0:
                block.renumber()
            path.append((pos, op._order))
            op = block.parent.parent
        path.reverse()
        return path

    def _number_blocks(self, region):
        """(region index in its op, rank in dominance order) of every block of `region`."""
        parent = region.parent
        ri = parent.regions.index(region) if parent is not None else 0
        seen, order = set(), []
        for start in region.blocks:
            if start in seen:
                continue
            for b in reverse_post_order(start, seen):
                if b not in seen:
                    seen.add(b)
                    order.append(b)
        for i, b in enumerate(order):
            self.block_pos[b] = (ri, i)


def _destructure_slot(slot, allocator, builder, layout, info, new_allocators, stats,
                      order):
    alloc_model = model(allocator, DESTRUCTURABLE_ALLOCATION)
    builder.set_insertion_point_to_start(slot.ptr.parent_block)
    subslots = alloc_model.destructure(allocator, slot, list(info.used_indices), builder,
                                       new_allocators)

    if len(slot.subelement_types) != len(info.used_indices):
        stats[_STAT_MEMORY_BENEFIT] += 1
    stats[_STAT_MAX_SUBELEMENTS] = max(stats[_STAT_MAX_SUBELEMENTS], len(slot.subelement_types))

    users = dict.fromkeys(info.blocking)
    users.update(dict.fromkeys(info.accessors))
    accessors = set(info.accessors)
    to_erase = []
    for user in sorted(users, key=order.key, reverse=True):
        builder.set_insertion_point_after(user)
        if user in accessors:
            if model(user, DESTRUCTURABLE_ACCESSOR).rewire(user, slot, subslots, builder,
                                                           layout):
                to_erase.append(user)
            continue
        if model(user, PROMOTABLE_OP).remove_blocking_uses(user, list(info.blocking[user]),
                                                         builder):
            to_erase.append(user)
    for op in to_erase:
        op.erase()

    stats[_STAT_DESTRUCTURED] += 1
    new = alloc_model.handle_destructuring_complete(allocator, slot, builder)
    if new is not None:
        new_allocators.append(new)


def try_to_destructure_memory_slots(allocators, builder, layout, stats, order):
    """Destructures the slots of `allocators` (and of the allocations this creates) until no
    more progress; returns whether anything changed."""
    changed = False
    worklist = list(allocators)
    while True:
        progress = False
        new_worklist = []
        for allocator in worklist:
            alloc_model = model(allocator, DESTRUCTURABLE_ALLOCATION)
            done = False
            for slot in alloc_model.get_destructurable_slots(allocator):
                info = _compute_destructuring_info(slot, layout)
                if info is None:
                    continue
                _destructure_slot(slot, allocator, builder, layout, info, new_worklist, stats,
                                  order)
                done = True
                break  # the allocator's other slots may be stale now
            if not done:
                new_worklist.append(allocator)
            progress |= done
        if not progress:
            return changed
        changed = True
        worklist = new_worklist


@register_pass("sroa", "Scalar Replacement of Aggregates", display_name="SROA",
               statistics=[
                   (_STAT_DESTRUCTURED, "Total amount of memory slots destructured"),
                   (_STAT_MEMORY_BENEFIT, "Total amount of memory slots in which the "
                    "destructured size was smaller than the total size after eliminating "
                    "unused fields"),
                   (_STAT_MAX_SUBELEMENTS, "Maximal number of sub-elements a successfully "
                    "destructured slot initially had"),
               ])
def sroa(op, ctx, options):
    stats = {_STAT_DESTRUCTURED: 0, _STAT_MEMORY_BENEFIT: 0, _STAT_MAX_SUBELEMENTS: 0}
    layout = DataLayout.closest(op)
    order = _ProgramOrder()
    for region in op.regions:
        if not region.blocks:
            continue
        builder = Builder(ctx)
        allocators = [o for b in region.blocks for top in b.ops for o in top.walk_ops()
                      if model(o, DESTRUCTURABLE_ALLOCATION) is not None]
        try_to_destructure_memory_slots(allocators, builder, layout, stats, order)
    return stats


