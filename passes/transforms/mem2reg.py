"""`mem2reg`: promote memory slots to SSA values (MLIR's Mem2Reg pass).

A memory slot (pyopt/interfaces/memory_slot.py) is a non-aliased pointer-like value, e.g. the
result of an alloca. Promoting it replaces every load from it by the value stored last and
removes the stores, the slot and every other use of the pointer. Nothing is promoted unless
every (transitive) use of the pointer can be removed.

The pass works in four steps per slot; the first two only analyse:
1. Blocking uses: the uses of the pointer must all go away. Each user is asked, through its
   interface model, whether it can drop them; a user may in turn require that the uses of its
   own results go away (a pointer cast deleting itself makes its users blocking). Users are
   visited in a topological order of the use graph so that an op has all its blocking uses
   before it is asked.
2. Merge points: blocks where definitions of the slot's content from several predecessors
   meet get a new block argument. They are the iterated dominance frontier of the blocks
   storing to the slot, pruned to the blocks where the content is live on entry. Every
   predecessor of a merge point must be a branch that can forward an operand.
3. Reaching definitions: a walk of the dominator tree carries the value the slot holds at
   each point (initially the allocator's default value, e.g. `llvm.mlir.undef`); stores make
   new definitions and merge points start with their new argument. Blocks unreachable from
   the entry see the default value.
4. Removal: the blocking users, sorted by dominance, are rewritten or deleted in reverse
   order; branches from unreachable blocks into merge points forward the default value.

Only the region holding the slot pointer is promoted: a load or store of the slot inside a
nested region (scf.execute_region, ...) blocks promotion, as upstream. The `region-simplify`
option is accepted but, as in MLIR 19.1.7, does nothing.

Interface protocols (models attached with `pyopt.interfaces.attach`; every method takes the
op first; `builder` is a `pyopt.rewrite.Builder` already positioned as described; `layout`
is a `DataLayout`; `blocking_uses` is a list of OpOperand; `new_blocking_uses` a list the
method may append OpOperands of the op's results to; `remove_blocking_uses` returns True when
the op must be deleted (MLIR's DeletionKind::Delete), which the pass does at the end):

PROMOTABLE_ALLOCATION (allocators):
  promotable_slots(op) -> [MemorySlot]                  no IR change
  default_value(op, slot, builder) -> Value             builder at the start of the slot's block
  handle_block_argument(op, slot, arg, builder)         builder at the start of arg's block
  handle_promotion_complete(op, slot, default, builder) -> new allocator op or None
                                                        (erases the allocator; `default` may be
                                                        unused and should then be erased)
PROMOTABLE_MEM_OP (loads and stores):
  loads_from(op, slot) -> bool;  stores_to(op, slot) -> bool
  get_stored(op, slot, builder, reaching_def, layout) -> Value   builder after op; the new
                                                        content of the slot (no deletion)
  can_uses_be_removed(op, slot, blocking_uses, new_blocking_uses, layout) -> bool
                                                        (must not add new blocking uses)
  remove_blocking_uses(op, slot, blocking_uses, builder, reaching_def, layout) -> bool
                                                        builder after op; `reaching_def` is the
                                                        content just before op
PROMOTABLE_OP (other users: casts, debug info, lifetime markers):
  can_uses_be_removed(op, blocking_uses, new_blocking_uses, layout) -> bool
  remove_blocking_uses(op, blocking_uses, builder) -> bool       builder after op
  requires_replaced_values(op) -> bool                  optional (default False); if True,
  visit_replaced_values(op, defs, builder)              is called after all removals with
                                                        [(store op, stored value)]
"""
from __future__ import annotations

import heapq

from pyopt.interfaces import model
from pyopt.interfaces.memory_slot import (PROMOTABLE_ALLOCATION, PROMOTABLE_MEM_OP, PROMOTABLE_OP)
from pyopt.ir.core import value_loc
from pyopt.ir.dominance import DominanceInfo
from pyopt.pass_registry import PassOption, register_pass
from pyopt.rewrite.rewriter import Builder
from pyopt.interfaces.branch import branch_model, successor_operand_range, successor_operands
from pyopt.interfaces.data_layout import DataLayout

# The models attach themselves when imported.
from pyopt.dialects.llvm import memory_slots as _llvm_slots  # noqa: F401,E402
from pyopt.dialects.memref import memory_slots as _memref_slots  # noqa: F401,E402


# -- data layout -----------------------------------------------------------------------------
def _iterated_frontier(tree, defining, live_in):
    """Blocks of the iterated dominance frontier of `defining` that are in `live_in` (the
    priority-queue algorithm of LLVM's IDFCalculator: deepest definitions first)."""
    heap, result = [], []
    for b in defining:
        if b in tree.level:
            heapq.heappush(heap, (-tree.level[b], tree.preorder[b], b))
    visited_pq, visited = set(), set()
    while heap:
        neg_level, _, root = heapq.heappop(heap)
        root_level = -neg_level
        work = [root]
        visited.add(root)
        while work:
            node = work.pop()
            for succ in node.successors:
                lvl = tree.level.get(succ)
                if lvl is None or lvl > root_level or succ in visited_pq:
                    continue
                visited_pq.add(succ)
                if succ not in live_in:
                    continue
                result.append(succ)
                if succ not in defining:
                    heapq.heappush(heap, (-lvl, tree.preorder[succ], succ))
            for c in tree.children[node]:
                if c not in visited:
                    visited.add(c)
                    work.append(c)
    return result


# -- branch operands -------------------------------------------------------------------------
def _is_branch(term):
    return term is not None and bool(term.successor_slots) and branch_model(term) is not None


def _append_forwarded(term, index, value):
    successor_operands(term, index).append([value])


# -- analysis --------------------------------------------------------------------------------
def _forward_slice(ptr):
    """Transitive users of `ptr` through ops that may forward blocking uses (PromotableOp
    models), in topological order (defs before users)."""
    post, seen = [], set()
    for root in ptr.users():
        if root in seen:
            continue
        seen.add(root)
        stack = [(root, _result_users(root))]
        while stack:
            op, it = stack[-1]
            nxt = next(it, None)
            if nxt is None:
                stack.pop()
                post.append(op)
            elif nxt not in seen:
                seen.add(nxt)
                stack.append((nxt, _result_users(nxt)))
    post.reverse()
    return post


def _result_users(op):
    if not op.results or model(op, PROMOTABLE_OP) is None:
        return iter(())
    return (u.owner for r in op.results for u in r.uses())


def _blocking_uses(slot, layout):
    """{user op: [blocking OpOperand]} (insertion ordered), or None when some use cannot be
    removed."""
    users = {}
    for use in slot.ptr.uses():
        users.setdefault(use.owner, []).append(use)
    for op in _forward_slice(slot.ptr):
        uses = users.get(op)
        if uses is None:
            continue
        new = []
        m = model(op, PROMOTABLE_OP)
        if m is not None:
            if not m.can_uses_be_removed(op, uses, new, layout):
                return None
        else:
            m = model(op, PROMOTABLE_MEM_OP)
            if m is None or not m.can_uses_be_removed(op, slot, uses, new, layout) or new:
                return None
        for u in new:
            lst = users.setdefault(u.owner, [])
            if u not in lst:
                lst.append(u)
    region = slot.ptr.parent_block.parent
    for op in users:
        if model(op, PROMOTABLE_MEM_OP) is not None and op.parent_region is not region:
            return None
    return users


def _live_in_blocks(slot, defining):
    """Blocks where the slot's content is read before being written (MLIR's
    computeSlotLiveIn)."""
    work, visited = [], set()
    for user in slot.ptr.users():
        block = user.parent
        if block in visited:
            continue
        visited.add(block)
        for op in block:
            m = model(op, PROMOTABLE_MEM_OP)
            if m is None:
                continue
            if m.loads_from(op, slot):
                work.append(block)
                break
            if m.stores_to(op, slot):
                break
    live = set()
    while work:
        b = work.pop()
        if b in live:
            continue
        live.add(b)
        for p in b.predecessors:
            if p not in defining:
                work.append(p)
    return live


def _merge_points(slot, dominance):
    region = slot.ptr.parent_block.parent
    if len(region.blocks) == 1:
        return set()
    defining = set()
    for user in slot.ptr.users():
        m = model(user, PROMOTABLE_MEM_OP)
        if m is not None and m.stores_to(user, slot):
            defining.add(user.parent)
    live = _live_in_blocks(slot, defining)
    return set(_iterated_frontier(dominance.dom_tree(region), defining, live))


def _analyze(slot, dominance, layout):
    """(blocking uses, merge points) when the slot can be promoted, else None."""
    users = _blocking_uses(slot, layout)
    if users is None:
        return None
    merge = _merge_points(slot, dominance)
    for b in merge:
        for p in b.predecessors:
            if not _is_branch(p.last):
                return None
    return users, merge


# -- promotion -------------------------------------------------------------------------------
class _Promoter:
    def __init__(self, slot, allocator, ctx, dominance, layout, users, merge, stats):
        self.slot = slot
        self.allocator = allocator
        self.alloc_model = model(allocator, PROMOTABLE_ALLOCATION)
        self.builder = Builder(ctx)
        self.dominance = dominance
        self.layout = layout
        self.users = users
        self.merge = merge
        self.stats = stats
        self.default = None
        self.reaching = {}  # mem op -> content of the slot just before it
        self.replaced = {}  # storing op -> the value it made the slot's content

    def default_value(self):
        if self.default is None:
            b = self.builder
            ip = b.save()
            b.set_insertion_point_to_start(self.slot.ptr.parent_block)
            self.default = self.alloc_model.default_value(self.allocator, self.slot, b)
            b.restore(ip)
        return self.default

    def reaching_in_block(self, block, reaching):
        for op in block.ops:
            m = model(op, PROMOTABLE_MEM_OP)
            if m is None:
                continue
            if op in self.users:
                self.reaching[op] = reaching
            if m.stores_to(op, self.slot):
                self.builder.set_insertion_point_after(op)
                reaching = m.get_stored(op, self.slot, self.builder, reaching, self.layout)
                self.replaced[op] = reaching
        return reaching

    def reaching_in_region(self, region, reaching):
        if len(region.blocks) == 1:
            self.reaching_in_block(region.blocks[0], reaching)
            return
        tree = self.dominance.dom_tree(region)
        slot, loc = self.slot, value_loc(self.slot.ptr)
        stack = [(region.blocks[0], reaching)]
        while stack:
            block, reaching = stack.pop()
            if block in self.merge:
                arg = block.add_argument(slot.elem_type, loc)
                self.builder.set_insertion_point_to_start(block)
                self.alloc_model.handle_block_argument(self.allocator, slot, arg, self.builder)
                reaching = arg
                self.stats["new block args"] += 1
            reaching = self.reaching_in_block(block, reaching)
            term = block.last
            if term is not None:  # (the analysis checked that these are branches)
                for i, s in enumerate(term.successor_slots):
                    if s.block in self.merge:
                        _append_forwarded(term, i, reaching)
            for c in tree.children[block]:
                stack.append((c, reaching))

    def remove_blocking_uses(self):
        region = self.slot.ptr.parent_block.parent
        index = self.dominance.blocks_by_dominance(region)
        ordered = _sorted_by_dominance(list(self.users), region, index)
        to_erase, replaced, to_visit = [], [], []
        b = self.builder
        for op in reversed(ordered):
            uses = self.users[op]
            m = model(op, PROMOTABLE_MEM_OP)
            if m is not None:
                reaching = self.reaching.get(op)
                if reaching is None:  # not reached from the entry: unreachable code
                    reaching = self.default_value()
                b.set_insertion_point_after(op)
                if m.remove_blocking_uses(op, self.slot, uses, b, reaching, self.layout):
                    to_erase.append(op)
                if m.stores_to(op, self.slot) and self.replaced.get(op) is not None:
                    replaced.append((op, self.replaced[op]))
                continue
            m = model(op, PROMOTABLE_OP)
            b.set_insertion_point_after(op)
            if m.remove_blocking_uses(op, uses, b):
                to_erase.append(op)
            req = getattr(m, "requires_replaced_values", None)
            if req is not None and req(op):
                to_visit.append((op, m))
        for op, m in to_visit:
            b.set_insertion_point_after(op)
            m.visit_replaced_values(op, replaced, b)
        for op in to_erase:
            op.erase()

    def promote(self):
        region = self.slot.ptr.parent_block.parent
        self.reaching_in_region(region, self.default_value())
        self.remove_blocking_uses()
        # Branches that were not visited (unreachable blocks) forward the default value.
        for block in self.merge:
            for u in list(block.pred_uses):
                start, n = successor_operand_range(u.owner, u.index)
                if n + 1 == len(block.args):
                    _append_forwarded(u.owner, u.index, self.default_value())
        self.stats["promoted slots"] += 1
        return self.alloc_model.handle_promotion_complete(self.allocator, self.slot,
                                                          self.default, self.builder)


def _sorted_by_dominance(ops, region, index):
    """`ops` ordered by (block index, position in block) of themselves, or of their ancestor
    directly in `region` (MLIR's dominanceSort)."""
    keys, positions = {}, {}
    for op in ops:
        top = op
        while top.parent_region is not region:
            top = top.parent_op
        block = top.parent
        if block not in positions:
            positions[block] = {o: i for i, o in enumerate(block.ops)}
        keys[op] = (index.get(block, len(index)), positions[block][top])
    return sorted(ops, key=keys.__getitem__)


def try_to_promote_memory_slots(allocators, ctx, layout, dominance, stats):
    """Promotes as many slots of `allocators` as possible (MLIR's tryToPromoteMemorySlots);
    True if anything was promoted."""
    promoted_any = False
    work = list(allocators)
    while True:
        changed_round = False
        next_work = []
        for allocator in work:
            m = model(allocator, PROMOTABLE_ALLOCATION)
            changed = False
            for slot in m.promotable_slots(allocator):
                if not slot.ptr.has_uses():
                    continue
                info = _analyze(slot, dominance, layout)
                if info is None:
                    continue
                new = _Promoter(slot, allocator, ctx, dominance, layout, info[0], info[1],
                                stats).promote()
                changed = True
                if new is not None:
                    next_work.append(new)
                break  # promoting a slot may invalidate the allocator's other slots
            if not changed:
                next_work.append(allocator)
            changed_round |= changed
        if not changed_round:
            return promoted_any
        promoted_any = True
        work = next_work


@register_pass("mem2reg", "Promotes memory slots into values.", display_name="Mem2Reg",
               options=[PassOption("region-simplify", bool, True,
                                   "Perform control flow optimizations to the region tree")],
               statistics=[("promoted slots", "Total amount of memory slot promoted"),
                           ("new block args",
                            "Total amount of new block argument inserted in blocks")])
def mem2reg(op, ctx, options):
    stats = {"promoted slots": 0, "new block args": 0}
    layout = DataLayout.closest(op)
    dominance = DominanceInfo()
    for region in op.regions:
        if not region.blocks:
            continue
        allocators = []
        for b in region.blocks:
            for o in b.ops:
                o.walk(lambda x: allocators.append(x)
                       if model(x, PROMOTABLE_ALLOCATION) is not None else None)
        try_to_promote_memory_slots(allocators, ctx, layout, dominance, stats)
    return stats
