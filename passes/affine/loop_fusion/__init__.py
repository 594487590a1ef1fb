"""`affine-loop-fusion`: greedy producer-consumer and sibling fusion of the top-level loop
nests of each block, driven by a memref dependence graph; producer-consumer fusion gives
the fused consumer a private, shrunk copy of the memref when nothing else needs it."""
from __future__ import annotations

from pyopt.dialects.affine.analysis import loops
from pyopt.dialects.affine.analysis.dependence import check_dependence, HAS_DEPENDENCE
from pyopt.dialects.affine.analysis.fusion import fused_insertion_point, _loads_and_stores
from pyopt.dialects.affine.analysis.memref_access import READS, WRITES, MemRefAccess
from pyopt.dialects.affine.analysis.slice import (compute_slice_union, _fast_maximal,
                                                  SLICE_SUCCESS)
from pyopt.ir.core import OpResult
from pyopt.pass_registry import PassOption, register_pass
from passes.affine.fuse_loops import fuse_loops
from passes.affine.loop_fusion.graph import Graph, collect_accesses
from passes.affine.loop_fusion.privatize import create_private_memref
from passes.affine.loop_fusion import cost
from passes.affine.loop_fusion.sink import sink_sequential_loops

INF = 1 << 62
_ALLOCS = frozenset({"memref.alloc", "memref.alloca"})
_AFFINE_ACCESS = READS | WRITES | {"affine.prefetch", "affine.dma_start", "affine.dma_wait"}


def _memref(op):
    return MemRefAccess(op).memref


def can_fuse(src, dst, depth, strategy, sibling_memref=None):
    """canFuseLoops with the producer-consumer or sibling strategy: a SliceState or None."""
    if depth == 0 or src.parent is not dst.parent:
        return None
    if fused_insertion_point(src, dst) is None:
        return None
    backward = src.is_before_in_block(dst)
    a, b = (src, dst) if backward else (dst, src)
    ops_a, ops_b = _loads_and_stores(a), _loads_and_stores(b)
    if ops_a is None or ops_b is None:
        return None
    if strategy == "producer":
        if _max_loop_depth(ops_a, ops_b) < depth:
            return None
        ops_a = [o for o in ops_a if o.name in WRITES]
    else:
        ops_a = [o for o in ops_a if o.name in READS and _memref(o) is sibling_memref]
    n_common = loops.num_common_surrounding_loops(src, dst)
    result, state = compute_slice_union(ops_a, ops_b, depth, n_common, backward)
    return state if result == SLICE_SUCCESS else None


def _max_loop_depth(src_ops, dst_ops):
    """getMaxLoopDepth: the deepest fusion depth the consumer's own dependences on the
    produced memrefs allow."""
    if not dst_ops:
        return 0
    stored = {id(_memref(o)) for o in src_ops if o.name in WRITES}
    loaded = {id(_memref(o)) for o in dst_ops if o.name in READS}
    pc = stored & loaded
    targets = [o for o in dst_ops if id(_memref(o)) in pc]
    if not targets:
        return 0
    depth = _innermost_common_depth(targets)
    if all(o.name in READS for o in targets):
        return depth
    for a in targets:
        sa = MemRefAccess(a)
        for b in targets:
            sb = MemRefAccess(b)
            n = loops.num_common_surrounding_loops(a, b)
            for d in range(1, n + 2):
                if check_dependence(sa, sb, d, with_components=False)[0] == HAS_DEPENDENCE:
                    depth = min(depth, d - 1)
                    break
    return depth


def _innermost_common_depth(ops):
    nests = [loops.enclosing_fors(o) for o in ops]
    n = 0
    for d in range(min(len(x) for x in nests)):
        if any(x[d] is not nests[0][d] for x in nests):
            break
        n += 1
    return n


def _escapes(memref, block):
    """isEscapingMemref: a block argument, not from an allocation, or used by other than
    affine accesses in `block`."""
    if type(memref) is not OpResult or memref.owner.name not in _ALLOCS:
        return True
    for u in memref.users():
        x = u
        while x is not None and x.parent is not block:
            x = x.parent_op
        if x is None:
            return True
        if u.name not in _AFFINE_ACCESS:
            return True
    return False


class GreedyFusion:
    def __init__(self, ctx, g, options):
        self.ctx, self.g = ctx, g
        self.maximal = options["fusion-maximal"]
        self.tolerance = options["fusion-compute-tolerance"]
        self.fast_space = options["fusion-fast-mem-space"]
        self.buf_threshold = options["fusion-local-buf-threshold"] * 1024

    def loop_ids(self):
        # upstream walks its node map in hash order (DenseMap<unsigned>: bucket = 37 * id
        # modulo a power of two of at least 64 buckets); the fusion order depends on it
        buckets = 64
        while len(self.g.nodes) * 4 >= buckets * 3:
            buckets *= 2
        ids = [i for i, n in self.g.nodes.items() if n.op.name == "affine.for"]
        return sorted(ids, key=lambda k: (k * 37) & (buckets - 1))

    # ---------------------------------------------------------------- producer-consumer
    def fuse_producer_consumer(self, max_users):
        work = self.loop_ids()
        while work:
            self.fuse_into(work.pop(), max_users)

    def producer_candidates(self, dst):
        g = self.g
        if not g.in_edges.get(dst):
            return []
        consumed = {id(_memref(l)) for l in g.nodes[dst].loads}
        out = set()
        for s, _ in g.in_edges[dst]:
            n = g.nodes[s]
            if n.op.name != "affine.for":
                continue
            if any(id(_memref(st)) in consumed for st in n.stores):
                out.add(s)
        return sorted(out)

    def _escaping(self, id_):
        out = []
        for st in self.g.nodes[id_].stores:
            m = _memref(st)
            if all(m is not x for x in out) and _escapes(m, self.g.block):
                out.append(m)
        return out

    def _non_affine_users_between(self, src, dst):
        g = self.g
        s_op, d_op = g.nodes[src].op, g.nodes[dst].op
        memrefs = []
        for op in s_op.walk_ops():
            if op.name == "affine.for":
                continue
            for v in op.operands:
                if type(v.type).__name__ == "MemRefType" and all(v is not m for m in memrefs):
                    memrefs.append(v)
        for n in g.nodes.values():
            op = n.op
            if s_op.is_before_in_block(op) and op.is_before_in_block(d_op):
                for o in op.walk_ops():
                    if o.name in _AFFINE_ACCESS:
                        continue
                    if any(v is m for v in o.operands for m in memrefs):
                        return True
        return False

    def _can_remove_src(self, src, dst, state, ins, escaping):
        g = self.g
        dst_op = g.nodes[dst].op
        has_out = False
        for d, _ in g.out_edges.get(src, []):
            dep = g.nodes[d].op
            if dep is dst_op:
                continue
            if dep.parent is not dst_op.parent:
                return False
            if ins is not dep and not ins.is_before_in_block(dep):
                return False
            has_out = True
        if has_out or escaping:
            return _fast_maximal(state) is True
        return True

    def _can_privatize(self, memref, escaping, src, dst, remove_src):
        g = self.g
        if any(memref is e for e in escaping) and (remove_src or
                                                   g.nodes[dst].store_count(memref) > 0):
            return False
        if g.incoming_memref_accesses(src, memref) > 0 or g.out_edge_count(dst, memref) > 0:
            return False
        if remove_src and any(v is memref and d != dst for d, v in g.out_edges.get(src, [])):
            return False
        return True

    def fuse_into(self, dst, max_users):
        g = self.g
        if dst not in g.nodes:
            return
        dst_node = g.nodes[dst]
        if dst_node.op.name != "affine.for" or dst_node.op.results:
            return
        dst_node.op = sink_sequential_loops(dst_node.op)
        dst_for = dst_node.op
        changed = True
        while changed:
            changed = False
            for src in reversed(self.producer_candidates(dst)):
                if src not in g.nodes:
                    continue
                src_node = g.nodes[src]
                src_for = src_node.op
                if src_for.results:
                    continue
                loaded = {id(_memref(l)) for l in dst_node.loads}
                pc = []
                for st in src_node.stores:
                    m = _memref(st)
                    if id(m) in loaded and all(m is not x for x in pc):
                        pc.append(m)
                if any(g.out_edge_count(src, m) > max_users for m in pc):
                    continue
                escaping = self._escaping(src)
                if escaping and self._non_affine_users_between(src, dst):
                    continue
                ins = g.fused_insertion_point(src, dst)
                if ins is None:
                    continue
                n_surr = len(loops.enclosing_fors(dst_for))
                pc_ids = {id(m) for m in pc}
                dst_ops = [o for o in dst_node.loads + dst_node.stores
                           if id(_memref(o)) in pc_ids]
                test_depth = _innermost_common_depth(dst_ops) - n_surr
                slices = [None] * test_depth
                max_legal = 0
                for i in range(1, test_depth + 1):
                    slices[i - 1] = can_fuse(src_for, dst_for, i + n_surr, "producer")
                    if slices[i - 1] is not None:
                        max_legal = i
                if max_legal == 0:
                    continue
                best = max_legal
                if not self.maximal:
                    stores = [o for o in src_node.stores if id(_memref(o)) in pc_ids]
                    if len(stores) == 1:
                        best = cost.profitable_depth(stores[0], stores[0], dst_for, slices,
                                                     max_legal, self.tolerance)
                        if best is None:
                            continue
                state = slices[best - 1]
                remove_src = self._can_remove_src(src, dst, state, ins, escaping)
                private = [m for m in pc if self._can_privatize(m, escaping, src, dst,
                                                                remove_src)]
                fuse_loops(self.ctx, src_for, state)
                changed = True
                if ins is not dst_for:
                    dst_for.move_before(ins)
                g.update_edges(src, dst, set(private), remove_src)
                if private:
                    by_memref = {}
                    for o in dst_for.walk_ops():
                        if o.name in WRITES:
                            m = _memref(o)
                            if any(m is p for p in private):
                                by_memref.setdefault(m, []).append(o)
                    for m, sts in by_memref.items():
                        new = create_private_memref(self.ctx, dst_for, sts[0], best,
                                                    self.fast_space, self.buf_threshold)
                        if new is None:
                            continue
                        n = g.add_node(new.owner)
                        g.add_edge(n.id, dst, new)
                dst_node.loads, dst_node.stores, _ = collect_accesses(dst_for)
                if remove_src:
                    src_for.erase()
                    g.remove_node(src)

    # ---------------------------------------------------------------- sibling
    def fuse_siblings(self):
        from passes.affine.loop_fusion.sibling import fuse_siblings
        fuse_siblings(self)

    def erase_unused_allocs(self):
        for memref, count in list(self.g.memref_edge_count.items()):
            if count > 0 or memref.has_uses():
                continue
            op = getattr(memref, "owner", None)
            if op is not None and getattr(op, "name", None) == "memref.alloc" and \
                    op.parent is not None:
                op.erase()


def _run_on_block(ctx, block, options):
    g = Graph(block)
    if not g.init():
        return
    f = GreedyFusion(ctx, g, options)
    mode = options["mode"]
    if mode == "producer":
        f.fuse_producer_consumer(INF)
    elif mode == "sibling":
        f.fuse_siblings()
    else:
        f.fuse_producer_consumer(1)
        f.fuse_siblings()
        f.fuse_producer_consumer(INF)
    f.erase_unused_allocs()


@register_pass("affine-loop-fusion", "Fuse affine loop nests", anchor="func.func",
               options=[PassOption("fusion-compute-tolerance", float, 0.30,
                                   "Fractional increase in additional computation tolerated "
                                   "while fusing"),
                        PassOption("fusion-fast-mem-space", int, None,
                                   "Faster memory space number to promote fusion buffers to"),
                        PassOption("fusion-local-buf-threshold", int, 0,
                                   "Threshold size (KiB) for promoting local buffers to fast "
                                   "memory space"),
                        PassOption("fusion-maximal", bool, False,
                                   "Enables maximal loop fusion"),
                        PassOption("mode", str, "greedy",
                                   "fusion mode to attempt")])
def affine_loop_fusion(func, ctx, options):
    blocks = []

    def visit(op):
        for r in op.regions:
            for b in r.blocks:
                if sum(1 for o in b if o.name == "affine.for") > 1:
                    blocks.append(b)
    func.walk(visit)
    for b in blocks:
        _run_on_block(ctx, b, options)
