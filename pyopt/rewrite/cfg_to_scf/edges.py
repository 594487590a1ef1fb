"""CFG edges and the two rerouting devices of the lifting: edge multiplexers (one block that
all given edges enter, dispatching to their original targets on a discriminator argument) and
the return-like exit combiner (one exit block per kind of return-like op).

Predecessors are visited newest use first, the order of MLIR's use-lists (our blocks keep
their predecessor uses oldest first), since that order decides block argument layouts."""
from __future__ import annotations

from pyopt.interfaces.branch import successor_operands
from pyopt.ir.core import Block
from pyopt.ir.equivalence import same_op_kind


class Edge:
    """Successor `index` of `block`'s terminator."""
    __slots__ = ("block", "index")

    def __init__(self, block, index):
        self.block, self.index = block, index

    @property
    def successor(self):
        return self.block.last.successor_slots[self.index].block

    def set_successor(self, block):
        self.block.last.set_successor(self.index, block)

    @property
    def operands(self):
        """The mutable window of operands forwarded along the edge."""
        return successor_operands(self.block.last, self.index)


def successor_edges(block):
    t = block.last
    return [Edge(block, i) for i in range(len(t.successor_slots))] if t is not None else []


def predecessor_edges(block):
    """The edges into `block`, in MLIR's use-list order (newest first)."""
    return [Edge(u.owner.parent, u.index) for u in reversed(block.pred_uses)]


def single_predecessor(block):
    uses = block.pred_uses
    return uses[0].owner.parent if len(uses) == 1 else None


def assign_operands(window, values):
    for k in range(len(window) - 1, -1, -1):
        window.erase(k)
    if values:
        window.append(list(values))


def replace_block_uses(old, new):
    """Block::replaceAllUsesWith, reproducing MLIR's use-list order on `new`."""
    for u in reversed(list(old.pred_uses)):
        u.set(new)


def add_arguments_like(block, other):
    for a in other.args:
        block.add_argument(a.type, a.loc)


def insert_block_after(block, anchor):
    r = anchor.parent
    r.blocks.insert(r.blocks.index(anchor) + 1, block)
    block.parent = r


def insert_block_before(block, anchor):
    r = anchor.parent
    r.blocks.insert(r.blocks.index(anchor), block)
    block.parent = r


def remove_block(block):
    block.parent.blocks.remove(block)
    block.parent = None
    return block


def splice_ops(dest, src):
    """Moves all ops of `src` to the end of `dest`."""
    op = src.first
    while op is not None:
        nxt = op.next
        op.detach()
        dest.append(op)
        op = nxt


class EdgeMultiplexer:
    """A new block (after the first entry block) taking the arguments of every distinct entry
    block in turn, a discriminator when there is more than one, then `extra_types`."""

    def __init__(self, lc, loc, entry_blocks, extra_types=()):
        self.lc = lc
        self.block = block = Block()
        insert_block_after(block, entry_blocks[0])
        self.offsets = {}
        for b in entry_blocks:
            if b not in self.offsets:
                self.offsets[b] = len(block.args)
                add_arguments_like(block, b)
        self.discriminator = None
        if len(self.offsets) > 1:
            self.discriminator = block.add_argument(lc.switch_value(0).type, loc)
        for t in extra_types:
            block.add_argument(t, loc)

    def redirect(self, edge, extra=()):
        """Reroutes `edge` (to one of the entry blocks) through the multiplexer; arguments of
        other entries get undef values."""
        succ = edge.successor
        offset = self.offsets[succ]
        window = edge.operands
        old = window.values
        args = self.block.args
        extra_begin = len(args) - len(extra)
        disc = extra_begin - 1 if self.discriminator is not None else None
        nsucc = len(succ.args)
        new = []
        for i, a in enumerate(args):
            if offset <= i < offset + nsucc:
                new.append(old[i - offset])
            elif i == disc:
                new.append(self.lc.switch_value(list(self.offsets).index(succ)))
            elif i >= extra_begin:
                new.append(extra[i - extra_begin])
            else:
                new.append(self.lc.undef(a.type))
        edge.set_successor(self.block)
        assign_operands(edge.operands, new)

    def create_switch(self, loc, builder, excluded=()):
        """The dispatch to the original targets (less `excluded`), the last as default."""
        values, dests, args = [], [], []
        for i, (succ, offset) in enumerate(self.offsets.items()):
            if succ in excluded:
                continue
            values.append(i)
            args.append(self.block.args[offset:offset + len(succ.args)])
            dests.append(succ)
        flag = self.discriminator
        if flag is None or len(args) == 1:
            flag = self.lc.switch_value(0)
        values.pop()
        self.lc.iface.create_cfg_switch_op(loc, builder, flag, values, dests[:-1], args[:-1],
                                           dests[-1], args[-1])


def create_single_entry_block(lc, loc, edges):
    """Routes `edges` through one new multiplexer block and returns it."""
    m = EdgeMultiplexer(lc, loc, [e.successor for e in edges])
    for e in edges:
        m.redirect(e)
    m.create_switch(loc, lc.builder_at_start(m.block))
    return m.block


class ReturnLikeExitCombiner:
    """Keeps one exit block per kind of return-like op (same name, attributes, properties and
    types): other occurrences branch to it."""

    def __init__(self, lc):
        self.lc = lc
        self.exits = []  # (first op of the kind, its exit block)

    def combine(self, op):
        found = None
        for kept, block in self.exits:
            if kept is op or same_op_kind(kept, op):
                found = (kept, block)
                break
        if found is not None and found[0] is op:
            return
        lc = self.lc
        if found is None:
            block = Block(op.operand_types, [op.loc] * len(op.operand_slots))
            lc.region.append(block)
            self.exits.append((op, block))
        else:
            block = found[1]
        lc.iface.create_single_destination_branch(
            op.loc, lc.builder_before_terminator(op.parent), lc.switch_value(0), block,
            op.operands)
        if found is not None:
            op.erase()
            return
        op.detach()
        block.append(op)
        op.set_operands(block.args)
