"""Dominance: block dominator trees per region (computed lazily) and value-use dominance."""
from __future__ import annotations

from .core import OpResult, BlockArgument


class DominanceInfo:
    def __init__(self):
        self._idom = {}  # Region -> {Block: idom Block}; absent blocks are unreachable

    def _tree(self, region):
        t = self._idom.get(region)
        if t is None:
            t = self._idom[region] = _compute_idoms(region)
        return t

    def block_dominates(self, a, b):
        """Does block `a` dominate block `b` (same region)?"""
        if a is b:
            return True
        idom = self._tree(a.parent)
        if b not in idom:
            return True  # unreachable blocks are dominated by everything
        while True:
            b = idom.get(b)
            if b is None:
                return False
            if b is a:
                return True

    def properly_dominates_use(self, value, user):
        """Whether `value` is visible at op `user` (MLIR's dominance for SSA uses)."""
        if type(value) is OpResult:
            def_op = value.owner
            def_block = def_op.parent
            if def_block is None:
                return False
        else:
            def_op = None
            def_block = value.owner
        # Hoist `user` to the ancestor that lives in def_block's region.
        region = def_block.parent
        u = user
        while u.parent is not None and u.parent.parent is not region:
            u = u.parent_op
            if u is None:
                return False
        if u.parent is None:
            return False
        ub = u.parent
        if ub is def_block:
            if def_op is None:
                return True
            if def_op is u:
                # A result used inside the op's own region (or by the op itself).
                return False
            return def_op.is_before_in_block(u)
        return self.block_dominates(def_block, ub)


def _compute_idoms(region):
    """Cooper-Harvey-Kennedy iterative dominators over the region's CFG."""
    blocks = region.blocks
    if not blocks:
        return {}
    entry = blocks[0]
    # Reverse post-order from the entry.
    order, seen = [], {entry}
    stack = [(entry, iter(entry.successors))]
    while stack:
        b, it = stack[-1]
        nxt = next(it, None)
        if nxt is None:
            stack.pop()
            order.append(b)
        elif nxt not in seen and nxt.parent is region:
            seen.add(nxt)
            stack.append((nxt, iter(nxt.successors)))
    order.reverse()
    index = {b: i for i, b in enumerate(order)}
    idom = {entry: None}
    preds = {b: [u.owner.parent for u in b.pred_uses] for b in order}
    changed = True
    while changed:
        changed = False
        for b in order[1:]:
            new = None
            for p in preds[b]:
                if p not in idom:
                    continue
                if new is None:
                    new = p
                    continue
                a, c = p, new
                while a is not c:
                    while index[a] > index[c]:
                        a = idom[a]
                    while index[c] > index[a]:
                        c = idom[c]
                new = a
            if new is not None and idom.get(b, 0) is not new:
                idom[b] = new
                changed = True
    return idom
