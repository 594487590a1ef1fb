"""`affine-loop-unroll`: unrolls innermost affine.for loops by a factor (the body repeated
with the induction variable bumped by multiples of the step; a cleanup loop takes the
remaining iterations when the factor does not divide the trip count), fully (constant trip
counts), or up to a factor. Loop-carried values thread through the copies."""
from __future__ import annotations

from pyopt.dialects.affine.canonicalize import (canonicalize_map_and_operands,
                                                compose_map_and_operands, simplify_map)
from pyopt.ir.affine import AffineMap, dim
from pyopt.ir.attributes import AffineMapAttr, IntegerAttr
from pyopt.ir.types import INDEX
from pyopt.pass_registry import PassOption, register_pass
from pyopt.rewrite.rewriter import Builder
from passes.affine.tiling.loops import (
    body, constant_trip_count, iv, largest_divisor_of_trip_count, lb_map, lb_operands,
    set_lower_bound, set_step, set_upper_bound, step, trip_count_map, ub_map)


def _inits(op):
    from pyopt.dialects.affine.loop_canonicalize import _for_parts
    return list(_for_parts(op)[2])


def _apply(b, m, operands, loc):
    return b.create("affine.apply", operands, [INDEX], properties={"map": AffineMapAttr(m)},
                    loc=loc).results[0]


def promote_if_single_iteration(ctx, op):
    if constant_trip_count(op) != 1 or lb_map(op).num_results != 1:
        return False
    x = iv(op)
    lb = lb_map(op)
    if x.has_uses():
        if lb.is_single_constant():
            func = op.parent_op
            while func is not None and func.name != "func.func":
                func = func.parent_op
            b = Builder(ctx)
            b.set_insertion_point_to_start(func.regions[0].blocks[0])
            c = b.create("arith.constant", [], [INDEX],
                         properties={"value": IntegerAttr(INDEX, lb.results[0].value)},
                         loc=op.loc).results[0]
            x.replace_all_uses_with(c)
        elif lb == AffineMap.get_multi_dim_identity(1):
            x.replace_all_uses_with(lb_operands(op)[0])
        else:
            b = Builder(ctx)
            b.set_insertion_point(op)
            x.replace_all_uses_with(_apply(b, lb, lb_operands(op), op.loc))
    blk = body(op)
    for arg, init in zip(blk.args[1:], _inits(op)):
        arg.replace_all_uses_with(init)
    term = blk.last
    for r, v in zip(op.results, term.operands):
        r.replace_all_uses_with(v)
    term.erase()
    cur = blk.first
    while cur is not None:
        nxt = cur.next
        cur.move_before(op)
        cur = nxt
    op.erase()
    return True


def _cleanup_lower_bound(ctx, op, factor):
    """getCleanupLoopLowerBound: lb + (trip - trip mod factor) * step."""
    tmap, tops = trip_count_map(op)
    if tmap is None:
        return None, None
    b = Builder(ctx)
    b.set_insertion_point(op)
    lb = _apply(b, lb_map(op), lb_operands(op), op.loc)
    st = step(op)
    bumps = []
    for e in tmap.results:
        m = AffineMap.get(tmap.num_dims, tmap.num_symbols, [(e - e % factor) * st])
        bumps.append(_apply(b, m, tops, op.loc))
    n = tmap.num_results
    m = AffineMap.get(1 + n, 0, [dim(0) + dim(i + 1) for i in range(n)])
    m, operands = compose_map_and_operands(m, [lb] + bumps)
    m = simplify_map(m)
    m, operands = canonicalize_map_and_operands(m, operands)
    for v in bumps + [lb]:
        if not v.has_uses():
            v.owner.erase()
    return m, operands


def _cleanup_loop(ctx, op, factor):
    b = Builder(ctx)
    b.set_insertion_point_after(op)
    clean = b.clone(op)
    first_init = len(clean.operands) - len(clean.results)
    for k, (r, cr) in enumerate(zip(op.results, clean.results)):
        r.replace_all_uses_with(cr)
        # (upstream reads the init afresh each time from the live operand list, so equal
        # inits all end up on the last result; kept for identical output)
        ci = clean.operands[first_init + k]
        for i, v in enumerate(clean.operands):
            if v is ci:
                clean.set_operand(i, r)
    m, operands = _cleanup_lower_bound(ctx, op, factor)
    if m is None:
        clean.erase()
        return False
    set_lower_bound(clean, operands, m)
    promote_if_single_iteration(ctx, clean)
    set_upper_bound(op, operands, m)
    return True


def _unrolled_body(ctx, op, factor, remap):
    blk = body(op)
    x = blk.args[0]
    iter_args = list(blk.args[1:])
    term = blk.last
    yielded = list(term.operands)
    last = list(yielded)
    src_end = term.prev
    b = Builder(ctx)
    b.set_insertion_point(term)
    for i in range(1, factor):
        mapping = dict(zip(iter_args, last))
        if x.has_uses():
            mapping[x] = remap(i, x, b)
        cur = blk.first
        while True:
            b.insert(cur.clone(mapping))
            if cur is src_end:
                break
            cur = cur.next
        for k, v in enumerate(yielded):
            owner = getattr(v, "owner", None)
            if hasattr(owner, "opdef") and owner.parent is blk:
                last[k] = mapping.get(v, v)
    for k, v in enumerate(last):
        term.set_operand(k, v)


def unroll_by_factor(ctx, op, factor, cleanup_unroll=False):
    count = constant_trip_count(op)
    if factor == 1:
        if count == 1 and not promote_if_single_iteration(ctx, op):
            return False
        return True
    blk = body(op)
    if blk.first is blk.last:
        return True
    if count is not None and count < factor:
        return unroll_full(ctx, op) if cleanup_unroll else False
    if largest_divisor_of_trip_count(op) % factor != 0:
        if lb_map(op).num_results != 1 or ub_map(op).num_results != 1:
            return False
        if cleanup_unroll:
            return unroll_full(ctx, op)
        _cleanup_loop(ctx, op, factor)
    st = step(op)
    set_step(op, st * factor)

    def remap(i, x, b):
        return _apply(b, AffineMap.get(1, 0, [dim(0) + i * st]), [x], op.loc)
    if blk.first is not blk.last:
        _unrolled_body(ctx, op, factor, remap)
    promote_if_single_iteration(ctx, op)
    return True


def unroll_full(ctx, op):
    count = constant_trip_count(op)
    if count is None:
        return False
    if count == 0:
        return True
    if count == 1:
        return promote_if_single_iteration(ctx, op)
    return unroll_by_factor(ctx, op, count)


def unroll_up_to_factor(ctx, op, factor):
    count = constant_trip_count(op)
    if count is not None and count < factor:
        return unroll_by_factor(ctx, op, count)
    return unroll_by_factor(ctx, op, factor)


def _innermost_loops(func):
    out = []

    def innermost(o):
        return not any(x.name == "affine.for" for x in o.walk_ops() if x is not o)
    for o in func.walk_ops():
        if o.name == "affine.for" and innermost(o):
            out.append(o)
    return out


def _post_order_fors(func):
    out = []
    func.walk(lambda o: out.append(o) if o.name == "affine.for" else None)
    return out


class _Unset(int):
    """The threshold's default (1): upstream only applies the threshold when it was given."""


@register_pass("affine-loop-unroll", "Unroll affine loops", anchor="func.func",
               display_name="LoopUnroll",
               options=[PassOption("unroll-factor", int, 4,
                                   "Use this unroll factor for all loops being unrolled"),
                        PassOption("unroll-up-to-factor", bool, False,
                                   "Allow unrolling up to the factor specified"),
                        PassOption("unroll-full", bool, False, "Fully unroll loops"),
                        PassOption("unroll-num-reps", int, 1,
                                   "Unroll innermost loops repeatedly this many times"),
                        PassOption("unroll-full-threshold", int, _Unset(1),
                                   "Unroll all loops with trip count less than or equal to "
                                   "this"),
                        PassOption("cleanup-unroll", bool, False,
                                   "Fully unroll the cleanup loop when possible.")])
def affine_loop_unroll(op, ctx, options):
    if not op.regions[0].blocks:
        return
    threshold = options["unroll-full-threshold"]
    if options["unroll-full"] and type(threshold) is not _Unset:
        loops = [o for o in _post_order_fors(op)
                 if (constant_trip_count(o) is not None and constant_trip_count(o) <= threshold)]
        for o in loops:
            unroll_full(ctx, o)
        return
    for _ in range(options["unroll-num-reps"]):
        loops = _innermost_loops(op)
        if not loops:
            break
        unrolled = False
        for o in loops:
            if options["unroll-full"]:
                r = unroll_full(ctx, o)
            elif options["unroll-up-to-factor"]:
                r = unroll_up_to_factor(ctx, o, options["unroll-factor"])
            else:
                r = unroll_by_factor(ctx, o, options["unroll-factor"], options["cleanup-unroll"])
            unrolled |= bool(r)
        if not unrolled:
            break
