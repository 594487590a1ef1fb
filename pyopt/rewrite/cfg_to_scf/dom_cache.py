"""Dominator trees cached per region and kept until explicitly invalidated, as MLIR's
DominanceInfo caches them: the lifting edits the CFG between queries and relies on (and its
output depends on) which queries see a tree built before an edit. Blocks created after a tree
was built are absent from it: they are dominated by everything and dominate nothing."""
from __future__ import annotations

from pyopt.ir.dominance import _ancestor_block_in, _compute_idoms


class _Tree:
    __slots__ = ("children", "idom")

    def __init__(self, region):
        self.idom = _compute_idoms(region)
        pre = _dfs_preorder(region.blocks[0]) if region.blocks else {}
        self.children = {b: [] for b in self.idom}
        # (LLVM attaches tree nodes in CFG depth-first preorder: children keep that order)
        for b in sorted(self.idom, key=pre.__getitem__):
            d = self.idom[b]
            if d is not None:
                self.children[d].append(b)


def _dfs_preorder(entry):
    """Recursive depth-first preorder, successors in order: block -> number."""
    num = {}
    stack = [entry]
    while stack:
        b = stack.pop()
        if b in num:
            continue
        num[b] = len(num)
        succ = b.successors
        for s in reversed(succ):
            if s not in num:
                stack.append(s)
    return num


class DomCache:
    def __init__(self):
        self._trees = {}

    def invalidate(self, region):
        self._trees.pop(region, None)

    def _tree(self, region):
        t = self._trees.get(region)
        if t is None:
            t = self._trees[region] = _Tree(region)
        return t

    def dominates(self, a, b):
        """DominanceInfo::dominates(Block*, Block*) on the cached trees."""
        if a is b:
            return True
        region = a.parent
        if b.parent is not region:
            b = _ancestor_block_in(region, b)
            if b is None:
                return False
            if b is a:
                return True
        idom = self._tree(region).idom
        if b not in idom:
            return True
        if a not in idom:
            return False
        while b is not None:
            b = idom[b]
            if b is a:
                return True
        return False

    def dominated_preorder(self, block):
        """The blocks `block` dominates, itself first, in the tree's depth-first preorder."""
        tree = self._tree(block.parent)
        if block not in tree.idom:
            return []
        out, stack = [], [block]
        while stack:
            b = stack.pop()
            out.append(b)
            stack.extend(reversed(tree.children.get(b, ())))
        return out
