"""`scf-for-loop-peeling`: splits an scf.for whose step may not divide its range into a
main loop over whole steps and a partial last iteration (`peel-front`: a first iteration
and the rest), then simplifies the affine.min/max ops of both parts with what each one
knows (`ub - iv >= step` in the main loop, `< step` in the partial one)."""
from __future__ import annotations

from math import ceil

from pyopt.dialects.affine.builders import _create_folded, _full_compose
from pyopt.ir.affine import AffineMap, symbol
from pyopt.ir.attributes import UNIT
from pyopt.pass_registry import PassOption, register_pass
from pyopt.rewrite.greedy import apply_patterns_greedily
from pyopt.rewrite.pattern import RewritePattern

from passes.scf.common import default_greedy_config, const_index, const_int
from passes.scf.minmax import canonicalize_min_max_in_loop, lin_add, lin_of

_PEELED = "__peeled_loop__"
_PARTIAL = "__partial_iteration__"


def create_or_fold_apply(rw, m, operands, loc):
    r = _create_folded(rw, "affine.apply", m, list(operands), loc)
    return const_index(rw, r, loc) if isinstance(r, int) else r


def _peeled_facts(iv, ub, step, inside):
    """Ranges for the induction variable of the main (inside) or partial loop."""
    known = {v: c for v in (ub, step) for c in [const_int(v)] if c is not None}
    ubl = {1: known[ub]} if ub in known else {ub: 1}
    stl = {1: known[step]} if step in known else {step: 1}
    edge = lin_add(ubl, stl, -1)  # ub - step
    if inside:
        return {iv: (None, edge)}, known
    return {iv: (lin_add(edge, {1: 1}), None)}, known


def _rewrite_min_max(loop, iv, ub, step, inside, rw):
    ranges, known = _peeled_facts(iv, ub, step, inside)
    ops = []
    loop.walk(lambda o: ops.append(o) if o.name in ("affine.min", "affine.max") else None)
    for op in ops:
        canonicalize_min_max_in_loop(op, rw, ranges, known)


def peel_last_iteration(rw, loop):
    lb, ub, step = loop.lowerBound, loop.upperBound, loop.step
    lbi, ubi, sti = const_int(lb), const_int(ub), const_int(step)
    if sti is not None and sti <= 1:
        return None
    if None not in (lbi, ubi, sti) and (ubi - lbi) % sti == 0:
        return None
    s0, s1, s2 = symbol(0), symbol(1), symbol(2)
    m, _ = _full_compose(AffineMap(0, 3, [(s1 - s0) % s2]), [lb, ub, step])
    r = m.results[0]
    if r.kind.name == "CONSTANT" and r.value == 0:
        return None
    rw.set_insertion_point(loop)
    split = create_or_fold_apply(rw, AffineMap(0, 3, [s1 - (s1 - s0) % s2]),
                                 [lb, ub, step], loop.loc)
    partial = loop.clone({})
    rw.set_insertion_point_after(loop)
    rw.insert(partial)
    partial.set_operand(0, split)
    for old, new in zip(loop.results, partial.results):
        rw.replace_all_uses_with(old, new)
    for i, r in enumerate(loop.results):
        partial.set_operand(3 + i, r)
    rw.modify_op_in_place(loop, lambda: loop.set_operand(1, split))
    _rewrite_min_max(loop, loop.regions[0].blocks[0].args[0], ub, step, True, rw)
    _rewrite_min_max(partial, partial.regions[0].blocks[0].args[0], ub, step, False, rw)
    return partial


def peel_first_iteration(rw, loop):
    lb, ub, step = loop.lowerBound, loop.upperBound, loop.step
    lbi, ubi, sti = const_int(lb), const_int(ub), const_int(step)
    if None not in (lbi, ubi, sti) and sti != 0 and ceil((ubi - lbi) / sti) <= 1:
        return None
    rw.set_insertion_point(loop)
    split = create_or_fold_apply(rw, AffineMap(0, 2, [symbol(0) + symbol(1)]), [lb, step],
                                 loop.loc)
    first = loop.clone({ub: split})
    rw.set_insertion_point(loop)
    rw.insert(first)

    def update():
        for i, r in enumerate(first.results):
            loop.set_operand(3 + i, r)
        loop.set_operand(0, split)
    rw.modify_op_in_place(loop, update)
    return first


class ForLoopPeeling(RewritePattern):
    root = "scf.for"

    def __init__(self, peel_front, skip_partial):
        super().__init__()
        self.peel_front, self.skip_partial = peel_front, skip_partial

    def match_and_rewrite(self, loop, rw):
        if _PEELED in loop.attributes:
            return False
        if self.peel_front:
            part = peel_first_iteration(rw, loop)
        else:
            if self.skip_partial and any(p.name == "scf.for" and _PARTIAL in p.attributes
                                         for p in loop.ancestors()):
                return False
            part = peel_last_iteration(rw, loop)
        if part is None:
            return False
        rw.modify_op_in_place(part, lambda: (part.set_attr(_PEELED, UNIT),
                                             part.set_attr(_PARTIAL, UNIT)))
        rw.modify_op_in_place(loop, lambda: loop.set_attr(_PEELED, UNIT))
        return True


@register_pass("scf-for-loop-peeling", "Peel `for` loops at their upper bounds.",
               options=[PassOption("peel-front", bool, False,
                                   "Peel the first iteration out of the loop."),
                        PassOption("skip-partial", bool, True,
                                   "Do not peel loops inside of the last, partial iteration "
                                   "of another already peeled loop.")],
               display_name="SCFForLoopPeeling")
def scf_for_loop_peeling(op, ctx, options):
    apply_patterns_greedily(op, [ForLoopPeeling(options["peel-front"],
                                                options["skip-partial"])], ctx, default_greedy_config())
    for o in op.walk_ops():
        if o.attributes:
            o.remove_attr(_PEELED)
            o.remove_attr(_PARTIAL)
