"""`test-loop-unrolling`: unrolls the scf.for loops at a given nesting depth by a factor
(the body is repeated with the induction variable offset by `i * step`; a copy of the loop
runs the remaining iterations when the trip count is not a multiple of the factor)."""
from __future__ import annotations

from pyopt.ir.attributes import IntegerAttr
from pyopt.ir.types import IntegerType
from pyopt.pass_registry import PassOption, register_pass
from pyopt.rewrite.rewriter import PatternRewriter

from passes.scf.common import const_index, const_int

_UI32 = IntegerType(32, IntegerType.UNSIGNED)


def _trip_count(loop):
    lb, ub, st = loop.lowerBound, loop.upperBound, loop.step
    if lb is ub:
        return 0
    c = [const_int(v) for v in (lb, ub, st)]
    if None in c or c[2] == 0:
        return None
    return -((c[0] - c[1]) // c[2])


def promote_if_single_iteration(rw, loop):
    if _trip_count(loop) != 1:
        return False
    body = loop.regions[0].blocks[0]
    y = body.last
    for r, v in zip(loop.results, y.operands):
        rw.replace_all_uses_with(r, v)
    rw.inline_block_before(body, loop.parent, loop, [loop.lowerBound] + loop.initArgs)
    rw.erase_op(y)
    rw.erase_op(loop)
    return True


def _bin(rw, name, a, b, loc):
    return rw.create(name, [a, b], [a.type], loc=loc).results[0]


def unroll_by_factor(rw, loop, factor, annotate=None):
    body = loop.regions[0].blocks[0]
    if body.first is body.last:
        return True
    loc = loop.loc
    step = loop.step
    epilogue = True
    trip = None
    bounds = (loop.lowerBound, loop.upperBound, step)
    if all(const_int(v) is not None for v in bounds):
        trip = _trip_count(loop)
    rw.set_insertion_point(loop)
    if trip is not None:
        lbc, ubc, stc = (const_int(v) for v in bounds)
        if factor == 1:
            if trip == 1:
                promote_if_single_iteration(rw, loop)
            return True
        ub_unrolled_c = lbc + (trip - trip % factor) * stc
        epilogue = ub_unrolled_c < ubc
        ub_unrolled = const_index(rw, ub_unrolled_c, loc) if epilogue else loop.upperBound
        step_unrolled = step if stc == stc * factor else const_index(rw, stc * factor, loc)
    else:
        lb, ub = loop.lowerBound, loop.upperBound
        diff = _bin(rw, "arith.subi", ub, lb, loc)
        one = const_index(rw, 1, loc)
        trip_v = _bin(rw, "arith.divui", _bin(rw, "arith.addi", diff, _bin(
            rw, "arith.subi", step, one, loc), loc), step, loc)
        fc = const_index(rw, factor, loc)
        rem = _bin(rw, "arith.remsi", trip_v, fc, loc)
        even = _bin(rw, "arith.subi", trip_v, rem, loc)
        ub_unrolled = _bin(rw, "arith.addi", lb, _bin(rw, "arith.muli", even, step, loc), loc)
        step_unrolled = _bin(rw, "arith.muli", step, fc, loc)
    if epilogue:
        ep = loop.clone({})
        loop.parent.insert_after(loop, ep)
        ep.lowerBound = ub_unrolled
        for r, er in zip(loop.results, ep.results):
            r.replace_all_uses_with(er)
        for i, r in enumerate(loop.results):
            ep.set_operand(3 + i, r)
        promote_if_single_iteration(rw, ep)
    loop.upperBound = ub_unrolled
    loop.step = step_unrolled
    iv, iter_args = body.args[0], list(body.args[1:])
    term = body.last
    yielded = list(term.operands)
    last = list(yielded)
    originals = []
    o = body.first
    while o is not term:
        originals.append(o)
        o = o.next
    for i in range(1, factor):
        mapping = dict(zip(iter_args, last))
        rw.set_insertion_point(term)
        if iv.has_uses():
            c = const_index(rw, i, loc)
            stride = _bin(rw, "arith.muli", step, c, loc)
            mapping[iv] = _bin(rw, "arith.addi", iv, stride, loc)
        for op in originals:
            cl = rw.clone(op, mapping)
            if annotate:
                annotate(i, cl)
        last = [mapping.get(v, v) for v in yielded]
    if annotate:
        for op in originals:
            annotate(0, op)
    term.set_operands(last)
    promote_if_single_iteration(rw, loop)
    return True


def _depth(op):
    return sum(1 for p in op.ancestors() if p.name == "scf.for")


@register_pass("test-loop-unrolling", "Tests loop unrolling transformation",
               options=[PassOption("unroll-factor", int, 1, "Loop unroll factor."),
                        PassOption("annotate", bool, False, "Annotate unrolled iterations."),
                        PassOption("unroll-up-to-factor", bool, False,
                                   "Loop unroll up to factor."),
                        PassOption("loop-depth", int, 0, "Loop depth.")])
def test_loop_unrolling(op, ctx, options):
    loops = []
    depth = options["loop-depth"]
    op.walk(lambda o: loops.append(o) if o.name == "scf.for" and _depth(o) == depth else None)
    ann = None
    if options["annotate"]:
        def ann(i, o):
            o.set_attr("unrolled_iteration", IntegerAttr(_UI32, i))
    rw = PatternRewriter(ctx)
    for loop in loops:
        unroll_by_factor(rw, loop, options["unroll-factor"], ann)
