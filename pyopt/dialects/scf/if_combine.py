"""scf.if's CombineIfs canonicalization (MLIR 19 SCF.cpp): two adjacent scf.if on the same
condition (or one on its negation, `xori c, true`) become one scf.if yielding the results of
both; the second if's uses of the first one's results take the values yielded in the matching
branch. Registered first among scf.if's patterns (canonicalize.py), as upstream."""
from __future__ import annotations

from pyopt.ir.core import Block, Region
from pyopt.rewrite.matchers import constant_int, defining


def _negation_of(v, c):
    """Is v `arith.xori c, 1`?"""
    x = defining(v, "arith.xori")
    return x is not None and x.lhs is c and constant_int(x.rhs) is not None and \
        constant_int(x.rhs) & 1 == 1


def _inside(region, op):
    """region.isAncestor(op's parent region)."""
    r = op.parent.parent if op.parent is not None else None
    while r is not None:
        if r is region:
            return True
        p = r.parent
        r = p.parent.parent if p is not None and p.parent is not None else None
    return False


def _block(region):
    return region.blocks[0] if region.blocks else None


def combine_ifs(next_if, rw):
    block = next_if.parent
    if block.first is next_if:
        return False
    prev_if = next_if.prev
    if prev_if.name != "scf.if":
        return False
    next_then = next_else = None
    if next_if.condition is prev_if.condition:
        next_then, next_else = _block(next_if.regions[0]), _block(next_if.regions[1])
    if _negation_of(next_if.condition, prev_if.condition) or \
            _negation_of(prev_if.condition, next_if.condition):
        next_else, next_then = _block(next_if.regions[0]), _block(next_if.regions[1])
    if next_then is None and next_else is None:
        return False
    prev_else = _block(prev_if.regions[1])
    then_yielded = list(_block(prev_if.regions[0]).last.operands)
    else_yielded = list(prev_else.last.operands) if prev_else is not None else []
    for r, t, e in zip(prev_if.results, then_yielded, else_yielded):
        for use in list(r.uses()):
            owner = use.owner
            if next_then is not None and _inside(next_then.parent, owner):
                rw.modify_op_in_place(owner, lambda use=use, t=t: use.set(t))
            elif next_else is not None and _inside(next_else.parent, owner):
                rw.modify_op_in_place(owner, lambda use=use, e=e: use.set(e))
    rw.set_insertion_point(next_if)
    types = [r.type for r in prev_if.results] + [r.type for r in next_if.results]
    combined = rw.create("scf.if", [prev_if.condition], types, regions=[Region(), Region()],
                         loc=next_if.loc)
    then_r, else_r = combined.regions
    rw.inline_region_before(prev_if.regions[0], then_r)
    if next_then is not None:
        cb = then_r.blocks[0]
        y1, y2 = cb.last, next_then.last
        rw.merge_blocks(next_then, cb)
        rw.set_insertion_point_to_end(cb)
        rw.create("scf.yield", list(y1.operands) + list(y2.operands), [], loc=y2.loc)
        rw.erase_op(y1)
        rw.erase_op(y2)
    rw.inline_region_before(prev_if.regions[1], else_r)
    if next_else is not None:
        if not else_r.blocks:
            rw.inline_region_before(next_else.parent, else_r)
        else:
            cb = else_r.blocks[0]
            y1, y2 = cb.last, next_else.last
            rw.merge_blocks(next_else, cb)
            rw.set_insertion_point_to_end(cb)
            rw.create("scf.yield", list(y1.operands) + list(y2.operands), [], loc=y2.loc)
            rw.erase_op(y1)
            rw.erase_op(y2)
    n_prev = len(prev_if.results)
    rw.replace_op(prev_if, list(combined.results[:n_prev]))
    rw.replace_op(next_if, list(combined.results[n_prev:]))
    return True
