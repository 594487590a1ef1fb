"""memref::multiBuffer (MLIR 19 MemRef/Transforms/MultiBuffer.cpp): an allocation used
inside a loop gets `factor` copies, `memref.alloc() : memref<factor x shape>`, and every
iteration of the loop uses copy `((iv - lb) floordiv step) mod factor` through a subview, so
consecutive iterations no longer share the buffer. Used by transform.memref.multibuffer."""
from __future__ import annotations

from pyopt.ir.affine import dim
from pyopt.ir.dominance import DominanceInfo
from pyopt.ir.types import MemRefType
from pyopt.interfaces.loop_like import is_loop_like, loop_regions, single_induction
from pyopt.dialects.affine.builders import composed_apply, value_of
from pyopt.dialects.bufferizable_models.tensor import create_subview


def parent_loop(op):
    return next((p for p in op.ancestors() if is_loop_like(p)), None)


def _dominates(dom, a, b):
    """DominanceInfo::dominates(Operation*, Operation*): `a` is `b`, encloses it, precedes
    its ancestor in a's block, or a's block dominates that ancestor's."""
    if a is b:
        return True
    region = a.parent.parent
    x = b
    while x is not None and (x.parent is None or x.parent.parent is not region):
        x = x.parent_op
    if x is None:
        return False
    if x is a:
        return True
    if x.parent is a.parent:
        return a.is_before_in_block(x)
    return dom.block_dominates(a.parent, x.parent)


def _overrides(user, buf):
    """A memref.copy into the buffer overwrites it entirely (no loop-carried dependence)."""
    return user.name == "memref.copy" and user.target is buf


def _candidate_loop(alloc, skip_analysis, dom):
    buf = alloc.results[0]
    users = buf.users()
    for user in users:
        loop = parent_loop(user)
        if loop is None:
            if user.name == "memref.dealloc":
                continue
            return None
        if not skip_analysis:
            if not _overrides(user, buf):
                continue
            if any(not _dominates(dom, user, o) for o in users):
                continue
        elif any(o.name != "memref.dealloc" and not (o is not loop and loop.is_ancestor_of(o))
                 for o in users):
            continue
        return loop
    return None


def _replace_uses_propagating_type(rw, old, new):
    """Uses of `old` take `new`; subviews of it are rebuilt with their type re-inferred."""
    doomed = []
    plain = []
    for use in list(old.uses()):
        sv = use.owner
        if sv.name != "memref.subview":
            plain.append(use)
            continue
        rw.set_insertion_point(sv)
        shape = sv.results[0].type.shape
        new_sv = create_subview(rw, sv.loc, new, shape, sv.mixed_offsets, sv.mixed_sizes,
                                sv.mixed_strides)
        _replace_uses_propagating_type(rw, sv.results[0], new_sv)
        doomed.append(sv)
    for use in plain:
        owner = use.owner
        rw.modify_op_in_place(owner, lambda u=use: u.set(new))
    for op in doomed:
        rw.erase_op(op)


def multi_buffer(rw, alloc, factor, skip_analysis=False):
    """Returns the new allocation, or None when the allocation does not qualify."""
    dom = DominanceInfo()
    loop = _candidate_loop(alloc, skip_analysis, dom)
    if loop is None:
        return None
    single = single_induction(loop)
    if single is None or len(loop_regions(loop)) != 1:
        return None
    iv, lb, _, step = single
    if iv is None or lb is None or step is None or not _dominates(dom, alloc, loop):
        return None
    t = alloc.results[0].type
    shape = list(t.shape)
    mb_type = MemRefType([factor] + shape, t.element_type, None, t.memory_space)
    loc = alloc.loc
    ip = rw.save()
    rw.set_insertion_point(alloc)
    mb = rw.create("memref.alloc", [], [mb_type], properties=dict(alloc.properties),
                   attributes=dict(alloc.attributes), loc=loc)
    rw.set_insertion_point_to_start(loop_regions(loop)[0].blocks[0])
    lb_v, step_v = value_of(rw, lb, loc), value_of(rw, step, loc)
    idx = composed_apply(rw, ((dim(0) - dim(1)).floordiv(dim(2))) % factor,
                         [iv, lb_v, step_v], loc)
    rank = len(shape) + 1
    sv = create_subview(rw, loc, mb.results[0], shape, [idx] + [0] * len(shape),
                        [1] + shape, [1] * rank)
    for user in list(alloc.results[0].users()):
        if user.name == "memref.dealloc":
            rw.set_insertion_point(user)
            rw.create("memref.dealloc", [mb.results[0]], [], loc=user.loc)
            rw.erase_op(user)
    _replace_uses_propagating_type(rw, alloc.results[0], sv)
    rw.erase_op(alloc)
    rw.restore(ip)
    return mb
