"""Dominance: block dominator trees per region (computed lazily) and value-use dominance."""
from __future__ import annotations

from pyopt.ir.core import OpResult


def has_ssa_dominance(region):
    """Multi-block regions always have SSA dominance; a single-block region follows its
    parent op's region kind (unregistered ops: none, as MLIR assumes graph semantics)."""
    if len(region.blocks) != 1:
        return True
    op = region.parent
    if op is None:
        return True
    d = op.opdef
    if d is None:
        return False
    if "GraphRegion" in d.traits:
        return False
    kinds = d.region_kinds
    if kinds is not None:
        idx = op.regions.index(region)
        return kinds[idx if idx < len(kinds) else -1] != "graph"
    return True


class DomTree:
    """The dominator tree of one region: `idom` (reachable blocks only; the entry maps to
    None), `children`, `level` (depth) and `preorder` numbers."""

    def __init__(self, region):
        self.idom = _compute_idoms(region)
        self.children = {b: [] for b in self.idom}
        self.level = {}
        order = []  # parents before children
        for b, p in self.idom.items():
            if p is not None:
                self.children[p].append(b)
        if region.blocks:
            stack = [region.blocks[0]]
            self.level[region.blocks[0]] = 0
            while stack:
                b = stack.pop()
                order.append(b)
                for c in self.children[b]:
                    self.level[c] = self.level[b] + 1
                    stack.append(c)
        self.preorder = {b: i for i, b in enumerate(order)}


class DominanceInfo:
    """Dominance queries, with the trees of the regions asked about cached (valid while the
    CFG does not change)."""

    def __init__(self):
        self._idom = {}  # Region -> {Block: idom Block}; absent blocks are unreachable
        self._trees = {}  # Region -> DomTree
        self._ssa = {}  # Region -> has_ssa_dominance
        self._spans = {}  # Region -> {Block: (preorder, last preorder of its subtree)}
        self._order = {}  # Region -> {Block: index} (blocks_by_dominance)

    def _tree(self, region):
        t = self._idom.get(region)
        if t is None:
            t = self._idom[region] = _compute_idoms(region)
        return t

    def dom_tree(self, region):
        t = self._trees.get(region)
        if t is None:
            t = self._trees[region] = DomTree(region)
            self._idom.setdefault(region, t.idom)
        return t

    def blocks_by_dominance(self, region):
        """{block: index}: reverse post-orders from each block in region order (MLIR's
        getBlocksSortedByDominance)."""
        idx = self._order.get(region)
        if idx is None:
            idx = self._order[region] = {}
            for b in region.blocks:
                if b not in idx:
                    for x in reverse_post_order(b, idx):
                        idx[x] = len(idx)
        return idx

    def ssa(self, region):
        v = self._ssa.get(region)
        if v is None:
            v = self._ssa[region] = has_ssa_dominance(region)
        return v

    def is_reachable(self, block):
        r = block.parent
        if r.blocks[0] is block:
            return True
        return block in self._tree(r)

    def block_dominates(self, a, b):
        """Does block `a` dominate block `b` (`b` may be nested in a's region)?"""
        if a is b:
            return True
        region = a.parent
        if b.parent is not region:
            b = _ancestor_block_in(region, b)
            if b is None:
                return False
            if b is a:
                return True
        entry = region.blocks[0]
        if entry is a:
            return True  # (the entry block dominates its region: no tree needed)
        spans = self._spans.get(region)
        if spans is None:
            answer = _dominates_nearby(a, b, entry)
            if answer is not None:
                return answer
            spans = self._spans[region] = _tree_spans(self._tree(region))
        sb = spans.get(b)
        if sb is None:
            return True  # unreachable blocks are dominated by everything
        sa = spans.get(a)
        # (a dominates b iff b's preorder number lies in a's subtree of the dominator tree)
        return sa is not None and sa[0] <= sb[0] <= sa[1]

    def properly_dominates_use(self, value, user):
        """MLIR's DominanceInfo::properlyDominates(Value, Operation*)."""
        if type(value) is not OpResult:
            return self.block_dominates(value.owner, user.parent)
        a = value.owner
        a_block = a.parent
        if a_block is None:
            return False
        region = a_block.parent
        if a is user:
            return not self.ssa(region)
        b = user
        while b is not None and (b.parent is None or b.parent.parent is not region):
            b = b.parent_op
        if b is None:
            return False
        b_block = b.parent
        if a_block is b_block:
            if self.ssa(region):
                return a is not b and a.is_before_in_block(b)
            return True
        return self.block_dominates(a_block, b_block) and a_block is not b_block


_NEARBY_BLOCKS = 16


def _dominates_nearby(a, b, entry):
    """Block `a` (not the entry) dominates `b` (another block of its region) iff no path
    reaches `b` from the entry avoiding `a`: searched backwards from `b` through at most
    _NEARBY_BLOCKS predecessors, which spares most queries the region's dominator tree.
    None when the search went further (or met a branch from outside the region)."""
    if b is entry:
        return False
    region = entry.parent
    seen = {a, b}
    pending = [b]
    while pending:
        for u in pending.pop().pred_uses:
            p = u.owner.parent
            if p in seen:
                continue
            if p is entry:
                return False
            if p is None or p.parent is not region or len(seen) > _NEARBY_BLOCKS:
                return None
            seen.add(p)
            pending.append(p)
    return True


def _ancestor_block_in(region, block):
    """The block of `region` that (transitively) contains `block`, or None."""
    while block is not None and block.parent is not region:
        r = block.parent
        op = r.parent if r is not None else None
        block = op.parent if op is not None else None
    return block


def reverse_post_order(start, done=()):
    """The blocks reachable from `start` through successors, in reverse post-order (the
    successors of a block in their order), skipping the blocks in `done`."""
    post, seen = [], {start}
    stack = [(start, iter(start.successors))]
    while stack:
        b, it = stack[-1]
        nxt = next(it, None)
        if nxt is None:
            stack.pop()
            post.append(b)
        elif nxt not in seen and nxt not in done:
            seen.add(nxt)
            stack.append((nxt, iter(nxt.successors)))
    post.reverse()
    return post


def _tree_spans(idom):
    """Preorder numbering of the dominator tree: block -> (its number, the largest number
    in its subtree), so a dominance query is two comparisons instead of a walk up."""
    children = {}
    root = None
    for b, d in idom.items():
        if d is None:
            root = b
        else:
            children.setdefault(d, []).append(b)
    spans = {}
    if root is None:
        return spans
    n = 0
    stack = [(root, False)]
    while stack:
        b, done = stack.pop()
        if done:
            spans[b] = (spans[b], n - 1)
            continue
        spans[b] = n
        n += 1
        stack.append((b, True))
        stack.extend((c, False) for c in children.get(b, ()))
    return spans


def _compute_idoms(region):
    """Cooper-Harvey-Kennedy iterative dominators over the region's CFG."""
    blocks = region.blocks
    if not blocks:
        return {}
    entry = blocks[0]
    order = reverse_post_order(entry)  # successors never leave the region
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
