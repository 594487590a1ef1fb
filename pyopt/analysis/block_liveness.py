"""Block liveness (MLIR's Liveness analysis): the values live on entry to and on exit from
every block nested in an op. A use inside a nested region counts as a use by the op holding
that region; a value used in another block of its own region is live out of its defining block
(whether or not that block is a predecessor), as upstream computes it. Sets are computed once:
values created afterwards are unknown to it."""
from __future__ import annotations


def _ancestor_block_in(region, block):
    """Region::findAncestorBlockInRegion."""
    while block is not None and block.parent is not region:
        op = block.parent.parent if block.parent is not None else None
        block = op.parent if op is not None else None
    return block


class _BlockInfo:
    __slots__ = ("block", "defs", "uses", "ins", "outs")

    def __init__(self, block):
        self.block = block
        region = block.parent
        outs = set()

        def gather_out(v):
            for user in v.users():
                owner = _ancestor_block_in(region, user.parent)
                if owner is not block:
                    outs.add(v)
                    break
        defs, uses = set(), set()
        for a in block.args:
            defs.add(a)
            gather_out(a)
        for op in block.ops:
            for r in op.results:
                gather_out(r)
        stack = list(block.ops)
        while stack:
            op = stack.pop()
            defs.update(op.results)
            uses.update(op.operands)
            for r in op.regions:
                for b in r.blocks:
                    defs.update(b.args)
                    stack.extend(b.ops)
        self.defs = defs
        self.uses = uses - defs
        self.outs = outs
        self.ins = set()

    def update_in(self):
        new = (self.uses | self.outs) - self.defs
        if len(new) == len(self.ins):
            return False
        self.ins = new
        return True


class BlockLiveness:
    """live_in(block) / live_out(block) for every block nested in `op`."""

    def __init__(self, op):
        infos = self._infos = {}
        work, order, stack = [], [], [op]
        while stack:
            o = stack.pop()
            for r in o.regions:
                for b in r.blocks:
                    order.append(b)
                    stack.extend(inner for inner in b.ops if inner.regions)
        for b in order:
            info = infos[b] = _BlockInfo(b)
            if info.update_in():
                work.extend(b.predecessors)
        while work:
            b = work.pop()
            info = infos.get(b)
            if info is None:
                continue
            for s in b.successors:
                si = infos.get(s)
                if si is not None:
                    info.outs |= si.ins
            if info.update_in():
                work.extend(b.predecessors)

    def live_in(self, block):
        info = self._infos.get(block)
        return info.ins if info is not None else set()

    def live_out(self, block):
        info = self._infos.get(block)
        return info.outs if info is not None else set()
