"""`test-multi-buffering{multiplier=N}`: a memref.alloc that a loop overwrites (via memref.copy)
at the start of each iteration becomes N times larger; each iteration works on the slice
((iv - lb) floordiv step) mod N of it, so successive iterations use different buffers
(memref::multiBuffer). Subviews of the old buffer are re-created on the slice."""
from __future__ import annotations

from pyopt.dialects.affine.builders import map_of
from pyopt.dialects.affine.canonicalize import (canonicalize_map_and_operands,
                                                compose_map_and_operands)
from pyopt.dialects.memref.views import rank_reduction_mask, subview_result_type
from pyopt.ir.affine import dim
from pyopt.ir.attributes import AffineMapAttr, DenseArrayAttr, IntegerAttr, StridedLayoutAttr
from pyopt.ir.opdef import segment_sizes
from pyopt.ir.types import DYNAMIC, I64, INDEX, MemRefType
from pyopt.pass_registry import PassOption, register_pass
from pyopt.rewrite.rewriter import PatternRewriter

_LOOPS = {"scf.for", "scf.parallel", "scf.while", "scf.forall", "affine.for", "affine.parallel"}


def _parent_loop(op):
    p = op.parent_op
    while p is not None and p.name not in _LOOPS:
        p = p.parent_op
    return p


def _dominates(a, b):
    """Op dominance for structured code: `b` (or its ancestor in a's block) comes at or after
    `a`; across blocks of one region only the entry block dominates."""
    blk = a.parent
    x = b
    while x is not None and x.parent is not blk:
        nxt = x.parent_op
        if nxt is not None and x.parent is not None and x.parent.parent is blk.parent \
                and blk.parent.blocks and blk is blk.parent.blocks[0]:
            return True
        x = nxt
    if x is None:
        return False
    return x is a or a.is_before_in_block(x)


def _single_loop_params(rw, loop, loc):
    """(iv, lb, step) Values of a one-dimensional loop, or None."""
    body = loop.regions[0].blocks[0] if loop.regions and loop.regions[0].blocks else None
    if loop.name == "scf.for":
        return body.args[0], loop.lowerBound, loop.step
    if loop.name == "affine.for":
        lbm = loop.properties["lowerBoundMap"].value
        if lbm.num_inputs or len(lbm.results) != 1 or not hasattr(lbm.results[0], "value"):
            return None
        step = loop.properties["step"].value
        return body.args[0], _cst(rw, lbm.results[0].value, loc), _cst(rw, step, loc)
    return None


def _cst(rw, v, loc):
    return rw.create("arith.constant", [], [INDEX], properties={"value": IntegerAttr(INDEX, v)},
                     loc=loc).results[0]


def _rank_reduced_type(shape, src, offsets, sizes, strides):
    """SubViewOp::inferRankReducedResultType with static (DYNAMIC for `?`) operands."""
    full = subview_result_type(src, offsets, sizes, strides)
    if len(shape) == len(full.shape):
        return full
    dropped = rank_reduction_mask(list(full.shape), list(shape))
    lay = full.layout
    return MemRefType(list(shape), src.element_type,
                      StridedLayoutAttr(lay.offset, [s for i, s in enumerate(lay.strides)
                                                     if i not in dropped]), src.memory_space)


def _subview(rw, loc, rt, src, offs, sizes, strides, dyn):
    props = {"static_offsets": DenseArrayAttr(I64, offs),
             "static_sizes": DenseArrayAttr(I64, sizes),
             "static_strides": DenseArrayAttr(I64, strides),
             "operandSegmentSizes": segment_sizes([1] + [len(d) for d in dyn])}
    return rw.create("memref.subview", [src] + [v for d in dyn for v in d], [rt],
                     properties=props, loc=loc).results[0]


def _replace_uses(rw, old, val):
    subviews, others = [], []
    u = old.first_use
    while u is not None:
        (subviews if u.owner.name == "memref.subview" else others).append(u)
        u = u.next_use
    for u in subviews:
        sv = u.owner
        g = sv.opdef.get_group
        st = [list(sv.get_attr(k).values) for k in ("static_offsets", "static_sizes",
                                                    "static_strides")]
        rt = _rank_reduced_type(sv.results[0].type.shape, val.type, *st)
        rw.set_insertion_point(sv)
        new = _subview(rw, sv.loc, rt, val, *st, [list(g(sv, "operand", i)) for i in (1, 2, 3)])
        _replace_uses(rw, sv.results[0], new)
    for u in others:
        u.set(val)
    for u in subviews:
        rw.erase_op(u.owner)


def multi_buffer(rw, alloc, factor):
    buf = alloc.results[0]
    users = []
    u = buf.first_use
    while u is not None:
        users.append(u.owner)
        u = u.next_use
    users.reverse()  # (MLIR's use lists run newest first)
    loop = None
    for user in users:
        parent = _parent_loop(user)
        if parent is None:
            if user.name == "memref.dealloc":
                continue
            return None
        if user.name != "memref.copy" or user.target is not buf:
            continue
        if any(not _dominates(user, o) for o in users):
            continue
        loop = parent
        break
    if loop is None or len(loop.regions) != 1:
        return None
    if not _dominates(alloc, loop):
        return None
    loc = alloc.loc
    rw.set_insertion_point_to_start(loop.regions[0].blocks[0])
    params = _single_loop_params(rw, loop, loc)
    if params is None:
        return None
    iv, lb, step = params
    t = buf.type
    mb_type = MemRefType([factor] + list(t.shape), t.element_type, None, t.memory_space)
    ip = rw.save()
    rw.set_insertion_point(alloc)
    mb = rw.create("memref.alloc", [], [mb_type], properties=dict(alloc.properties),
                   attributes=dict(alloc.attributes), loc=loc)
    rw.restore(ip)
    m, operands = compose_map_and_operands(
        map_of(((dim(0) - dim(1)).floordiv(dim(2))) % factor), [iv, lb, step])
    m, operands = canonicalize_map_and_operands(m, operands)
    index = rw.create("affine.apply", list(operands), [INDEX],
                      properties={"map": AffineMapAttr(m)}, loc=loc).results[0]
    rank = len(mb_type.shape)
    offs, sizes, strides = [DYNAMIC] + [0] * (rank - 1), [1] + list(t.shape), [1] * rank
    rt = _rank_reduced_type(t.shape, mb_type, offs, sizes, strides)
    view = _subview(rw, loc, rt, mb.results[0], offs, sizes, strides, [[index], [], []])
    for user in users:
        if user.name == "memref.dealloc":
            rw.set_insertion_point(user)
            rw.create("memref.dealloc", [mb.results[0]], [], loc=user.loc)
            rw.erase_op(user)
    _replace_uses(rw, buf, view)
    rw.erase_op(alloc)
    return mb


@register_pass("test-multi-buffering", "Test multi buffering transformation",
               options=[PassOption("multiplier", int, 2, "Decide how many versions of the "
                                   "buffer should be created,")],
               display_name="TestMultiBufferingPass")
def test_multi_buffering(op, ctx, options):
    allocs = []
    op.walk(lambda o: allocs.append(o) if o.name == "memref.alloc" else None)
    rw = PatternRewriter(ctx)
    for a in allocs:
        multi_buffer(rw, a, options["multiplier"])
