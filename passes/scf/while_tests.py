"""Test passes over scf.while: `test-scf-while-op-builder` (builds a dummy copy of each loop
through the builder), `test-wrap-scf-while-loop-in-zero-trip-check` (evaluates the
condition once before the loop and rotates the loop under an scf.if) and
`test-scf-uplift-while-to-for` (a while counting `iv < ub` by `iv + step` becomes scf.for)."""
from __future__ import annotations

from pyopt.ir.attributes import IntegerAttr
from pyopt.ir.core import Region
from pyopt.ir.types import I1, IndexType
from pyopt.pass_registry import PassOption, register_pass
from pyopt.rewrite.greedy import apply_patterns_greedily
from pyopt.rewrite.pattern import RewritePattern
from pyopt.rewrite.rewriter import PatternRewriter

from passes.scf.common import const_index, create_for, default_greedy_config, \
    defining, parent_op_of_value

_SLT, _SGT = 2, 4


def _whiles(op):
    out = []
    op.walk(lambda o: out.append(o) if o.name == "scf.while" else None)
    return out


def create_while(rw, result_types, operands, loc):
    """scf.while with empty before/after blocks (operand / result typed arguments)."""
    w = rw.create("scf.while", list(operands), list(result_types),
                  regions=[Region(), Region()], loc=loc)
    ip = rw.save()
    before = rw.create_block(w.regions[0], [v.type for v in operands], [loc] * len(operands))
    after = rw.create_block(w.regions[1], list(result_types), [loc] * len(result_types))
    rw.restore(ip)
    return w, before, after


@register_pass("test-scf-while-op-builder", "test build functions of scf.while")
def test_scf_while_op_builder(op, ctx, options):
    rw = PatternRewriter(ctx)
    for w in _whiles(op):
        loc = w.loc
        rw.set_insertion_point(w)
        types = [r.type for r in w.results]
        operands = list(w.operands)
        _, before, after = create_while(rw, types, operands, loc)
        rw.set_insertion_point_to_end(before)
        cast = rw.create("builtin.unrealized_conversion_cast", list(before.args), types,
                         loc=loc)
        true = rw.create("arith.constant", [], [I1],
                         properties={"value": IntegerAttr(I1, 1)}, loc=loc)
        rw.create("scf.condition", [true.results[0]] + list(cast.results), loc=loc)
        rw.set_insertion_point_to_end(after)
        cast = rw.create("builtin.unrealized_conversion_cast", list(after.args),
                         [v.type for v in operands], loc=loc)
        rw.create("scf.yield", list(cast.results), loc=loc)


def wrap_in_zero_trip_check(rw, w, force):
    before, after = w.regions[0].blocks[0], w.regions[1].blocks[0]
    if not force and after.first.name == "scf.yield":
        return w
    mapping = dict(zip(before.args, w.operands))
    rw.set_insertion_point(w)
    for o in before:
        if o.name == "scf.condition":
            break
        rw.insert(o.clone(mapping))
    cond_op = before.last
    cond = mapping.get(cond_op.condition, cond_op.condition)
    args = [mapping.get(v, v) for v in cond_op.args]
    types = [r.type for r in w.results]
    new, nbefore, nafter = create_while(rw, types, args, w.loc)
    rw.merge_blocks(after, nbefore, list(nbefore.args))
    y = nbefore.last
    rw.merge_blocks(before, nbefore, list(y.operands))
    rw.erase_op(y)
    rw.set_insertion_point_to_end(nafter)
    rw.create("scf.yield", list(nafter.args), loc=w.loc)
    rw.set_insertion_point(w)
    if_op = rw.create("scf.if", [cond], types, regions=[Region(), Region()], loc=w.loc)
    then = rw.create_block(if_op.regions[0])
    new.detach()
    then.append(new)
    rw.set_insertion_point_to_end(then)
    rw.create("scf.yield", list(new.results), loc=w.loc)
    els = rw.create_block(if_op.regions[1])
    rw.set_insertion_point_to_end(els)
    rw.create("scf.yield", args, loc=w.loc)
    rw.replace_op(w, if_op.results)
    return new


@register_pass("test-wrap-scf-while-loop-in-zero-trip-check",
               "test scf::wrapWhileLoopInZeroTripCheck",
               options=[PassOption("force-create-check", bool, False,
                                   "Force to create zero-trip-check.")])
def test_wrap_while_in_zero_trip_check(op, ctx, options):
    rw = PatternRewriter(ctx)
    for w in _whiles(op):
        wrap_in_zero_trip_check(rw, w, options["force-create-check"])


def _dominates_loop(v, loop):
    p = parent_op_of_value(v)
    if p is not None and loop.is_ancestor_of(p):
        return False
    d = defining(v)
    if d is not None and d.parent is loop.parent:
        return d.is_before_in_block(loop)
    return True


def uplift_while_to_for(rw, loop):
    before, after = loop.regions[0].blocks[0], loop.regions[1].blocks[0]
    cmp = before.first
    if cmp is None or cmp.next is not before.last or cmp.name != "arith.cmpi":
        return False
    term = before.last
    if not cmp.results[0].has_one_use() or term.condition is not cmp.results[0]:
        return False
    if len(term.args) != len(before.args) or \
            any(a is not b for a, b in zip(before.args, term.args)):
        return False
    pred = cmp.get_attr("predicate").value
    if pred == _SLT:
        arg1, ub = cmp.lhs, cmp.rhs
    elif pred == _SGT:
        arg1, ub = cmp.rhs, cmp.lhs
    else:
        return False
    if hasattr(arg1.owner, "opdef") or arg1.owner is not before or \
            not _dominates_loop(ub, loop):
        return False
    iv = arg1
    if sum(1 for _ in iv.uses()) != 2:
        return False
    n = iv.index
    yield_op = after.last
    add = defining(yield_op.operand(n), "arith.addi")
    iv_after = after.args[n]
    if add is None:
        return False
    step = add.rhs if add.lhs is iv_after else add.lhs if add.rhs is iv_after else None
    if step is None or not _dominates_loop(step, loop):
        return False
    inits = list(loop.operands)
    lb = inits[n]
    loc = loop.loc
    rw.set_insertion_point(loop)
    new = create_for(rw, lb, ub, step, inits[:n] + inits[n + 1:], loc, terminate=False)
    body = new.regions[0].blocks[0]
    bargs = list(body.args)
    args = [bargs[i + 1] if i < n else bargs[0] if i == n else bargs[i]
            for i in range(len(bargs))]
    rw.inline_block_before(after, body, None, args)
    t = body.last
    rw.set_insertion_point(t)
    rw.create("scf.yield", [v for i, v in enumerate(t.operands) if i != n], loc=t.loc)
    rw.erase_op(t)
    rw.set_insertion_point_after(new)
    t = step.type
    if isinstance(t, IndexType):
        one = const_index(rw, 1, loc)
    else:
        one = rw.create("arith.constant", [], [t], properties={"value": IntegerAttr(t, 1)},
                        loc=loc).results[0]

    def arith(name, a, b):
        return rw.create(name, [a, b], [t], loc=loc).results[0]
    step_dec = arith("arith.subi", step, one)
    length = arith("arith.subi", ub, lb)
    length = arith("arith.addi", length, step_dec)
    length = arith("arith.divsi", length, step)
    length = arith("arith.subi", length, one)
    res = arith("arith.addi", lb, arith("arith.muli", length, step))
    results = list(new.results)
    results.insert(n, res)
    rw.replace_op(loop, results)
    return True


class _Uplift(RewritePattern):
    root = "scf.while"

    def match_and_rewrite(self, op, rw):
        return uplift_while_to_for(rw, op)


@register_pass("test-scf-uplift-while-to-for", "test scf while to for uplifting")
def test_scf_uplift_while_to_for(op, ctx, options):
    apply_patterns_greedily(op, [_Uplift()], ctx, default_greedy_config())
