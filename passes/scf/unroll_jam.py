"""Unroll-and-jam of scf.for (MLIR's loopUnrollJamByFactor for scf): the loop steps `factor`
times as far and every maximal run of non-loop ops inside it is followed by its copies for
the bumped induction variable, so that inner loops are shared ("jammed"). Inner loops that
carry values get one set of iter_args per copy. Only loops without results whose constant
trip count the factor divides qualify (a larger factor is cut to the trip count)."""
from __future__ import annotations

from pyopt.ir.attributes import IntegerAttr
from pyopt.ir.core import Region
from pyopt.ir.types import INDEX
from pyopt.rewrite.folding import create_or_fold
from pyopt.rewrite.matchers import constant_int
from passes.affine.unroll_jam import sub_blocks
from passes.scf.unrolling import _trip_count, promote_if_single_iteration


def _inner_bounds_invariant(loop):
    for inner in loop.walk_ops():
        if inner.name != "scf.for":
            continue
        for v in (inner.lowerBound, inner.upperBound, inner.step):
            blk = v.parent_block
            owner = blk.parent.parent if blk is not None and blk.parent is not None else None
            if owner is not None and (owner is loop or loop.is_ancestor_of(owner)):
                return False
    return True


def _with_more_iter_args(rw, old, inits, yields):
    """replaceWithAdditionalYields: `old` rebuilt with extra iter_args yielding `yields`."""
    rw.set_insertion_point(old)
    all_inits = list(old.initArgs) + list(inits)
    new = rw.create("scf.for", [old.lowerBound, old.upperBound, old.step] + all_inits,
                    [v.type for v in all_inits], attributes=dict(old.attributes),
                    regions=[Region()], loc=old.loc)
    new.regions[0].take_body(old.regions[0])
    block = new.regions[0].blocks[0]
    for v in inits:
        block.add_argument(v.type, old.loc)
    term = block.last
    term.set_operands(list(term.operands) + list(yields))
    for r, nr in zip(old.results, new.results):
        rw.replace_all_uses_with(r, nr)
    rw.erase_op(old)
    return new


def unroll_jam_by_factor(rw, loop, factor):
    """Returns False when the loop does not qualify (nothing changed)."""
    if factor == 1:
        return True
    if not _inner_bounds_invariant(loop) or loop.results:
        return False
    trip = _trip_count(loop)
    if trip is None:
        return False
    if factor > trip:
        factor = trip
    elif trip % factor:
        return False
    body = loop.regions[0].blocks[0]
    if body.first is body.last:
        return True
    subs = sub_blocks(loop, "scf.for")
    inner = []
    loop.walk(lambda o: inner.append(o) if o.name == "scf.for" else None)
    maps = [dict() for _ in range(factor - 1)]
    rebuilt = []
    for old in inner:
        n = len(old.initArgs)
        old_yield = list(old.regions[0].blocks[0].last.operands)
        new = _with_more_iter_args(rw, old, list(old.initArgs) * (factor - 1),
                                   old_yield * (factor - 1))
        rebuilt.append(new)
        if old is loop:
            loop = new
        args = new.regions[0].blocks[0].args[1:]
        for i in range(factor - 1, 0, -1):
            for j in range(n):
                maps[i - 1][args[j]] = args[i * n + j]
                maps[i - 1][new.results[j]] = new.results[i * n + j]
    step = constant_int(loop.step)
    rw.set_insertion_point(loop)
    f = create_or_fold(rw, "arith.constant", [], [INDEX], loop.loc,
                       {"value": IntegerAttr(INDEX, factor)})[0]
    new_step = create_or_fold(rw, "arith.muli", [loop.step, f], [INDEX], loop.loc)[0]
    loop.set_operand(2, new_step)
    iv = loop.regions[0].blocks[0].args[0]
    for i in range(factor - 1, 0, -1):
        m = maps[i - 1]
        for first, last in subs:
            rw.set_insertion_point_after(last)
            if iv.has_uses():
                tag = create_or_fold(rw, "arith.constant", [], [INDEX], loop.loc,
                                     {"value": IntegerAttr(INDEX, step * i)})[0]
                m[iv] = create_or_fold(rw, "arith.addi", [iv, tag], [INDEX], loop.loc)[0]
            cur = first
            while True:
                rw.insert(cur.clone(m))
                if cur is last:
                    break
                cur = cur.next
        for nl in rebuilt:
            y = nl.regions[0].blocks[0].last
            n_old = len(nl.initArgs) // factor
            for j in range(n_old):
                v = nl.initArgs[j]
                nl.set_operand(3 + i * n_old + j, m.get(v, v))
                w = y.operands[j]
                y.set_operand(i * n_old + j, m.get(w, w))
    promote_if_single_iteration(rw, loop)
    return True
