"""`test-scf-parallel-loop-collapsing`: merges groups of an scf.parallel's dimensions into
single dimensions (up to three groups, given as index lists). Each dimension is normalized
to run from 0 with step 1; a group's new bound is the product of its members' trip counts and
the members are recovered from the merged index by remainders and quotients."""
from __future__ import annotations

import sys

from pyopt.ir.attributes import IntegerAttr
from pyopt.pass_registry import PassOption, register_pass
from pyopt.rewrite.folding import create_or_fold
from pyopt.rewrite.rewriter import Builder
from pyopt.ir.diagnostics import Diagnostic, pass_failure
from passes.scf.common import const_int, create_parallel, parallel_groups


def _cst(b, v, t, loc):
    return b.create("arith.constant", [], [t], properties={"value": IntegerAttr(t, v)},
                    loc=loc).results[0]


def _normalized_size(b, loc, lb, ub, st):
    zero, one = const_int(lb) == 0, const_int(st) == 1
    if zero and one:
        return ub
    diff = ub if zero else create_or_fold(b, "arith.subi", [ub, lb], [ub.type], loc)[0]
    if one:
        return diff
    return create_or_fold(b, "arith.ceildivsi", [diff, st], [ub.type], loc)[0]


def _denormalize(b, loc, iv, lb, st):
    keep, v = set(), iv
    if const_int(st) != 1:
        v = b.create("arith.muli", [iv, st], [iv.type], loc=loc).results[0]
        keep.add(v.owner)
    if const_int(lb) != 0:
        v = b.create("arith.addi", [v, lb], [iv.type], loc=loc).results[0]
        keep.add(v.owner)
    if v is not iv:
        iv.replace_uses_if(v, lambda use: use.owner not in keep)


def collapse_parallel(ctx, loop, groups):
    b = Builder(ctx)
    loc = loop.loc
    lbs, ubs, steps, _ = parallel_groups(loop)
    body = loop.regions[0].blocks[0]
    sizes = []
    for i in range(len(lbs)):
        b.set_insertion_point(loop)
        sizes.append(_normalized_size(b, loc, lbs[i], ubs[i], steps[i]))
        b.set_insertion_point_to_start(body)
        _denormalize(b, loc, body.args[i], lbs[i], steps[i])
    b.set_insertion_point(loop)
    t = lbs[0].type
    c0, c1 = _cst(b, 0, t, loc), _cst(b, 1, t, loc)
    new_ubs = []
    for g in groups:
        u = _cst(b, 1, t, loc)
        for idx in sorted(g):
            u = b.create("arith.muli", [u, sizes[idx]], [t], loc=loc).results[0]
        new_ubs.append(u)
    new = create_parallel(b, [c0] * len(groups), new_ubs, [c1] * len(groups), [], loc)
    nbody = new.regions[0].blocks[0]
    b.set_insertion_point(nbody.last)
    for i, g in enumerate(groups):
        prev = nbody.args[i]
        for j in range(len(g) - 1, 0, -1):
            idx = g[j]
            rem = b.create("arith.remsi", [prev, sizes[idx]], [t], loc=loc).results[0]
            body.args[idx].replace_all_uses_with(rem)
            prev = b.create("arith.divsi", [prev, sizes[idx]], [t], loc=loc).results[0]
        body.args[g[0]].replace_all_uses_with(prev)
    body.last.erase()
    anchor = nbody.last
    op = body.first
    while op is not None:
        nxt = op.next
        op.move_before(anchor)
        op = nxt
    loop.erase()


def _indices(opt):
    return [int(x) for x in (opt or [])]


@register_pass("test-scf-parallel-loop-collapsing",
               "Test parallel loops collapsing transformation",
               options=[PassOption(f"collapsed-indices-{i}", list, [],
                                   "Which loop indices to combine into the position "
                                   f"{i} loop index") for i in range(3)],
               display_name="TestSCFParallelLoopCollapsing")
def test_parallel_loop_collapsing(op, ctx, options):
    given = [_indices(options.get(f"collapsed-indices-{i}")) for i in range(3)]
    groups = []
    for i, g in enumerate(given):
        if not g:
            continue
        if i and not given[i - 1]:
            sys.stderr.write(f"collapsed-indices-{i} specified but not collapsed-indices-{i - 1}")
            raise pass_failure(op.loc)
        groups.append(g)
    if not groups:
        sys.stderr.write("No collapsed-indices were specified. This pass is only for testing "
                         "and does not automatically collapse all parallel loops or similar.")
        raise pass_failure(op.loc)
    flat = {x for g in groups for x in g}
    if max(flat) != len(flat) - 1:
        sys.stderr.write("collapsed-indices arguments must include all values [0,N).")
        raise pass_failure(op.loc)
    loops = []

    def walk(o):
        for r in o.regions:
            for blk in r.blocks:
                for c in list(blk.ops) if hasattr(blk, "ops") else _ops(blk):
                    walk(c)
        if o.name == "scf.parallel":
            loops.append(o)
    walk(op)
    for loop in loops:
        n = len(loop.regions[0].blocks[0].args)
        if n != len(flat):
            ctx.diag_engine.emit(Diagnostic(
                "error", loop.loc,
                f"'scf.parallel' op has {n} iter args while this limited functionality testing "
                f"pass was configured only for loops with exactly {len(flat)} iter args."))
            continue
        collapse_parallel(ctx, loop, groups)


def _ops(blk):
    out, cur = [], blk.first
    while cur is not None:
        out.append(cur)
        cur = cur.next
    return out
