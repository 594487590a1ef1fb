"""What every step of one region's lifting shares: the interface, builders, the cached switch
values and undef values (created at the start of the region's entry block, each new one first,
as upstream's builders do), the dominance cache and the return-like exit combiner."""
from __future__ import annotations

from pyopt.rewrite.rewriter import Builder


class LiftContext:
    def __init__(self, ctx, region, iface, dom):
        self.ctx = ctx
        self.region = region
        self.iface = iface
        self.dom = dom
        self.loc = region.parent.loc if region.parent is not None else None
        self._switch_values = {}
        self._undefs = {}
        self.exits = None  # the ReturnLikeExitCombiner, set by the driver

    def builder_at_start(self, block):
        b = Builder(self.ctx)
        b.set_insertion_point_to_start(block)
        return b

    def builder_at_end(self, block):
        b = Builder(self.ctx)
        b.set_insertion_point_to_end(block)
        return b

    def builder_before_terminator(self, block):
        b = Builder(self.ctx)
        if block.last is not None:
            b.set_insertion_point(block.last)
        else:
            b.set_insertion_point_to_end(block)
        return b

    def switch_value(self, n):
        v = self._switch_values.get(n)
        if v is None:
            v = self._switch_values[n] = self.iface.get_cfg_switch_value(
                self.loc, self.builder_at_start(self.region.blocks[0]), n)
        return v

    def undef(self, type_):
        v = self._undefs.get(type_)
        if v is None:
            v = self._undefs[type_] = self.iface.get_undef_value(
                self.loc, self.builder_at_start(self.region.blocks[0]), type_)
        return v
