"""`scf-parallel-loop-fusion`: fuses adjacent scf.parallel loops of one block that have the
same iteration space, when every buffer the second loop reads from what the first one
writes is accessed at the same (equivalent) indices in both, in both directions."""
from __future__ import annotations

from pyopt.pass_registry import register_pass
from pyopt.rewrite.folding import is_memory_effect_free
from pyopt.rewrite.rewriter import PatternRewriter

from passes.scf.common import (create_parallel, defining, may_alias,
                                          parallel_groups)


def _walk_body(loop, name):
    return [o for b in loop.regions[0].blocks for top in b for o in top.walk_ops()
            if o.name == name]


def _has_nested_parallel(loop):
    return bool(_walk_body(loop, "scf.parallel"))


def _same_space(a, b):
    ga, gb = parallel_groups(a), parallel_groups(b)
    return all(len(x) == len(y) and all(p is q for p, q in zip(x, y))
               for x, y in zip(ga[:3], gb[:3]))


def _equivalent(a, b, same):
    """OperationEquivalence (locations ignored) with operands compared by `same`."""
    if a.name != b.name or a.regions or b.regions or len(a.operands) != len(b.operands):
        return False
    if [r.type for r in a.results] != [r.type for r in b.results]:
        return False
    if dict(a.properties or {}) != dict(b.properties or {}) or a.attributes != b.attributes:
        return False
    return all(same(x, y) for x, y in zip(a.operands, b.operands))


def _no_raw_except_same_index(first, second, mapping, lookup):
    stores, store_mems = {}, []
    for st in _walk_body(first, "memref.store"):
        mem = st.memref
        stores.setdefault(mem, []).append(st.indices)
        store_mems.append(mem)
    for ld in _walk_body(second, "memref.load"):
        mem = ld.memref
        d = defining(mem)
        if d is not None and d.parent is ld.parent:
            return False
        if any(s is not mem and may_alias(s, mem) for s in store_mems):
            return False
        writes = stores.get(mem)
        if writes is None:
            continue
        idx = writes[0]
        if any(len(w) != len(idx) or any(x is not y for x, y in zip(w, idx)) for w in writes):
            return False
        lidx = ld.indices
        if len(lidx) != len(idx):
            return False
        for s, l in zip(idx, lidx):
            if lookup(mapping, s) is l:
                continue
            sd, ldf = defining(s), defining(l)
            if sd is None or ldf is None or not is_memory_effect_free(sd) or \
                    not is_memory_effect_free(ldf):
                return False
            if not _equivalent(sd, ldf, lambda x, y: lookup(mapping, x) is lookup(mapping, y)):
                return False
    return True


def _lookup(mapping, v):
    return mapping.get(v, v)


def _legal(first, second):
    if _has_nested_parallel(first) or _has_nested_parallel(second) or \
            not _same_space(first, second):
        return False
    a1, a2 = first.regions[0].blocks[0].args, second.regions[0].blocks[0].args
    if not _no_raw_except_same_index(first, second, dict(zip(a1, a2)), _lookup):
        return False
    return _no_raw_except_same_index(second, first, dict(zip(a2, a1)), _lookup)


def _after_in_block(anchor, user):
    """Is `user` properly dominated by `anchor` (and not inside it)?"""
    op = user
    while op is not None and op.parent is not anchor.parent:
        op = op.parent_op
    return op is not None and op is not anchor and anchor.is_before_in_block(op)


def _fuse(first, second, rw):
    if not _legal(first, second):
        return second
    for r in first.results:
        for u in r.users():
            if not _after_in_block(second, u):
                return second
    inits1 = parallel_groups(first)[3]
    lbs, ubs, steps, inits2 = parallel_groups(second)
    rw.set_insertion_point(second)
    new = create_parallel(rw, lbs, ubs, steps, inits1 + inits2, second.loc,
                          with_reduce=True)
    nb = new.regions[0].blocks[0]
    b1, b2 = first.regions[0].blocks[0], second.regions[0].blocks[0]
    t1, t2 = b1.last, b2.last
    rw.inline_block_before(b2, nb, nb.first, list(nb.args))
    rw.inline_block_before(b1, nb, nb.first, list(nb.args))
    if new.results:
        rw.set_insertion_point_to_end(nb)
        red = rw.create("scf.reduce", list(t1.operands) + list(t2.operands), [],
                        regions=len(t1.regions) + len(t2.regions), loc=t2.loc)
        for dst, src in zip(red.regions, list(t1.regions) + list(t2.regions)):
            dst.take_body(src)
        for old, nv in zip(list(first.results) + list(second.results), new.results):
            rw.replace_all_uses_with(old, nv)
    rw.erase_op(t1)
    rw.erase_op(t2)
    rw.erase_op(first)
    rw.erase_op(second)
    return new


def fuse_parallel_loops_in(region, rw):
    for block in region.blocks:
        chains, clean = [[]], True
        for op in list(block):
            if op.name == "scf.parallel":
                if clean:
                    chains[-1].append(op)
                else:
                    chains.append([op])
                    clean = True
                continue
            clean = clean and is_memory_effect_free(op) and not op.regions
        for chain in chains:
            for i in range(len(chain) - 1):
                chain[i + 1] = _fuse(chain[i], chain[i + 1], rw)


@register_pass("scf-parallel-loop-fusion", "Fuse adjacent parallel loops",
               display_name="SCFParallelLoopFusion")
def scf_parallel_loop_fusion(op, ctx, options):
    rw = PatternRewriter(ctx)
    post = []
    op.walk(post.append)
    for child in post:
        for region in child.regions:
            fuse_parallel_loops_in(region, rw)
