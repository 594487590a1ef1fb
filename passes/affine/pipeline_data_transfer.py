"""`affine-pipeline-data-transfer`: overlaps the DMAs that fill fast buffers inside a loop
with the computation of the previous iteration: the buffers and tags get double buffered
(indexed by iteration parity) and the loop body is skewed so that the DMA starts run one
iteration ahead (affineForOpBodySkew)."""
from __future__ import annotations

from pyopt.dialects.affine.analysis import loops
from pyopt.dialects.affine.canonicalize import compose_map_and_operands
from pyopt.dialects.affine.syntax import map_attr
from pyopt.ir.affine import AffineMap, constant, dim
from pyopt.ir.attributes import AffineMapAttr
from pyopt.ir.types import INDEX, MemRefType
from pyopt.pass_registry import register_pass
from pyopt.rewrite.rewriter import Builder
from pyopt.dialects.affine.memref_uses import replace_memref_access
from passes.affine.tiling.loops import (constant_trip_count, lb_map, lb_operands,
                                                   new_for, set_lower_bound, set_upper_bound,
                                                   step, ub_operands)

_ACCESS = {"affine.load": 0, "affine.vector_load": 0, "affine.store": 1,
           "affine.vector_store": 1}


# --------------------------------------------------------------------------- dma ops
def _dma_slots(op):
    """[(memref operand position, map attribute name)] of a dma_start / dma_wait."""
    if op.name == "affine.dma_wait":
        return [(0, "tag_map")]
    ns = map_attr(op, "src_map").num_inputs
    nd = map_attr(op, "dst_map").num_inputs
    return [(0, "src_map"), (1 + ns, "dst_map"), (2 + ns + nd, "tag_map")]


def _space(v):
    ms = v.type.memory_space
    if ms is None:
        return 0
    return ms.value if hasattr(ms, "value") else ms


def _dma_parts(op):
    sl = _dma_slots(op)
    return op.operands[sl[0][0]], op.operands[sl[1][0]], op.operands[sl[2][0]], sl


def _faster_pos(op):
    src, dst, _, sl = _dma_parts(op)
    return sl[0][0] if _space(src) > _space(dst) else sl[1][0]


def _tag_indices(op):
    sl = _dma_slots(op)
    pos, key = sl[-1]
    n = map_attr(op, key).num_inputs
    return op.operands[pos], list(op.operands[pos + 1:pos + 1 + n])


# --------------------------------------------------------------------------- double buffer
def _access_slot(op, memref):
    if op.name in _ACCESS:
        pos = _ACCESS[op.name]
        return (pos, "map") if op.operands[pos] is memref else None
    if op.name in ("affine.dma_start", "affine.dma_wait"):
        for pos, key in _dma_slots(op):
            if op.operands[pos] is memref:
                return pos, key
    return None


def _replace_with_extra_index(ctx, op, old, new, extra):
    replace_memref_access(ctx, op, new, extra_indices=[extra], slot=_access_slot(op, old))


def double_buffer(ctx, old, for_op):
    body = for_op.regions[0].blocks[0]
    t = old.type
    nt = MemRefType((2,) + tuple(t.shape), t.element_type, None, t.memory_space)
    outer = Builder(ctx)
    outer.set_insertion_point(for_op)
    sizes = []
    for i, d in enumerate(t.shape):
        if d < 0:
            from pyopt.ir.attributes import IntegerAttr
            c = outer.create("arith.constant", [], [INDEX],
                             properties={"value": IntegerAttr(INDEX, i)},
                             loc=for_op.loc).results[0]
            src = old.defining_op()
            if src is not None and src.name in ("memref.alloc", "memref.alloca"):
                # (memref.dim of an allocation folds to its size operand)
                k = sum(1 for x in t.shape[:i] if x < 0)
                sizes.append(src.operands[k])
                continue
            sizes.append(outer.create("memref.dim", [old, c], [INDEX],
                                      loc=for_op.loc).results[0])
    from pyopt.ir.opdef import segment_sizes
    new = outer.create("memref.alloc", sizes, [nt], properties={
        "operandSegmentSizes": segment_sizes([len(sizes), 0])}, loc=for_op.loc).results[0]
    inner = Builder(ctx)
    inner.set_insertion_point_to_start(body)
    mod2 = AffineMap.get(1, 0, [dim(0).floordiv(constant(step(for_op))) % constant(2)])
    parity = inner.create("affine.apply", [loops.for_iv(for_op)], [INDEX],
                          properties={"map": AffineMapAttr(mod2)}, loc=for_op.loc)
    users = []
    for u in old.users():
        if u in users or loops.ancestor_in_block(body, u) is None:
            continue
        if u.name == "memref.dealloc":
            continue
        if _access_slot(u, old) is None:
            parity.erase()
            return False
        users.append(u)
    for u in users:
        _replace_with_extra_index(ctx, u, old, new, parity.results[0])
    outer.set_insertion_point_after(for_op)
    outer.create("memref.dealloc", [new], [], loc=for_op.loc)
    return True


def _erase_dead_alloc(old):
    alloc = old.defining_op()
    if alloc is None:
        return
    users = list(old.users())
    if not users:
        alloc.erase()
    elif len(users) == 1 and users[0].name == "memref.dealloc" and \
            sum(1 for _ in old.uses()) == 1:
        users[0].erase()
        alloc.erase()


# --------------------------------------------------------------------------- matching
def _start_wait_pairs(for_op):
    body = for_op.regions[0].blocks[0]
    outgoing = [o for o in body.ops if o.name == "affine.dma_start" and
                _space(_dma_parts(o)[0]) > _space(_dma_parts(o)[1])]
    starts, waits = [], []
    for o in body.ops:
        if o.name == "affine.dma_wait":
            waits.append(o)
            continue
        if o.name != "affine.dma_start":
            continue
        src, dst, _, _ = _dma_parts(o)
        if not _space(dst) > _space(src):
            continue
        if any(_dma_parts(x)[1] is src for x in outgoing):
            continue
        fast = o.operands[_faster_pos(o)]
        if any(u.name != "memref.dealloc" and loops.ancestor_in_block(body, u) is None
               for u in fast.users()):
            continue
        starts.append(o)
    pairs = []
    for s in starts:
        st, si = _tag_indices(s)
        for w in waits:
            wt, wi = _tag_indices(w)
            if st is wt and all(a is b for a, b in zip(si, wi)):
                pairs.append((s, w))
                break
    return pairs


def _reachable_applies(operands, out):
    for v in operands:
        d = v.defining_op()
        if d is not None and d.name == "affine.apply" and d not in out:
            _reachable_applies(d.operands, out)
            out.append(d)


def _is_apply(v):
    d = v.defining_op()
    return d is not None and d.name == "affine.apply"


def computation_slice(ctx, op):
    """createAffineComputationSlice: private affine.apply ops computing the operands of
    `op` that come from affine.apply chains shared with other users."""
    subs = [v for v in op.operands if _is_apply(v)]
    found = []
    _reachable_applies(subs, found)
    if not found:
        return []
    if all(u is op for a in found for r in a.results for u in r.users()):
        return []
    m, ops = AffineMap.get_multi_dim_identity(len(subs)), list(subs)
    while any(_is_apply(v) for v in ops):
        m, ops = compose_map_and_operands(m, ops)
    b = Builder(ctx)
    b.set_insertion_point(op)
    new = [b.create("affine.apply", ops, [INDEX], properties={"map": AffineMapAttr(
        AffineMap.get(m.num_dims, m.num_symbols, [e]))}, loc=op.loc) for e in m.results]
    for i, v in enumerate(list(op.operands)):
        for j, sv in enumerate(subs):
            if v is sv:
                op.set_operand(i, new[j].results[0])
                break
    return new


def _shift_valid(body, shifts):
    ops = body.ops
    seen = {}
    for op, sh in zip(reversed(ops), reversed(shifts)):
        seen[op] = sh
        for r in op.results:
            for u in r.users():
                anc = loops.ancestor_in_block(body, u)
                if anc is not None and seen.get(anc) != sh:
                    return False
    return True


# --------------------------------------------------------------------------- skewing
def _shifted(m, k):
    return AffineMap.get(m.num_dims, m.num_symbols, [e + k for e in m.results])


def _for_canonicalize(ctx, loop):
    from pyopt.rewrite.op_list_driver import EXISTING, apply_op_patterns_and_fold
    from pyopt.rewrite.pattern import PatternSet, RewritePattern
    ps = PatternSet()
    pats = ctx.ops["affine.for"].canonicalize or []
    for p in (pats if isinstance(pats, (list, tuple)) else [pats]):
        if not isinstance(p, RewritePattern):
            p = RewritePattern("affine.for", getattr(p, "benefit", 1), p)
        elif p.root is None:
            p.root = "affine.for"
        ps.add(p)
    res = {}
    apply_op_patterns_and_fold([loop], ps, ctx, strictness=EXISTING, result=res)
    return res.get("all_erased", False)


def _shifted_loop(ctx, lbm, ubm, queue, offset, src, b):
    from passes.affine.unroll import promote_if_single_iteration
    loop = new_for(b, src.loc)
    set_lower_bound(loop, lb_operands(src), lbm)
    set_upper_bound(loop, ub_operands(src), ubm)
    loop.properties["step"] = src.properties["step"]
    x, old_iv = loops.for_iv(loop), loops.for_iv(src)
    bb = Builder(ctx)
    bb.set_insertion_point(loop.regions[0].blocks[0].last)
    mapping = {}
    for shift, ops in queue[offset:]:
        if old_iv.has_uses() and shift != 0:
            m = AffineMap.get(1, 0, [dim(0) - step(src) * shift])
            mapping[old_iv] = bb.create("affine.apply", [x], [INDEX], properties={
                "map": AffineMapAttr(m)}, loc=src.loc).results[0]
        else:
            mapping[old_iv] = x
        for op in ops:
            bb.clone(op, mapping)
    if promote_if_single_iteration(ctx, loop):
        return None
    return loop


def body_skew(ctx, for_op, shifts):
    body = for_op.regions[0].blocks[0]
    if body.first is body.last:
        return
    trip = constant_trip_count(for_op)
    if trip is None:
        return
    st = step(for_op)
    ops = body.ops[:-1]
    max_shift = max(shifts)
    if max_shift >= len(shifts):
        return
    groups = [[] for _ in range(max_shift + 1)]
    for op, sh in zip(ops, shifts):
        groups[sh].append(op)
    queue = []
    lbm = lb_map(for_op)
    lb_shift = 0
    b = Builder(ctx)
    b.set_insertion_point(for_op)
    for d, g in enumerate(groups):
        if not g:
            continue
        if queue:
            if lb_shift + trip * st < d * st:
                res = _shifted_loop(ctx, _shifted(lbm, lb_shift),
                                    _shifted(lbm, lb_shift + trip * st), queue, 0, for_op, b)
                queue = []
                lb_shift += trip * st
            else:
                res = _shifted_loop(ctx, _shifted(lbm, lb_shift), _shifted(lbm, d), queue,
                                    0, for_op, b)
                lb_shift = d * st
            if res is not None:
                _for_canonicalize(ctx, res)
        else:
            lb_shift = d * st
        queue.append((d, g))
    for i in range(len(queue)):
        ub_shift = (queue[i][0] + trip) * st
        _shifted_loop(ctx, _shifted(lbm, lb_shift), _shifted(lbm, ub_shift), queue, i,
                      for_op, b)
        lb_shift = ub_shift
    for_op.erase()


# --------------------------------------------------------------------------- driver
def _run_on_for(ctx, for_op):
    if constant_trip_count(for_op) is None:
        return
    pairs = _start_wait_pairs(for_op)
    if not pairs:
        return
    for s, _ in pairs:
        old = s.operands[_faster_pos(s)]
        if not double_buffer(ctx, old, for_op):
            return
        _erase_dead_alloc(old)
    for _, w in pairs:
        old = w.operands[0]
        if not double_buffer(ctx, old, for_op):
            return
        _erase_dead_alloc(old)
    pairs = _start_wait_pairs(for_op)
    zero = set()
    for s, _ in pairs:
        zero.add(s)
        slice_ops = computation_slice(ctx, s)
        if slice_ops:
            zero.update(slice_ops)
        else:
            found = []
            _reachable_applies(s.operands, found)
            zero.update(found)
    body = for_op.regions[0].blocks[0]
    shifts = [0 if o in zero else 1 for o in body.ops[:-1]]
    if not _shift_valid(body, shifts + [0]):
        return
    body_skew(ctx, for_op, shifts)


@register_pass("affine-pipeline-data-transfer",
               "Pipeline non-blocking data transfers between explicitly managed levels of "
               "the memory hierarchy", anchor="func.func",
               display_name="PipelineDataTransfer")
def affine_pipeline_data_transfer(func, ctx, options):
    fors = []
    func.walk(lambda o: fors.append(o) if o.name == "affine.for" else None, True)
    for f in fors:
        _run_on_for(ctx, f)
