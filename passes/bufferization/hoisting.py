"""`buffer-hoisting` and `buffer-loop-hoisting`: move allocations up.

buffer-hoisting moves a memref.alloc to the highest block that still dominates every use of
the buffer and its aliases (and follows its size operands): up the dominator tree of a CFG
and out of non-loop region control flow. buffer-loop-hoisting moves memref.alloc and
memref.alloca out of sequential loops when neither its sizes nor its uses tie it inside."""
from __future__ import annotations

from pyopt.analysis.buffer_view_flow import aliases
from pyopt.ir.dominance import DominanceInfo
from pyopt.pass_registry import register_pass
from passes.bufferization.placement import (is_known_control_flow, is_loop,
                                                is_sequential_loop, dealloc_count,
                                                start_operation)


def _block_of(v):
    owner = v.owner
    return owner.parent if hasattr(owner, "opdef") else owner


def _chain(block):
    """[(region, block)] from `block` outwards."""
    out = []
    while block is not None:
        r = block.parent
        out.append((r, block))
        op = r.parent if r is not None else None
        block = op.parent if op is not None else None
    return out


class _Dom:
    def __init__(self):
        self.info = DominanceInfo()

    def dominates(self, a, b):
        return self.info.block_dominates(a, b)

    def properly_dominates(self, a, b):
        return a is not b and self.info.block_dominates(a, b)

    def idom(self, block):
        return self.info._tree(block.parent).get(block)

    def nearest_common(self, a, b):
        if a is None or b is None:
            return None
        if a is b:
            return a
        ca = {r: blk for r, blk in _chain(a)}
        for r, blk in _chain(b):
            if r in ca:
                a, b = ca[r], blk
                break
        else:
            return None
        if a is b:
            return a
        tree = self.info._tree(a.parent)
        seen = set()
        x = a
        while x is not None:
            seen.add(x)
            x = tree.get(x)
        x = b
        while x is not None and x not in seen:
            x = tree.get(x)
        return x


def _common_dominator(dom, value, flow):
    blocks = {_block_of(value)}
    for v in flow:
        for u in v.users():
            blocks.add(u.parent)
        blocks.add(_block_of(v))
    out = None
    for i, b in enumerate(blocks):
        out = b if i == 0 else dom.nearest_common(out, b)
    return out


class _BlockHoisting:
    """BufferAllocationHoistingState: as high as dominance allows, never out of a loop."""
    def __init__(self, dom, block):
        self.dom, self.placement = dom, block

    def upper_bound(self, dominator, dependency):
        if dependency is None:
            return dominator
        return dependency if self.dom.properly_dominates(dominator, dependency) else dominator

    def legal(self, op):
        return not is_loop(op)

    def to_dominator(self, block):
        self.placement = block

    def to_parent(self, block):
        self.placement = block


class _LoopHoisting:
    """BufferAllocationLoopHoistingState: only out of sequential loops that the uses allow."""
    def __init__(self, dom, block):
        self.dom, self.placement = dom, block
        self.alias_dominator = None

    def upper_bound(self, dominator, dependency):
        self.alias_dominator = dominator
        return dependency

    def legal(self, op):
        return is_sequential_loop(op) and not self.dom.dominates(self.alias_dominator,
                                                                 op.parent)

    def to_dominator(self, block):
        pass

    def to_parent(self, block):
        self.placement = block


def _placement(dom, state, upper):
    current = state.placement
    while True:
        parent_op = current.parent.parent if current.parent is not None else None
        parent_block = parent_op.parent if parent_op is not None else None
        if parent_block is None:
            break
        if upper is not None and not dom.properly_dominates(upper, current):
            break
        idom = None if current is current.parent.blocks[0] else dom.idom(current)
        if idom is not None and dom.properly_dominates(parent_block, idom):
            current = idom
            state.to_dominator(current)
        else:
            if not is_known_control_flow(parent_op) or not state.legal(parent_op):
                break
            current = parent_block
            state.to_parent(current)
    return state.placement


def _hoist(func, state_cls, with_allocas):
    allocs = []
    func.walk(lambda o: allocs.append(o) if o.name == "memref.alloc" and
              dealloc_count(o.results[0]) <= 1 else None)
    if with_allocas:
        func.walk(lambda o: allocs.append(o) if o.name == "memref.alloca" else None)
    dom = _Dom()
    for op in allocs:
        value = op.results[0]
        flow = aliases(value)
        dominator = _common_dominator(dom, value, flow)
        state = state_cls(dom, op.parent)
        dependency = None
        for v in op.operands:
            b = _block_of(v)
            if dependency is None or dom.dominates(dependency, b):
                dependency = b
        block = _placement(dom, state, state.upper_bound(dominator, dependency))
        start = start_operation(value, block)
        if start is not op:
            op.move_before(start)


@register_pass("buffer-hoisting", "Optimizes placement of allocation operations by moving "
               "them into common dominators and out of nested regions", anchor="func.func",
               display_name="BufferHoisting")
def buffer_hoisting(op, ctx, options):
    _hoist(op, _BlockHoisting, False)


@register_pass("buffer-loop-hoisting", "Optimizes placement of allocation operations by "
               "moving them out of loop nests", anchor="func.func",
               display_name="BufferLoopHoisting")
def buffer_loop_hoisting(op, ctx, options):
    _hoist(op, _LoopHoisting, True)
