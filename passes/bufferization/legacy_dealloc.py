"""`buffer-deallocation` (the pass MLIR 19 still has next to the ownership-based one): every
allocation gets a memref.dealloc after the last use of all its aliases, in the block that
post-dominates them; an alias that a block argument or region result receives from paths the
allocation does not dominate is first cloned on each incoming edge, and the clone is freed
instead. Existing deallocs are moved to that place. (BufferDeallocation.cpp.)

Allocations are the ops with one Allocate effect on a result (not in an automatic allocation
scope); how to free and clone them is their AllocationOpInterface model."""
from __future__ import annotations

from pyopt.analysis.block_liveness import BlockLiveness
from pyopt.analysis.buffer_origin import BufferOrigins
from pyopt.dialects.bufferization import BUFFERIZATION
from pyopt.dialects.bufferization.canonicalize import find_dealloc, value_loc
from pyopt.dialects.memref import MEMREF
from pyopt.interfaces import attach, model
from pyopt.interfaces.branch import successor_operand_range
from pyopt.interfaces.control_flow import (entry_successor_operands, is_region_branch,
                                           region_successors, terminator_successor_operands)
from pyopt.ir.diagnostics import Diagnostic, MLIRError
from pyopt.ir.dominance import DominanceInfo
from pyopt.syntax.printer import op_for_diagnostic
from pyopt.ir.opdef import TERMINATOR
from pyopt.ir.types import BaseMemRefType
from pyopt.pass_registry import register_pass
from pyopt.rewrite.folding import declared_effects
from pyopt.rewrite.rewriter import Builder

from passes.bufferization.dealloc_models import allocates_in_automatic_scope
from passes.bufferization.ownership_dealloc import has_backedges

ALLOCATION = "AllocationOpInterface"


class _Allocation:
    """buildDealloc: memref.dealloc; buildClone: bufferization.clone (None: not supported)."""

    def __init__(self, can_clone=True):
        self.can_clone = can_clone

    def build_dealloc(self, b, value):
        return b.create("memref.dealloc", [value], [], loc=value_loc(value))

    def build_clone(self, b, value):
        if not self.can_clone:
            return None
        return b.create("bufferization.clone", [value], [value.type],
                        loc=value_loc(value)).results[0]


attach([MEMREF.ops["memref.alloc"], MEMREF.ops["memref.alloca"],
        BUFFERIZATION.ops["bufferization.clone"]], ALLOCATION, _Allocation())
attach(MEMREF.ops["memref.realloc"], ALLOCATION, _Allocation(can_clone=False))


def _error(op, message):
    err = MLIRError(Diagnostic("error", op.loc, message))
    err.op = op
    return err


def _allocations(func):
    """BufferPlacementAllocs: [(allocated value, its dealloc or None)]."""
    out = []
    for op in func.walk_ops():
        eff = declared_effects(op)
        if not eff or "alloc" not in eff or allocates_in_automatic_scope(op):
            continue
        results = [r for r in op.results if isinstance(r.type, BaseMemRefType)]
        if len(results) != 1:
            continue
        dealloc = find_dealloc(results[0])
        if dealloc is False:
            continue
        out.append([results[0], dealloc])
    return out


def _ancestor_in(block, op):
    """Block::findAncestorOpInBlock."""
    while op is not None and op.parent is not block:
        op = op.parent_op
    return op


def _blocks_in_same_region(a, b):
    """tryGetBlocksInSameRegion: the ancestors of a and b in their closest common region."""
    chain = {}
    x = a
    while x is not None:
        chain[x.parent] = x
        op = x.parent.parent
        x = op.parent if op is not None else None
    y = b
    while y is not None:
        if y.parent in chain:
            return chain[y.parent], y
        op = y.parent.parent
        y = op.parent if op is not None else None
    return None, None


class _PostDominance:
    """Post-dominator sets per region (reachable blocks; exits are the blocks without
    successors)."""

    def __init__(self):
        self._sets = {}

    def _pdom(self, region):
        sets = self._sets.get(region)
        if sets is None:
            blocks = list(region.blocks)
            full = set(blocks)
            sets = {b: ({b} if not b.successors else set(full)) for b in blocks}
            changed = True
            while changed:
                changed = False
                for b in reversed(blocks):
                    succ = [sets[s] for s in b.successors if s in sets]
                    new = {b} | (set.intersection(*succ) if succ else set())
                    if new != sets[b]:
                        sets[b], changed = new, True
            self._sets[region] = sets
        return sets

    def nearest_common(self, a, b):
        if a is None or b is None:
            return None
        if a is b:
            return a
        a, b = _blocks_in_same_region(a, b)
        if a is None or a is b:
            return a
        sets = self._pdom(a.parent)
        common = sets[a] & sets[b]
        if not common:
            return None
        return max(common, key=lambda c: len(sets[c]))


class LegacyDeallocation:
    def __init__(self, func, ctx):
        self.func = func
        self.b = Builder(ctx)
        self.flow = BufferOrigins(func)
        self.allocs = _allocations(func)
        self.liveness = BlockLiveness(func)
        self.dom = DominanceInfo()
        self.pdom = _PostDominance()
        self.cloned = set()
        self.alias_to_alloc = {}

    def prepare(self):
        for value, dealloc in self.allocs:
            iface = model(value.defining_op(), ALLOCATION)
            if dealloc is None and iface is None:
                raise _error(value.defining_op(), "Allocation is not deallocated explicitly nor "
                             "does the operation implement the AllocationOpInterface.")
            self.alias_to_alloc[value] = iface
            for alias in self.flow.resolve(value):
                self.alias_to_alloc[alias] = iface

    # -- clones for aliases the allocation does not dominate -----------------------------------
    def introduce_clones(self):
        to_free, visited, work = {}, set(), []

        def find_unsafe(source, defining_block):
            for v in list(self.flow.deps.get(source, ())):
                if v in to_free:
                    continue
                parent = v.parent_block
                if not self.dom.block_dominates(defining_block, parent) or \
                        (defining_block is parent and v.defining_op() is None):
                    work.append((v, parent))
                    to_free[v] = None
                elif (v, defining_block) not in visited:
                    visited.add((v, defining_block))
                    work.append((v, defining_block))
        for value, _ in self.allocs:
            find_unsafe(value, value.defining_op().parent)
        while work:
            find_unsafe(*work.pop())
        self.flow.remove(to_free)
        for v in to_free:
            if v.defining_op() is None:
                self.clone_block_argument(v)
            else:
                self.clone_region_result(v)
            self.allocs.append([v, None])

    def clone_block_argument(self, arg):
        block = arg.owner
        for use in list(block.pred_uses):
            term = use.owner
            start, _ = successor_operand_range(term, use.index)
            slot = start + arg.index
            term.set_operand(slot, self.clone(term.operands[slot], term))
        region = block.parent
        parent = region.parent
        if region.blocks[0] is not block or not is_region_branch(parent):
            return
        index = next(i for i, r in enumerate(parent.regions) if r is region)
        self.clone_for_region_successors(parent, range(len(parent.regions)), arg,
                                         lambda succ: succ == index)
        for succ, inputs in region_successors(parent, None):
            if succ != index:
                continue
            entry = entry_successor_operands(parent)
            first = len(parent.operands) - len(entry)
            k = next(i for i, x in enumerate(inputs) if x is arg)
            parent.set_operand(first + k, self.clone(parent.operands[first + k], parent))
            return

    def clone_region_result(self, value):
        op = value.defining_op()
        self.clone_for_region_successors(op, range(len(op.regions)), value,
                                         lambda succ: succ is None)

    def clone_for_region_successors(self, op, region_indices, value, predicate):
        for ri in region_indices:
            match = next(((s, ins) for s, ins in region_successors(op, ri) if predicate(s)),
                         None)
            if match is None:
                continue
            k = next(i for i, x in enumerate(match[1]) if x is value)
            for block in op.regions[ri].blocks:
                term = block.last
                fwd = terminator_successor_operands(term) if term is not None else None
                if fwd is None or term.opdef is None or TERMINATOR not in term.opdef.traits:
                    continue
                slot = len(term.operands) - len(fwd) + k
                term.set_operand(slot, self.clone(term.operands[slot], term))

    def clone(self, source, before):
        """introduceCloneBuffers: a clone of `source` before `before` (once per source)."""
        if source in self.cloned:
            return source
        self.b.set_insertion_point(before)
        iface = self.alias_to_alloc.get(source)
        if iface is not None:
            new = iface.build_clone(self.b, source)
            if new is None:
                raise _error(before, "allocations without compatible clone ops are not "
                             "supported")
        else:
            new = self.b.create("bufferization.clone", [source], [source.type],
                                loc=value_loc(source)).results[0]
        self.cloned.add(new)
        return new

    # -- dealloc placement ---------------------------------------------------------------------
    def place_deallocs(self):
        for value, dealloc in self.allocs:
            aliases = self.flow.resolve(value)
            block = self._placement_block(value, aliases)
            end = block.first
            live_out = self.liveness.live_out(block)
            for alias in aliases:
                before = end
                d = alias.defining_op()
                if d is not None:
                    before = _ancestor_in(block, d)
                    if before is None:
                        continue
                alias_end = self._end_operation(block, live_out, alias, before)
                if alias_end.parent is block and end.is_before_in_block(alias_end):
                    end = alias_end
            if dealloc is not None:
                dealloc.move_after(end)
                continue
            if end.next is None:
                continue  # (the buffer escapes through the terminator)
            self.b.set_insertion_point(end.next)
            iface = self.alias_to_alloc.get(value)
            if iface is not None:
                iface.build_dealloc(self.b, value)
            else:
                self.b.create("memref.dealloc", [value], [], loc=value_loc(value))

    def _placement_block(self, value, aliases):
        blocks = {value.parent_block: None}
        for a in aliases:
            for user in a.users():
                blocks[user.parent] = None
            blocks[a.parent_block] = None
        it = iter(blocks)
        dom = next(it)
        for blk in it:
            dom = self.pdom.nearest_common(dom, blk)
        return dom

    @staticmethod
    def _end_operation(block, live_out, value, start):
        if value in live_out:
            return block.last
        end = start
        for user in value.users():
            u = _ancestor_in(block, user)
            if u is not None and end.is_before_in_block(u):
                end = u
        return end


def _verify_control_flow(func, ctx):
    """validateSupportedControlFlow: region ops without RegionBranchOpInterface are reported
    (innermost first) and the pass goes on, as in 19."""
    bad = [op for op in func.walk_ops() if op is not func and
           ((len(op.regions) == 1 and op.results) or len(op.regions) > 1) and
           not is_region_branch(op)]
    for op in reversed(bad):
        err = _error(op, "All operations with attached regions need to implement the "
                     "RegionBranchOpInterface.")
        engine = getattr(ctx, "diag_engine", None)
        if engine is None:
            raise err
        if engine.collector is None:  # (-verify-diagnostics does not print the op)
            err.diag.attach_note("see current operation: " + op_for_diagnostic(op), op.loc)
        engine.emit(err.diag)


def deallocate_buffers(func, ctx):
    if has_backedges(func):
        raise _error(func, "Only structured control-flow loops are supported.")
    _verify_control_flow(func, ctx)
    d = LegacyDeallocation(func, ctx)
    d.prepare()
    d.introduce_clones()
    d.place_deallocs()


@register_pass("buffer-deallocation",
               "Adds all required dealloc operations for all allocations in the input program",
               anchor="func.func", display_name="BufferDeallocationPass")
def buffer_deallocation(op, ctx, options):
    if op.regions and op.regions[0].blocks:
        deallocate_buffers(op, ctx)
