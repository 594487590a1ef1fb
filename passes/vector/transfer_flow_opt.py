"""Store-to-load forwarding and dead-store elimination of vector transfers on memrefs (MLIR
19's vector::transferOpflowOpt), and the erasure of allocations nothing reads
(memref::eraseDeadAllocAndStores): what transform.memref.erase_dead_alloc_and_stores runs.

A transfer_read is replaced by the vector of the last transfer_write of the same view,
indices, type and map that dominates it, when every other write that may reach the read is
post-dominated by that write. A transfer_write is erased when a later write of the same
view, indices, type, map and mask post-dominates it and dominates every access of the buffer
reachable from it. Accesses provably disjoint (passes/linalg/hoisting.disjoint_transfers)
and memory-effect-free users are ignored."""
from __future__ import annotations

from pyopt.ir.dominance import DominanceInfo
from pyopt.ir.types import MemRefType
from pyopt.rewrite.folding import declared_effects, is_memory_effect_free
from pyopt.dialects.vector.transfer_canonicalize import Transfer
from pyopt.dialects.vector.transfer_canonicalize import _same_value_raw as same_value_raw
from pyopt.dialects.vector.transfer_canonicalize import _same_value_waw as same_value_waw
from passes.linalg.hoisting import disjoint_transfers

_VIEWS = ("memref.subview", "memref.cast")


def skip_subviews_and_casts(v):
    """memref::skipSubViewsAndCasts: the buffer under subviews and casts."""
    while True:
        d = v.defining_op()
        if d is None or d.name not in _VIEWS:
            return v
        v = d.source


def skip_fully_aliasing(v):
    """memref::skipFullyAliasingOperations: through casts and subviews at offset 0 with
    unit strides (views of the same memory)."""
    while True:
        d = v.defining_op()
        if d is None:
            return v
        if d.name == "memref.cast":
            v = d.source
        elif d.name == "memref.subview" and all(o == 0 for o in d.mixed_offsets) and \
                all(s == 1 for s in d.mixed_strides):
            v = d.source
        else:
            return v


def _same_view(a, b):
    return skip_fully_aliasing(a) is skip_fully_aliasing(b)


def _ancestor_in(region, op):
    while op is not None and (op.parent is None or op.parent.parent is not region):
        op = op.parent_op
    return op


class _Flow:
    def __init__(self, rw):
        self.rw = rw
        self.dom = DominanceInfo()
        self.pdom = {}  # region -> {block: set of blocks post-dominating it}
        self.erase = []

    # -- dominance of ops (an op dominates / post-dominates the ops nested in it) ----------
    def dominates(self, a, b):
        if a is b:
            return True
        b = _ancestor_in(a.parent.parent, b)
        if b is None:
            return False
        if b is a:
            return True
        if a.parent is b.parent:
            return a.is_before_in_block(b)
        return self.dom.block_dominates(a.parent, b.parent)

    def post_dominates(self, a, b):
        if a is b:
            return True
        b = _ancestor_in(a.parent.parent, b)
        if b is None:
            return False
        if b is a:
            return True
        if a.parent is b.parent:
            return b.is_before_in_block(a)
        return a.parent in self._post_dominators(a.parent.parent).get(b.parent, ())

    def _post_dominators(self, region):
        """Per block, the blocks on every path from it to an exit (iterated to a fixpoint)."""
        pd = self.pdom.get(region)
        if pd is not None:
            return pd
        blocks = list(region.blocks)
        every = set(blocks)
        pd = {b: ({b} if not b.successors else set(every)) for b in blocks}
        changed = True
        while changed:
            changed = False
            for b in blocks:
                if not b.successors:
                    continue
                new = set.intersection(*(pd[s] for s in b.successors)) | {b}
                if new != pd[b]:
                    pd[b], changed = new, True
        self.pdom[region] = pd
        return pd

    def reachable(self, start, dest):
        if self.dominates(start, dest):
            return True
        work, seen = list(start.parent.successors), set()
        while work:
            b = work.pop()
            if b in seen:
                continue
            seen.add(b)
            if self.dom.block_dominates(b, dest.parent):
                return True
            work.extend(b.successors)
        return False

    # -- the two rewrites ----------------------------------------------------------------------
    def _users(self, source, views):
        users = [u.owner for u in source.uses()]
        seen = []
        while users:
            u = users.pop()
            if u in seen:
                continue
            seen.append(u)
            if u.name in views:
                users.extend(x.owner for x in u.results[0].uses())
                continue
            yield u

    def forward(self, read):
        r = Transfer(read)
        if r.has_out_of_bounds_dim():
            return
        blocking, last = [], None
        for user in self._users(skip_subviews_and_casts(r.source),
                                _VIEWS + ("memref.collapse_shape",)):
            if is_memory_effect_free(user) or user.name == "vector.transfer_read":
                continue
            if user.name == "vector.transfer_write":
                w = Transfer(user)
                if disjoint_transfers(w, r):
                    continue
                if _same_view(r.source, w.source) and self.dominates(user, read) and \
                        same_value_raw(w, r):
                    if last is None or self.dominates(last, user):
                        last = user
                    continue
            blocking.append(user)
        if last is None:
            return
        top = last.parent.parent
        read_anc = _ancestor_in(top, read)
        for w in blocking:
            anc = _ancestor_in(top, w)
            if anc is None or not self.reachable(anc, read_anc):
                continue
            if not self.post_dominates(last, w):
                return
        self.rw.replace_all_uses_with(read.results[0], last.vector)
        self.erase.append(read)

    def dead_store(self, write):
        w = Transfer(write)
        blocking, first = [], None
        for user in self._users(skip_subviews_and_casts(w.source), _VIEWS):
            if is_memory_effect_free(user) or user is write:
                continue
            if user.name == "vector.transfer_write":
                nw = Transfer(user)
                if _same_view(nw.source, w.source) and same_value_waw(nw, w) and \
                        self.post_dominates(user, write):
                    if first is None or self.post_dominates(first, user):
                        first = user
                    continue
            if user.name in ("vector.transfer_read", "vector.transfer_write") and \
                    disjoint_transfers(w, Transfer(user)):
                continue
            blocking.append(user)
        if first is None:
            return
        top = first.parent.parent
        write_anc = _ancestor_in(top, write)
        for access in blocking:
            anc = _ancestor_in(top, access)
            if anc is None or not self.reachable(write_anc, anc):
                continue
            if not self.dominates(first, anc):
                return
        self.erase.append(write)

    def flush(self):
        for op in self.erase:
            self.rw.erase_op(op)
        self.erase = []


def _on_memref(op):
    return type(op.source.type) is MemRefType


def transfer_opflow_opt(rw, root):
    """vector::transferOpflowOpt: forwarding first (it exposes dead stores), then dead
    stores."""
    flow = _Flow(rw)
    for op in [o for o in root.walk_ops() if o.name == "vector.transfer_read" and _on_memref(o)]:
        flow.forward(op)
    flow.flush()
    for op in [o for o in root.walk_ops()
               if o.name == "vector.transfer_write" and _on_memref(o)]:
        flow.dead_store(op)
    flow.flush()


def _not_read(op, out):
    """resultIsNotRead: every use deallocates, or writes without reading (no results, no
    regions, no declared read), or is a subview used that way; the uses are added to out."""
    found = []
    for u in op.results[0].uses():
        user = u.owner
        if user.name == "memref.dealloc":
            found.append(user)
            continue
        if not user.results and not user.regions:
            eff = declared_effects(user)
            if eff is None or "read" not in eff:
                found.append(user)
                continue
        if user.name == "memref.subview" and _not_read(user, found):
            found.append(user)
            continue
        return False
    out.extend(found)
    return True


def erase_dead_alloc_and_stores(rw, root):
    """memref::eraseDeadAllocAndStores: allocations only written (and their writes)."""
    dead = []
    for op in [o for o in root.walk_ops() if o.name == "memref.alloc"]:
        uses = []
        if _not_read(op, uses):
            dead.extend(uses)
            dead.append(op)
    for op in dead:
        rw.erase_op(op)
