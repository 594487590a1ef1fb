"""`affine-loop-unroll-jam`: unroll-and-jam of the first affine.for of a function. The loop
steps `factor` times as far, and every maximal run of non-loop ops inside it (at any depth)
is followed by its copies for the bumped induction variables, so inner loops are shared by
the copies ("jammed"). Loops carrying values get one set of iter_args per copy; reductions
of the outer loop are combined after it."""
from __future__ import annotations

from pyopt.ir.affine import AffineMap, dim
from pyopt.ir.attributes import AffineMapAttr
from pyopt.ir.opdef import segment_sizes
from pyopt.ir.types import INDEX
from pyopt.pass_registry import PassOption, register_pass
from pyopt.rewrite.rewriter import Builder
from passes.affine.super_vectorize.analysis import (REDUCTION_KINDS,
                                                               supported_reductions)
from passes.affine.tiling.loops import (body, constant_trip_count, iv,
                                                   largest_divisor_of_trip_count, lb_map,
                                                   lb_operands, set_step, step, ub_map,
                                                   ub_operands)
from passes.affine.unroll import _cleanup_loop, _inits, promote_if_single_iteration

_COMBINER = {kind: name for name, kind in REDUCTION_KINDS.items()}


def sub_blocks(op, loop_name="affine.for"):
    """JamBlockGatherer: maximal runs (first, last) of ops other than `loop_name` loops,
    recursively (scf's unroll-and-jam gathers around scf.for)."""
    out = []

    def walk_block(blk):
        cur, term = blk.first, blk.last
        while cur is not term:
            start = cur
            prev = None
            while cur is not term and cur.name != loop_name:
                prev = cur
                cur = cur.next
            if prev is not None:
                out.append((start, prev))
            while cur is not term and cur.name == loop_name:
                for r in cur.regions:
                    for b in r.blocks:
                        walk_block(b)
                cur = cur.next
    for r in op.regions:
        for b in r.blocks:
            walk_block(b)
    return out


def _inner_bounds_invariant(op):
    for o in op.walk_ops():
        if o.name != "affine.for":
            continue
        for v in lb_operands(o) + ub_operands(o):
            owner = v.owner
            blk = owner.parent if hasattr(owner, "opdef") else owner
            p = blk.parent.parent if blk is not None and blk.parent is not None else None
            if p is not None and op.is_ancestor_of(p):
                return False
    return True


def _with_more_iter_args(ctx, old, inits, yields):
    """replaceWithAdditionalYields: the loop rebuilt with extra iter_args yielding `yields`."""
    b = Builder(ctx)
    b.set_insertion_point(old)
    lbo, ubo, old_inits = lb_operands(old), ub_operands(old), _inits(old)
    all_inits = old_inits + list(inits)
    props = dict(old.properties)
    props["operandSegmentSizes"] = segment_sizes([len(lbo), len(ubo), len(all_inits)])
    new = b.create("affine.for", lbo + ubo + all_inits, [v.type for v in all_inits],
                   properties=props, attributes=dict(old.attributes), regions=1, loc=old.loc)
    new.regions[0].take_body(old.regions[0])
    blk = body(new)
    for v in inits:
        blk.add_argument(v.type, old.loc)
    term = blk.last
    term.set_operands(list(term.operands) + list(yields))
    for r, nr in zip(old.results, new.results):
        r.replace_all_uses_with(nr)
    old.erase()
    return new


def unroll_jam_by_factor(ctx, op, factor):
    count = constant_trip_count(op)
    if factor == 1:
        if count == 1 and not promote_if_single_iteration(ctx, op):
            return False
        return True
    blk = body(op)
    if blk.first is blk.last:
        return True
    if count is not None and count < factor:
        return False
    if not _inner_bounds_invariant(op):
        return False
    subs = sub_blocks(op)
    carrying = []
    op.walk(lambda o: carrying.append(o) if o.name == "affine.for" and _inits(o) else None)
    reductions = supported_reductions(op) if _inits(op) else []
    if largest_divisor_of_trip_count(op) % factor != 0:
        if lb_map(op).num_results != 1 or ub_map(op).num_results != 1:
            return False
        _cleanup_loop(ctx, op, factor)
    maps = [dict() for _ in range(factor - 1)]
    rebuilt = []
    for old in carrying:
        n = len(_inits(old))
        old_yield = list(body(old).last.operands)
        new = _with_more_iter_args(ctx, old, _inits(old) * (factor - 1),
                                   old_yield * (factor - 1))
        rebuilt.append(new)
        if old is op:
            op = new
        args, results = body(new).args[1:], new.results
        for i in range(factor - 1, 0, -1):
            for j in range(n):
                maps[i - 1][args[j]] = args[i * n + j]
                maps[i - 1][results[j]] = results[i * n + j]
    st = step(op)
    set_step(op, st * factor)
    x = iv(op)
    b = Builder(ctx)
    for i in range(factor - 1, 0, -1):
        m = maps[i - 1]
        for first, last in subs:
            b.set_insertion_point_after(last)
            if x.has_uses():
                m[x] = b.create("affine.apply", [x], [INDEX], properties={
                    "map": AffineMapAttr(AffineMap.get(1, 0, [dim(0) + i * st]))},
                    loc=op.loc).results[0]
            cur = first
            while True:
                b.insert(cur.clone(m))
                if cur is last:
                    break
                cur = cur.next
        for loop in rebuilt:
            nctl = len(lb_operands(loop)) + len(ub_operands(loop))
            n_old = len(_inits(loop)) // factor
            y = body(loop).last
            ny = len(y.operands) // factor
            for j in range(n_old):
                v = loop.operands[nctl + j]
                loop.set_operand(nctl + i * n_old + j, m.get(v, v))
                w = y.operands[j]
                y.set_operand(i * ny + j, m.get(w, w))
    if op.results:
        b.set_insertion_point_after(op)
        n_old = len(op.results) // factor
        for kind, pos, _ in reductions:
            lhs = op.results[pos]
            made = set()
            for i in range(factor - 1, 0, -1):
                rhs = op.results[i * n_old + pos]
                c = b.create(_COMBINER[kind], [lhs, rhs], [lhs.type], loc=op.loc)
                made.add(c)
                lhs = c.results[0]
            op.results[pos].replace_uses_if(lhs, lambda u: u.owner not in made)
    promote_if_single_iteration(ctx, op)
    return True


@register_pass("affine-loop-unroll-jam", "Unroll and jam affine loops", anchor="func.func",
               display_name="LoopUnrollAndJam",
               options=[PassOption("unroll-jam-factor", int, 4,
                                   "Use this unroll jam factor for all loops (default 4)")])
def affine_loop_unroll_jam(op, ctx, options):
    if not op.regions[0].blocks:
        return
    first = op.regions[0].blocks[0].first
    if first is not None and first.name == "affine.for":
        unroll_jam_by_factor(ctx, first, options["unroll-jam-factor"])
