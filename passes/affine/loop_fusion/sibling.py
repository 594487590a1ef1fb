"""Sibling (input-reuse) fusion: loop nests reading the same memref, with no dependence
path between them, fuse to share the loads' locality."""
from __future__ import annotations

from pyopt.dialects.affine.analysis import loops
from pyopt.dialects.affine.analysis.memref_access import READS, MemRefAccess
from pyopt.ir.types import MemRefType
from passes.affine.fuse_loops import fuse_loops
from passes.affine.loop_fusion.graph import collect_accesses


def _memref(op):
    return MemRefAccess(op).memref


def _can_fuse_with(f, sib, dst, memref):
    g = f.g
    if sib.load_count(memref) != 1:
        return False
    if g.has_dependence_path(sib.id, dst.id) or g.has_dependence_path(dst.id, sib.id):
        return False
    used = []
    for o in sib.loads + sib.stores:
        m = _memref(o)
        if all(m is not x for x in used):
            used.append(m)
    if any(g.incoming_memref_accesses(sib.id, m) > 0 for m in used):
        return False
    stored = []
    for o in sib.stores:
        m = _memref(o)
        if all(m is not x for x in stored):
            stored.append(m)
    if len(stored) > 1:
        return False
    if f._non_affine_users_between(dst.id, sib.id) or \
            f._non_affine_users_between(sib.id, dst.id):
        return False
    return True


def _find_sibling(f, dst, visited):
    g = f.g
    block = dst.op.parent
    for_nodes = {id(n.op): n for n in g.nodes.values() if n.op.name == "affine.for"}
    for arg in block.args:
        for user in arg.users():
            if user.name not in READS:
                continue
            outer = next((l for l in loops.enclosing_fors(user) if l.parent is g.block), None)
            if outer is None:
                continue
            sib = for_nodes.get(id(outer))
            if sib is None or sib.id == dst.id or sib.id in visited:
                continue
            memref = _memref(user)
            if dst.load_count(memref) == 0:
                continue
            if _can_fuse_with(f, sib, dst, memref):
                visited.add(sib.id)
                return sib.id, memref
    in_edges = [(s, v) for s, v in g.in_edges.get(dst.id, [])
                if isinstance(v.type, MemRefType) and dst.load_count(v) > 0 and
                g.nodes[s].store_count(v) > 0]
    for s, v in in_edges:
        for d, w in g.out_edges.get(s, []):
            if d in visited or d == dst.id or w is not v or not isinstance(w.type, MemRefType):
                continue
            sib = g.nodes[d]
            if sib.op.name != "affine.for":
                continue
            if _can_fuse_with(f, sib, dst, w):
                visited.add(d)
                return d, w
    return None


def _fuse_with_siblings(f, dst):
    from passes.affine.loop_fusion import can_fuse, cost
    g = f.g
    visited = set()
    dst_for = dst.op
    while True:
        found = _find_sibling(f, dst, visited)
        if found is None:
            return
        sib_id, memref = found
        sib = g.nodes[sib_id]
        if sib.op.is_before_in_block(dst.op):
            ins = g.fused_insertion_point(sib.id, dst.id)
        else:
            ins = g.fused_insertion_point(dst.id, sib.id)
        if ins is None:
            continue
        sib_load = [o for o in sib.loads if _memref(o) is memref][0]
        dst_loads = [o for o in dst.loads if _memref(o) is memref]
        n_surr = len(loops.enclosing_fors(dst_for))
        test_depth = len(loops.enclosing_fors(dst_loads[0])) - n_surr
        sib_for = sib.op
        slices = [None] * test_depth
        max_legal = 0
        for i in range(1, test_depth + 1):
            slices[i - 1] = can_fuse(sib_for, dst_for, i + n_surr, "sibling", memref)
            if slices[i - 1] is not None:
                max_legal = i
        if max_legal == 0:
            continue
        best = max_legal
        if not f.maximal:
            best = cost.profitable_depth(sib_load, sib_load, dst_for, slices, max_legal,
                                         f.tolerance)
            if best is None:
                continue
        fuse_loops(f.ctx, sib_for, slices[best - 1])
        if ins is not dst_for:
            dst_for.move_before(ins)
        g.update_edges_sibling(sib.id, dst.id)
        dst.loads, dst.stores, _ = collect_accesses(dst_for)
        if g.out_edge_count(sib.id) == 0:
            g.remove_node(sib.id)
            sib_for.erase()


def fuse_siblings(f):
    work = f.loop_ids()
    while work:
        dst = work.pop()
        if dst not in f.g.nodes or f.g.nodes[dst].op.name != "affine.for":
            continue
        _fuse_with_siblings(f, f.g.nodes[dst])
