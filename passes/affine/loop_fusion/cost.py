"""The fusion cost model (isFusionProfitable): among the legal depths, the one with the
largest storage reduction of the producer's write region whose extra computation stays
under the tolerance; then the fused nest must not need more memory than the two nests."""
from __future__ import annotations

from pyopt.dialects.affine.analysis import loops
from pyopt.dialects.affine.analysis.memref_access import READS, WRITES, MemRefAccess
from pyopt.dialects.affine.analysis.region import MemRefRegion
from pyopt.dialects.affine.canonicalize import simplify_expr
from pyopt.ir.affine import AffineExprKind
from passes.affine.tiling.loops import constant_trip_count, lb_map, ub_map
from passes.affine.loop_fusion.privatize import _elt_bytes


class Stats:
    """Per loop: child loops, ops in its body (loops and ifs aside), trip count."""

    def __init__(self):
        self.children, self.op_count, self.trip = {}, {}, {}

    def collect(self, root):
        for op in root.walk_ops():
            if op.name != "affine.for":
                continue
            p = op.parent_op
            if p is not None and p.name == "affine.for" and op is not root:
                self.children.setdefault(id(p), []).append(op)
            self.op_count[id(op)] = sum(1 for o in op.regions[0].blocks[0]
                                        if o.name not in ("affine.for", "affine.if"))
            t = constant_trip_count(op)
            if t is None:
                return False
            self.trip[id(op)] = t
        return True


def _cost(loop, stats, trip_override=None, extra=None):
    n = stats.op_count[id(loop)] - 1
    for c in stats.children.get(id(loop), []):
        n += _cost(c, stats, trip_override, extra)
    if extra is not None:
        n += extra.get(id(loop), 0)
    t = stats.trip[id(loop)]
    if trip_override is not None and id(loop) in trip_override:
        t = trip_override[id(loop)]
    return t * n


def slice_trip_counts(state):
    out = {}
    for i, iv in enumerate(state.ivs):
        loop = loops.for_iv_owner(iv)
        lb, ub = state.lbs[i], state.ubs[i]
        if lb is None or ub is None or not lb.num_results or not ub.num_results:
            lm, um = lb_map(loop), ub_map(loop)
            if lm.is_single_constant() and um.is_single_constant():
                out[id(loop)] = um.results[0].value - lm.results[0].value
                continue
            t = constant_trip_count(loop)
            if t is None:
                return None
            out[id(loop)] = t
            continue
        if lb.num_results != 1 or ub.num_results != 1:
            return None
        d = simplify_expr(ub.results[0] - lb.results[0], max(lb.num_dims, ub.num_dims),
                          max(lb.num_symbols, ub.num_symbols))
        if d.kind is not AffineExprKind.CONSTANT:
            return None
        out[id(loop)] = d.value
    return out


def _fusion_cost(src, src_stats, dst, dst_stats, state):
    trips = slice_trip_counts(state)
    if trips is None:
        return None
    count = 1
    for t in trips.values():
        count *= t
    ins_parent = list(state.insert_block)[state.insert_index].parent_op
    extra = {}
    if count == 1:
        stored, n_stores = [], 0
        for o in src.walk_ops():
            if o.name in WRITES:
                n_stores += 1
                m = MemRefAccess(o).memref
                if all(m is not x for x in stored):
                    stored.append(m)
        if n_stores:
            extra[id(ins_parent)] = -n_stores
        for m in stored:
            for u in m.users():
                if u.name not in READS:
                    continue
                if any(l is ins_parent for l in loops.enclosing_fors(u)):
                    p = u.parent_op
                    if p is not None and p.name == "affine.for":
                        extra[id(p)] = extra.get(id(p), 0) - 1
    extra[id(ins_parent)] = _cost(src, src_stats, trips)
    return _cost(dst, dst_stats, None, extra)


def region_size(region):
    mt = region.memref.type
    if mt.layout is not None:
        return None
    b = region.constant_bounding_shape()
    e = _elt_bytes(mt)
    if b is None or e is None:
        return None
    return b[0] * e


def footprint(loop):
    """getMemoryFootprintBytes of one nest (regions of a memref merged as boxes)."""
    depth = len(loops.enclosing_fors(loop))
    boxes = {}
    for op in loop.walk_ops():
        if op.name not in READS and op.name not in WRITES:
            continue
        r = MemRefRegion()
        if not r.compute(op, depth):
            return None
        b = r.constant_bounding_shape()
        if b is None:
            return None
        _, shape, lbs, _ = b
        key = r.memref
        const = all(all(c == 0 for c in lb[:-1]) for lb in lbs)
        box = [(lb[-1] if const else 0, (lb[-1] if const else 0) + s, const)
               for lb, s in zip(lbs, shape)]
        if key in boxes:
            old = boxes[key][1]
            box = [(min(a[0], b_[0]), max(a[1], b_[1]), a[2] and b_[2]) if a[2] and b_[2]
                   else (0, max(a[1] - a[0], b_[1] - b_[0]), False)
                   for a, b_ in zip(old, box)]
        boxes[key] = (r, box)
    total = 0
    for key, (r, box) in boxes.items():
        e = _elt_bytes(key.type)
        if e is None or key.type.layout is not None:
            return None
        n = 1
        for lo, hi, _ in box:
            n *= hi - lo
        total += n * e
    return total


def profitable_depth(src_op, store, dst, slices, max_legal, tolerance):
    """The depth to fuse at, None when fusing is not profitable."""
    src_loops = loops.enclosing_fors(src_op)
    if not src_loops:
        return None
    src = src_loops[0]
    src_stats, dst_stats = Stats(), Stats()
    if not src_stats.collect(src) or not dst_stats.collect(dst):
        return None
    src_cost = _cost(src, src_stats)
    whole = MemRefRegion()
    if not whole.compute(store, 0):
        return None
    src_size = region_size(whole)
    if src_size is None:
        return None
    dst_cost = _cost(dst, dst_stats)
    best = best_cost = best_mem = None
    max_reduction = 0.0
    for i in range(max_legal, 0, -1):
        state = slices[i - 1]
        if state is None or not state.ivs:
            continue
        fused = _fusion_cost(src, src_stats, dst, dst_stats, state)
        if fused is None:
            continue
        extra = fused / float(src_cost + dst_cost) - 1 if src_cost + dst_cost else 0.0
        sr = MemRefRegion()
        if not sr.compute(store, 0, slice_state=state):
            continue
        size = region_size(sr)
        if not size:
            continue
        if src_op is not store and size != src_size:
            continue
        reduction = src_size / float(size)
        if reduction > max_reduction and extra < tolerance:
            max_reduction, best, best_cost, best_mem = reduction, i, fused, size
    if best is None:
        return None
    dst_mem, src_mem = footprint(dst), footprint(src)
    if dst_mem is None or src_mem is None:
        return None
    if dst_mem + best_mem > src_mem + dst_mem:
        return None
    return best
