"""The memref dependence graph of one block (MLIR's MemRefDependenceGraph): a node per
top-level loop nest, top-level affine access, SSA producer or op with memory effects, and
edges for memref dependences (one side stores) and SSA def-use into loop nests."""
from __future__ import annotations

from pyopt.dialects.affine.analysis import loops
from pyopt.dialects.affine.analysis.memref_access import READS, WRITES, MemRefAccess
from pyopt.ir.types import MemRefType
from pyopt.rewrite.folding import is_memory_effect_free as _memory_effect_free

_BRANCHING = frozenset({"scf.if", "scf.for", "scf.while", "scf.execute_region",
                        "scf.parallel", "scf.index_switch", "affine.if"})
_PURE_REGION_OPS = frozenset({"affine.for", "affine.if", "affine.yield"})


class Node:
    __slots__ = ("id", "op", "loads", "stores")

    def __init__(self, id_, op):
        self.id, self.op, self.loads, self.stores = id_, op, [], []

    def store_count(self, memref):
        return sum(1 for s in self.stores if MemRefAccess(s).memref is memref)

    def load_count(self, memref):
        return sum(1 for s in self.loads if MemRefAccess(s).memref is memref)


def collect_accesses(root):
    """(loads, stores, has a region op other than affine.for/if) in `root`."""
    loads, stores, other = [], [], False
    for op in root.walk_ops():
        if op.name in READS:
            loads.append(op)
        elif op.name in WRITES:
            stores.append(op)
        elif op.regions and op.name not in _PURE_REGION_OPS and op is not root:
            other = True
    return loads, stores, other


class Graph:
    def __init__(self, block):
        self.block = block
        self.nodes = {}
        self.in_edges, self.out_edges = {}, {}
        self.memref_edge_count = {}
        self.next_id = 0

    # -------------------------------------------------------------- construction
    def init(self):
        accesses = {}
        for_nodes = {}
        for op in self.block:
            if op.name == "affine.for":
                loads, stores, other = collect_accesses(op)
                if other:
                    return False
                n = self.add_node(op)
                n.loads, n.stores = loads, stores
                for a in loads + stores:
                    accesses.setdefault(MemRefAccess(a).memref, []).append(n.id)
                for_nodes[op] = n.id
            elif op.name in READS:
                n = self.add_node(op)
                n.loads.append(op)
                accesses.setdefault(MemRefAccess(op).memref, []).append(n.id)
            elif op.name in WRITES:
                n = self.add_node(op)
                n.stores.append(op)
                accesses.setdefault(MemRefAccess(op).memref, []).append(n.id)
            elif op.results and any(r.has_uses() for r in op.results):
                self.add_node(op)
            elif not _memory_effect_free(op) and (not op.regions or op.name in _BRANCHING):
                self.add_node(op)
            elif op.regions:
                return False
        for node in list(self.nodes.values()):
            if node.stores:
                continue
            for r in node.op.results:
                for u in r.users():
                    top = self._top(u)
                    if top is None:
                        continue
                    outer = next((l for l in loops.enclosing_fors(u) if l.parent is self.block),
                                 None)
                    if outer is None or outer not in for_nodes:
                        continue
                    self.add_edge(node.id, for_nodes[outer], r)
        for memref, ids in accesses.items():
            ids = list(dict.fromkeys(ids))
            for i, s in enumerate(ids):
                s_store = self.nodes[s].store_count(memref) > 0
                for d in ids[i + 1:]:
                    if s_store or self.nodes[d].store_count(memref) > 0:
                        self.add_edge(s, d, memref)
        return True

    def _top(self, op):
        x = op
        while x is not None and x.parent is not self.block:
            x = x.parent_op
        return x

    # -------------------------------------------------------------- mutation
    def add_node(self, op):
        n = Node(self.next_id, op)
        self.nodes[n.id] = n
        self.next_id += 1
        return n

    def remove_node(self, id_):
        for e in list(self.in_edges.get(id_, [])):
            self.remove_edge(e[0], id_, e[1])
        for e in list(self.out_edges.get(id_, [])):
            self.remove_edge(id_, e[0], e[1])
        self.in_edges.pop(id_, None)
        self.out_edges.pop(id_, None)
        del self.nodes[id_]

    def has_edge(self, s, d, value=None):
        return any(e[0] == d and (value is None or e[1] is value)
                   for e in self.out_edges.get(s, []))

    def add_edge(self, s, d, value):
        if self.has_edge(s, d, value):
            return
        self.out_edges.setdefault(s, []).append((d, value))
        self.in_edges.setdefault(d, []).append((s, value))
        if isinstance(value.type, MemRefType):
            self.memref_edge_count[value] = self.memref_edge_count.get(value, 0) + 1

    def remove_edge(self, s, d, value):
        if isinstance(value.type, MemRefType):
            self.memref_edge_count[value] -= 1
        self.out_edges[s] = [e for e in self.out_edges.get(s, [])
                             if not (e[0] == d and e[1] is value)]
        self.in_edges[d] = [e for e in self.in_edges.get(d, [])
                            if not (e[0] == s and e[1] is value)]

    def update_edges(self, src, dst, private, remove_src):
        for s, v in list(self.in_edges.get(src, [])):
            if v not in private:
                self.add_edge(s, dst, v)
        for d, v in list(self.out_edges.get(src, [])):
            if d == dst:
                self.remove_edge(src, d, v)
            elif remove_src:
                self.add_edge(dst, d, v)
                self.remove_edge(src, d, v)
        if private:
            for s, v in list(self.in_edges.get(dst, [])):
                if v in private:
                    self.remove_edge(s, dst, v)

    def update_edges_sibling(self, sib, dst):
        for s, v in list(self.in_edges.get(sib, [])):
            self.add_edge(s, dst, v)
            self.remove_edge(s, sib, v)
        for d, v in list(self.out_edges.get(sib, [])):
            self.add_edge(dst, d, v)
            self.remove_edge(sib, d, v)

    # -------------------------------------------------------------- queries
    def out_edge_count(self, id_, memref=None):
        return sum(1 for d, v in self.out_edges.get(id_, []) if memref is None or v is memref)

    def incoming_memref_accesses(self, id_, memref):
        return sum(1 for s, v in self.in_edges.get(id_, [])
                   if v is memref and self.nodes[s].store_count(memref) > 0)

    def _defining_nodes(self, id_):
        return {s for s, v in self.in_edges.get(id_, []) if not isinstance(v.type, MemRefType)}

    def has_dependence_path(self, src, dst):
        seen, work = set(), [src]
        while work:
            x = work.pop()
            if x == dst:
                return True
            if x in seen:
                continue
            seen.add(x)
            work.extend(d for d, _ in self.out_edges.get(x, []))
        return False

    def fused_insertion_point(self, src, dst):
        """The op before which the fused nest goes, None if none preserves dependences."""
        if not self.out_edges.get(src):
            return self.nodes[dst].op
        if any(self.has_dependence_path(src, d) for d in self._defining_nodes(dst)):
            return None
        src_deps = {id(self.nodes[d].op) for d, _ in self.out_edges[src] if d != dst}
        dst_deps = {id(self.nodes[s].op) for s, _ in self.in_edges.get(dst, []) if s != src}
        first = last = None
        ops = []
        x = self.nodes[src].op.next
        dst_op = self.nodes[dst].op
        while x is not None and x is not dst_op:
            if id(x) in src_deps and first is None:
                first = len(ops)
            if id(x) in dst_deps:
                last = len(ops)
            ops.append(x)
            x = x.next
        if first is not None:
            if last is not None and first <= last:
                return None
            return ops[first]
        return dst_op
