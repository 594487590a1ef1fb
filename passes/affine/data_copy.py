"""`affine-data-copy-generate`: copies the memref regions that ranges of a block access
into buffers of a fast memory space (point-wise copy nests or affine.dma_start/dma_wait
pairs), hoisting the copies past loops the region does not depend on, and rewrites the
accesses in the range to the buffers (affineDataCopyGenerate)."""
from __future__ import annotations

from pyopt.analysis.presburger import BoundType, SYMBOL
from pyopt.dialects.affine.analysis import loops
from pyopt.dialects.affine.analysis.region import MemRefRegion
from pyopt.dialects.affine.analysis.slice import lower_and_upper_bound, union_bounding_box
from pyopt.dialects.affine.analysis.value_constraints import ValueConstraints
from pyopt.dialects.affine.canonicalize import (canonicalize_map_and_operands,
                                                compose_map_and_operands, simplify_map)
from pyopt.ir.affine import AffineExprKind, AffineMap, constant, dim
from pyopt.ir.attributes import AffineMapAttr, IntegerAttr
from pyopt.ir.types import INDEX, IntegerType, MemRefType
from pyopt.pass_registry import PassOption, register_pass
from pyopt.rewrite.pattern import RewritePattern
from pyopt.rewrite.rewriter import Builder
from pyopt.dialects.affine.memref_uses import replace_memref_access
from pyopt.syntax.op_diagnostics import emit_on_op
from passes.affine.tiling.footprint import _elt_bytes
from passes.affine.tiling.loops import (constant_trip_count, lb_map, new_for,
                                                   set_lower_bound, set_upper_bound, step)

_U64_MAX = (1 << 64) - 1
_LOAD_STORE = ("affine.load", "affine.store")
_ACCESS = {"affine.load": 0, "affine.vector_load": 0, "affine.store": 1,
           "affine.vector_store": 1}


class _Region(MemRefRegion):
    __slots__ = ("loc",)


class Options:
    def __init__(self, generate_dma, slow, fast, tag, capacity_bytes):
        self.generate_dma, self.slow, self.fast, self.tag = generate_dma, slow, fast, tag
        self.capacity = capacity_bytes


def _space(t):
    ms = t.memory_space
    if ms is None:
        return 0
    return ms.value if hasattr(ms, "value") else ms


def _is_identity_layout(t):
    lay = t.layout
    if lay is None:
        return True
    m = getattr(lay, "value", None)
    return isinstance(m, AffineMap) and m == AffineMap.get_multi_dim_identity(m.num_dims)


def _const(b, ctx_top, v, loc):
    return ctx_top.create("arith.constant", [], [INDEX],
                          properties={"value": IntegerAttr(INDEX, v)}, loc=loc).results[0]


def _apply(b, m, operands, loc):
    return b.create("affine.apply", operands, [INDEX], properties={"map": AffineMapAttr(m)},
                    loc=loc).results[0]


def _fully_compose(m, operands):
    """fullyComposeAffineMapAndOperands: only when an operand is an affine.apply."""
    operands = list(operands)
    while any(v.defining_op() is not None and v.defining_op().name == "affine.apply"
              for v in operands):
        m, operands = compose_map_and_operands(m, operands)
    return m, operands


def _full_region(op, depth):
    """getFullMemRefAsRegion: the whole (static) memref, symbolic in `depth` outer loops."""
    r = _Region()
    k = _ACCESS[op.name]
    r.memref, r.write = op.operands[k], op.name == "affine.store"
    t = r.memref.type
    if any(s < 0 for s in t.shape):
        return None
    ivs = [loops.for_iv(f) for f in loops.enclosing_fors(op)][:depth]
    cst = ValueConstraints(len(t.shape), len(ivs), 0, [None] * len(t.shape) + ivs)
    for d, s in enumerate(t.shape):
        cst.add_bound(BoundType.LB, d, 0)
        cst.add_bound(BoundType.UB, d, s - 1)
    r.cst = cst
    return r


def _align_symbols(a, b):
    for src, dst in ((a, b), (b, a)):
        for i in range(src.num_dims, src.num_dims_and_symbols):
            v = src.values[i]
            if dst.find_var(v) < 0:
                at = dst.append_var(SYMBOL)
                dst.values[at] = v
    for i in range(a.num_dims, a.num_dims_and_symbols):
        j = b.find_var(a.values[i])
        if j != i:
            b.swap_var(i, j)


def _union(target, region):
    other = region.cst.copy()
    if target.cst.num_locals or other.num_locals:
        return False
    _align_symbols(target.cst, other)
    return union_bounding_box(target.cst, other)


# --------------------------------------------------------------------------- placement
def _placement(region, block, begin, end):
    """findHighestBlockForPlacement: (block, copy-in anchor, copy-out anchor) where an
    anchor of None means the end of the block (before its terminator is never needed)."""
    cst = region.cst
    symbols = cst.values[cst.num_dims:cst.num_dims_and_symbols]
    fors = loops.enclosing_fors(block.first)
    last_invariant = None
    for f in reversed(fors):
        if any(v is loops.for_iv(f) for v in symbols):
            break
        last_invariant = f
    if last_invariant is not None:
        return last_invariant.parent, last_invariant, last_invariant.next
    return block, begin, end


def _builder_before(ctx, block, anchor):
    b = Builder(ctx)
    if anchor is None:
        b.set_insertion_point_to_end(block)
    else:
        b.set_insertion_point(anchor)
    return b


# --------------------------------------------------------------------------- copy nests
def _canonical_for(ctx, b, loc, lb_ops, lbm, ub_ops, ubm):
    lbm, lops = compose_map_and_operands(lbm, list(lb_ops))
    lbm, lops = canonicalize_map_and_operands(lbm, lops)
    lbm = _dedup(lbm)
    ubm, uops = compose_map_and_operands(ubm, list(ub_ops))
    ubm, uops = canonicalize_map_and_operands(ubm, uops)
    ubm = _dedup(ubm)
    f = new_for(b, loc)
    set_lower_bound(f, lops, lbm)
    set_upper_bound(f, uops, ubm)
    return f


def _dedup(m):
    seen = []
    for e in m.results:
        if e not in seen:
            seen.append(e)
    return AffineMap.get(m.num_dims, m.num_symbols, seen)


def _pointwise_copy(ctx, loc, memref, fast, lbs, ubs, operands, offsets, copy_out, b):
    rank = len(memref.type.shape)
    root = None
    buf_exprs, buf_ops, mem_idx, maybe_dead = [], [], [], []
    for d in range(rank):
        f = _canonical_for(ctx, b, loc, operands, lbs[d], operands, ubs[d])
        if root is None:
            root = f
        b = Builder(ctx)
        b.set_insertion_point(f.regions[0].blocks[0].last)
        off = _apply(b, AffineMap.get(len(operands), 0, [offsets[d]]), list(operands), loc)
        buf_exprs.append(dim(2 * d + 1) - dim(2 * d))
        x = loops.for_iv(f)
        buf_ops += [off, x]
        maybe_dead.append(off)
        mem_idx.append(x)
    m, ops = compose_map_and_operands(AffineMap.get(2 * rank, 0, buf_exprs), buf_ops)
    m = simplify_map(m)
    m, ops = canonicalize_map_and_operands(m, ops)
    for v in maybe_dead:
        if not v.has_uses():
            v.owner.erase()
    ident = AffineMapAttr(AffineMap.get_multi_dim_identity(rank))
    et = memref.type.element_type
    if not copy_out:
        ld = b.create("affine.load", [memref] + mem_idx, [et], properties={"map": ident},
                      loc=loc).results[0]
        b.create("affine.store", [ld, fast] + list(ops), [],
                 properties={"map": AffineMapAttr(m)}, loc=loc)
    else:
        ld = b.create("affine.load", [fast] + list(ops), [et],
                      properties={"map": AffineMapAttr(m)}, loc=loc).results[0]
        b.create("affine.store", [ld, memref] + mem_idx, [], properties={"map": ident},
                 loc=loc)
    return root


def _strides(region, shape):
    out = []
    if len(shape) <= 1:
        return out
    per, stride = 1, 1
    mshape = region.memref.type.shape
    for d in range(len(shape) - 1, 0, -1):
        stride *= mshape[d]
        per *= shape[d]
        if shape[d] < mshape[d] and shape[d - 1] > 1:
            out.append((stride, per))
    return out


def _in_range(block, op, begin, last):
    """Is `op` inside an op of `block` in [begin, last]?"""
    anc = loops.ancestor_in_block(block, op)
    if anc is None:
        return False
    cur = begin
    while cur is not None:
        if cur is anc:
            return True
        if cur is last:
            return False
        cur = cur.next
    return False


def _replace_uses(ctx, old, new, remap, extra, block, begin, last):
    users = []
    for u in old.users():
        if u in users or not _in_range(block, u, begin, last):
            continue
        if u.name == "memref.dealloc":
            continue
        if u.name not in _ACCESS:
            return False
        users.append(u)
    for u in users:
        _replace_access(ctx, u, old, new, remap, extra)
    return True


def _replace_access(ctx, op, old, new, remap, extra):
    replace_memref_access(ctx, op, new, remap, extra_operands=extra)


# --------------------------------------------------------------------------- generateCopy
class _State:
    def __init__(self, ctx, func, opts, copy_nests):
        self.ctx, self.func, self.opts, self.copy_nests = ctx, func, opts, copy_nests
        self.reset_top()

    def reset_top(self):
        # a fresh builder at the function start inserts before what is there now
        self.top = Builder(self.ctx)
        self.top.set_insertion_point_to_start(self.func.regions[0].blocks[0])

    def const(self, v, loc):
        return self.top.create("arith.constant", [], [INDEX],
                               properties={"value": IntegerAttr(INDEX, v)},
                               loc=loc).results[0]


def _generate_copy(st, region, block, begin, end, pblock, in_at, out_at, fast_map):
    """Returns (ok, size in bytes, new begin, new end); `end` None means block end."""
    ctx, opts, loc = st.ctx, st.opts, region.loc
    st.reset_top()
    zero = st.const(0, st.func.loc)
    st.reset_top()
    if begin is end:
        return True, 0, begin, end
    at_end = end is out_at
    prologue = _builder_before(ctx, pblock, in_at)
    epilogue = _builder_before(ctx, pblock, out_at)
    b = epilogue if region.write else prologue
    memref = region.memref
    mt = memref.type
    if not _is_identity_layout(mt):
        return False, 0, begin, end
    rank = len(mt.shape)
    bound = region.constant_bounding_shape()
    if bound is None:
        return False, 0, begin, end
    count, shape, lbs, divisors = bound
    if count == 0:
        return True, 0, begin, end
    cst = region.cst
    lb_maps, ub_maps = [], []
    for i in range(rank):
        lm, um = lower_and_upper_bound(cst, i, 0, rank, cst.num_dims_and_symbols, [], False)
        lb_maps.append(lm)
        ub_maps.append(um)
    syms = list(cst.values[rank:cst.num_dims_and_symbols])
    offsets, mem_idx, buf_idx = [], [], []
    for d in range(rank):
        off = constant(0)
        for j in range(len(lbs[d]) - 1):
            off = off + dim(j) * lbs[d][j]
        off = (off + lbs[d][-1]).floordiv(constant(divisors[d]))
        if off.kind is AffineExprKind.CONSTANT:
            mem_idx.append(zero if off.value == 0 else st.const(off.value, loc))
        else:
            mem_idx.append(_apply(b, AffineMap.get(len(syms), 0, [off]), syms, loc))
        buf_idx.append(zero)
        offsets.append(off)
    existing = memref in fast_map
    size = 0
    if not existing:
        space = IntegerAttr(IntegerType(64), opts.fast) if opts.fast else None
        ftype = MemRefType(tuple(shape), mt.element_type, None, space)
        fast = prologue.create("memref.alloc", [], [ftype], properties={
            "operandSegmentSizes": _seg(0, 0)}, loc=loc).results[0]
        fast_map[memref] = fast
        eb = _elt_bytes(ftype)
        size = eb * count if eb is not None else 0
    else:
        fast = fast_map[memref]
    n_ssa = st.const(count, loc)
    stride_ops = []
    if opts.generate_dma:
        infos = _strides(region, shape)
        if len(infos) > 1:
            return False, 0, begin, end
        if infos:
            stride_ops = [st.const(infos[0][0], loc), st.const(infos[0][1], loc)]
    last = end.prev if end is not None else block.last
    mem_map, mem_ops = _fully_compose(AffineMap.get_multi_dim_identity(rank), mem_idx)
    buf_map, buf_ops = _fully_compose(AffineMap.get_multi_dim_identity(rank), buf_idx)
    new_end = end
    if not opts.generate_dma:
        nest = _pointwise_copy(ctx, loc, memref, fast, lb_maps, ub_maps, syms, offsets,
                               region.write, b)
        st.copy_nests.append(nest)
        if region.write and at_end:
            new_end = nest
    else:
        tag_t = MemRefType((1,), IntegerType(32), None,
                           IntegerAttr(IntegerType(64), opts.tag) if opts.tag else None)
        tag = prologue.create("memref.alloc", [], [tag_t], properties={
            "operandSegmentSizes": _seg(0, 0)}, loc=loc).results[0]
        tag_map, tag_ops = _fully_compose(AffineMap.get_multi_dim_identity(1), [zero])
        if not region.write:
            _dma_start(b, memref, mem_map, mem_ops, fast, buf_map, buf_ops, tag, tag_map,
                       tag_ops, n_ssa, stride_ops, loc)
        else:
            op = _dma_start(b, fast, buf_map, buf_ops, memref, mem_map, mem_ops, tag,
                            tag_map, tag_ops, n_ssa, stride_ops, loc)
            if at_end:
                new_end = op
        b.create("affine.dma_wait", [tag, zero, n_ssa], [],
                 attributes={"tag_map": AffineMapAttr(tag_map)}, loc=loc)
        d = epilogue.create("memref.dealloc", [tag], [], loc=loc)
        if new_end is end and at_end:
            new_end = d
    if not existing:
        d = epilogue.create("memref.dealloc", [fast], [], loc=loc)
        if not opts.generate_dma and new_end is end and at_end:
            new_end = d
    remap = AffineMap.get(len(syms) + rank, 0,
                          [dim(len(syms) + i) - offsets[i] for i in range(rank)])
    prev = begin.prev
    _replace_uses(ctx, memref, fast, remap, syms, block, begin, last)
    new_begin = block.first if prev is None else prev.next
    return True, size, new_begin, new_end


def _seg(*sizes):
    from pyopt.ir.opdef import segment_sizes
    return segment_sizes(list(sizes))


def _dma_start(b, src, src_map, src_ops, dst, dst_map, dst_ops, tag, tag_map, tag_ops, n,
               stride_ops, loc):
    props = {"src_map": AffineMapAttr(src_map), "dst_map": AffineMapAttr(dst_map),
             "tag_map": AffineMapAttr(tag_map)}
    return b.create("affine.dma_start", [src] + list(src_ops) + [dst] + list(dst_ops) +
                    [tag] + list(tag_ops) + [n] + list(stride_ops), [], attributes=props,
                    loc=loc)


# --------------------------------------------------------------------------- driver
def _ops_between(begin, end):
    cur = begin
    while cur is not None and cur is not end:
        yield cur
        cur = cur.next


def copy_generate(st, begin, end, filter_memref=None):
    """affineDataCopyGenerate over [begin, end) of one block (end None: block end)."""
    if begin is end:
        return True
    block = begin.parent
    depth = len(loops.affine_ivs(begin))
    reads, writes = {}, {}
    error = False
    for top in list(_ops_between(begin, end)):
        for op in top.walk_ops():
            if op.name not in _LOAD_STORE:
                continue
            memref = op.operands[_ACCESS[op.name]]
            if filter_memref is not None and memref is not filter_memref:
                continue
            if _space(memref.type) != st.opts.slow:
                continue
            region = _Region()
            ok = region.compute(op, depth, add_memref_dim_bounds=False)
            if not ok:
                _region_error(st.ctx, op, region)
                region = _full_region(op, depth)
                if region is None:
                    error = True
                    continue
            region.loc = op.loc
            exists = {}
            for name, target in (("r", reads), ("w", writes)):
                t = target.get(memref)
                if t is None:
                    exists[name] = False
                    continue
                exists[name] = True
                if not _union(t, region):
                    full = _full_region(op, depth)
                    if full is None:
                        error = True
                        break
                    t.cst = full.cst.copy()
                    region.cst = full.cst.copy()
                else:
                    region.cst = t.cst.copy()
            if error:
                break
            if region.write and not exists["w"]:
                writes[memref] = region
            elif not region.write and not exists["r"]:
                reads[memref] = region
        if error:
            break
    if error:
        return False
    total = 0
    ok = True
    fast_map = {}
    for regions in (reads, writes):
        for region in regions.values():
            pblock, in_at, out_at = _placement(region, block, begin, end)
            r, size, nb, ne = _generate_copy(st, region, block, begin, end, pblock, in_at,
                                             out_at, fast_map)
            if r:
                begin, end = nb, ne
                total += size
            ok = ok and r
    if not ok:
        return False
    if total > st.opts.capacity:
        emit_on_op(st.ctx, "warning", block.parent_op, "total size of all copy buffers' for "
                   "this block exceeds fast memory capacity")
    return True


def _starts_range(op, nests):
    return op.name in ("affine.load", "affine.store", "affine.for") and \
        all(op is not n for n in nests)


def _first_start(op, nests):
    while op is not None and not _starts_range(op, nests):
        op = op.next
    return op


def run_on_block(st, block, skip_non_unit):
    if block.first is None:
        return
    cap = st.opts.capacity
    cur_begin = _first_start(block.first, st.copy_nests)
    it = cur_begin
    while it is not None:
        if it.name == "affine.for" and all(it is not n for n in st.copy_nests):
            copy_generate(st, cur_begin, it)
            if skip_non_unit:
                recurse = step(it) != 1
            else:
                fp = footprint_bytes(st.ctx, it)
                recurse = fp is not None and fp > cap
            if recurse:
                run_on_block(st, it.regions[0].blocks[0], skip_non_unit)
            else:
                copy_generate(st, it, it.next)
            cur_begin = _first_start(it.next, st.copy_nests)
            it = cur_begin
        else:
            it = it.next
    if cur_begin is not None:
        copy_generate(st, cur_begin, block.last)


def _region_error(ctx, op, region):
    if region.error:
        emit_on_op(ctx, "error", op, region.error)


def footprint_bytes(ctx, for_op):
    """getMemoryFootprintBytes of one loop: the bounding boxes of its memref regions,
    symbolic in the loops around it; None when unknown."""
    depth = len(loops.affine_ivs(for_op))
    regions = {}
    for op in for_op.walk_ops():
        if op.name not in _ACCESS:
            continue
        r = _Region()
        if not r.compute(op, depth):
            _region_error(ctx, op, r)
            emit_on_op(ctx, "error", op, "error obtaining memory region\n")
            return None
        old = regions.get(r.memref)
        if old is None:
            regions[r.memref] = r
        elif not _union(old, r):
            emit_on_op(ctx, "warning", op, "getMemoryFootprintBytes: unable to perform a "
                       "union on a memory region")
            return None
    total = 0
    for r in regions.values():
        if not _is_identity_layout(r.memref.type):
            continue
        bound = r.constant_bounding_shape()
        eb = _elt_bytes(r.memref.type)
        if bound is None or eb is None:
            return None
        total += eb * bound[0]
    return total


def _promote_nest(ctx, nest, copy_ops):
    from passes.affine.unroll import promote_if_single_iteration
    order = []
    nest.walk(order.append, True)
    for op in order:  # post order: inner loops first
        if op.name == "affine.for":
            promote_if_single_iteration(ctx, op)
        elif op.name in _LOAD_STORE:
            copy_ops.append(op)


@register_pass("affine-data-copy-generate",
               "Generate explicit copying for affine memory operations", anchor="func.func",
               display_name="AffineDataCopyGeneration", options=[
                   PassOption("fast-mem-capacity", int, _U64_MAX),
                   PassOption("fast-mem-space", int, 1),
                   PassOption("generate-dma", bool, True),
                   PassOption("min-dma-transfer", int, 1024),
                   PassOption("slow-mem-space", int, 0),
                   PassOption("skip-non-unit-stride-loops", bool, False),
                   PassOption("tag-mem-space", int, 0)])
def affine_data_copy_generate(op, ctx, options):
    if not op.regions[0].blocks:
        return
    cap = options["fast-mem-capacity"]
    cap = cap * 1024 if cap != _U64_MAX else cap
    opts = Options(options["generate-dma"], options["slow-mem-space"],
                   options["fast-mem-space"], options["tag-mem-space"], cap)
    st = _State(ctx, op, opts, [])
    st.const(0, op.loc)
    for block in list(op.regions[0].blocks):
        run_on_block(st, block, options["skip-non-unit-stride-loops"])
    finish(st)


def finish(st):
    copy_ops = []
    for nest in st.copy_nests:
        _promote_nest(st.ctx, nest, copy_ops)
    if copy_ops:
        _canonicalize(st.ctx, copy_ops, _LOAD_STORE)


def _canonicalize(ctx, copy_ops, names):
    from pyopt.rewrite.op_list_driver import apply_op_patterns_and_fold
    from pyopt.rewrite.pattern import PatternSet
    ps = PatternSet()
    if True:
        for name in names:
            pats = ctx.ops[name].canonicalize or []
            for p in (pats if isinstance(pats, (list, tuple)) else [pats]):
                if not isinstance(p, RewritePattern):
                    p = RewritePattern(name, getattr(p, "benefit", 1), p)
                elif p.root is None:
                    p.root = name
                ps.add(p)
        apply_op_patterns_and_fold(copy_ops, ps, ctx)


# --------------------------------------------------------------------------- test pass
def _gather_loops(block, depth, out):
    if depth == len(out):
        out.append([])
    op = block.first
    while op is not None:
        if op.name == "affine.for":
            out[depth].append(op)
            _gather_loops(op.regions[0].blocks[0], depth + 1, out)
        op = op.next


@register_pass("test-affine-data-copy", "Tests affine data copy utility functions.",
               anchor="func.func", display_name="TestAffineDataCopy", options=[
                   PassOption("memref-filter", bool, False),
                   PassOption("for-memref-region", bool, False)])
def test_affine_data_copy(func, ctx, options):
    if not func.regions[0].blocks:
        return
    by_depth = []
    for block in func.regions[0].blocks:
        _gather_loops(block, 0, by_depth)
    if by_depth:
        by_depth.pop()
    if not by_depth or len(by_depth[0]) != 1 or len(by_depth[-1]) != 1:
        return
    nest, inner = by_depth[0][0], by_depth[-1][0]
    load = None
    if options["memref-filter"] or options["for-memref-region"]:
        load = next((o for o in inner.regions[0].blocks[0].ops if o.name == "affine.load"),
                    None)
    if load is None:
        return
    st = _State(ctx, func, Options(False, 0, 0, 0, 32 * 1024 * 1024), [])
    if options["memref-filter"]:
        body = nest.regions[0].blocks[0]
        if not copy_generate(st, body.first, body.last, load.memref):
            return
    else:
        region = _Region()
        if not region.compute(load, 0):
            _region_error(ctx, load, region)
            return
        region.loc = nest.loc
        _generate_copy(st, region, nest.parent, nest, nest.next, nest.parent, nest,
                       nest.next, {})
        return
    copy_ops = []
    for n in st.copy_nests:
        _promote_nest(ctx, n, copy_ops)
    if copy_ops:
        # (upstream keeps only the last op's canonicalization patterns)
        _canonicalize(ctx, copy_ops, (copy_ops[-1].name,))
