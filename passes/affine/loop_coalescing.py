"""`affine-loop-coalescing`: merges a perfectly nested band of scf.for (or affine.for) loops
into one loop over the product of their trip counts; the original induction variables are
recovered from the merged one with remainders and quotients. scf loops are normalized first
(from 0 step 1, the old IV rebuilt as iv * step + lb); affine loops must already be. A band
starts at the outermost loop above which all its bounds are defined."""
from __future__ import annotations

from pyopt.ir.affine import AffineMap, dim, symbol
from pyopt.ir.attributes import AffineMapAttr, IntegerAttr
from pyopt.ir.types import INDEX
from pyopt.pass_registry import register_pass
from pyopt.rewrite.folding import create_or_fold
from pyopt.rewrite.rewriter import Builder
from passes.affine.tiling.loops import (body, iv, lb_map, perfectly_nested, step,
                                                   ub_map, ub_operands, set_upper_bound)
from passes.scf.common import const_int


def _defined_above(values, region):
    """areValuesDefinedAbove: each value's defining block lies outside `region`."""
    for v in values:
        owner = v.owner
        block = owner.parent if hasattr(owner, "opdef") else owner
        r = block.parent if block is not None else None
        while r is not None:
            if r is region:
                return False
            p = r.parent
            r = p.parent.parent if p is not None and p.parent is not None else None
    return True


def _scf_nest(root):
    nest = [root]
    while True:
        b = nest[-1].regions[0].blocks[0]
        first = b.first
        if first is None or first.next is not b.last or first.name != "scf.for":
            return nest
        nest.append(first)


def _bands(loops, bounds_of, chain_ok=None):
    """The (start, end) bands to coalesce, innermost-ending first (as upstream's search)."""
    n = len(loops)
    above = []
    for i in range(n):
        pos = i
        for j in range(i):
            if _defined_above(bounds_of(loops[i]), loops[j].regions[0]):
                pos = j
                break
        above.append(pos)
    chain = list(range(n)) if chain_ok is not None else [0] * n
    if chain_ok is not None:
        for i in range(1, n):
            if chain_ok(loops[i - 1], loops[i]):
                chain[i] = chain[i - 1]
    out = []
    end = n
    while end > 0:
        start = 0
        while start < end - 1:
            if max(above[start:end]) > start or chain[end - 1] > start:
                start += 1
                continue
            out.append((start, end))
            break
        if start != end - 1:
            end = start + 1
        end -= 1
    return out


# ------------------------------------------------------------------------------ scf.for
def _scf_bounds(loop):
    return loop.operands[:3]


def _iter_chain(outer, inner):
    """The inner loop carries exactly the outer loop's iter_args and yields back its results."""
    oargs = list(outer.regions[0].blocks[0].args[1:])
    if len(oargs) != len(inner.operands) - 3:
        return False
    if any(a is not b for a, b in zip(oargs, inner.operands[3:])):
        return False
    term = outer.regions[0].blocks[0].last
    return len(term.operands) == len(inner.results) and \
        all(a is b for a, b in zip(term.operands, inner.results))


def _const(b, value, type_, loc):
    return b.create("arith.constant", [], [type_],
                    properties={"value": IntegerAttr(type_, value)}, loc=loc).results[0]


def _fold(b, name, operands, loc):
    return create_or_fold(b, name, operands, [operands[0].type], loc)[0]


def _replace_except(old, new, keep):
    old.replace_uses_if(new, lambda use: use.owner not in keep)


def _coalesce_scf(ctx, loops):
    outer, inner = loops[0], loops[-1]
    b = Builder(ctx)
    inner_body = inner.regions[0].blocks[0]
    for loop in loops:
        lb, ub, st = loop.operands[:3]
        loc, t = loop.loc, lb.type
        b.set_insertion_point(outer)
        zero_based, unit = const_int(lb) == 0, const_int(st) == 1
        if not (zero_based and unit):
            size = ub if zero_based else _fold(b, "arith.subi", [ub, lb], loc)
            if not unit:
                size = _fold(b, "arith.ceildivsi", [size, st], loc)
            loop.set_operand(0, _const(b, 0, t, loc))
            loop.set_operand(1, size)
            loop.set_operand(2, _const(b, 1, t, loc))
        # the old induction variable, rebuilt at the start of the innermost body
        b.set_insertion_point_to_start(inner_body)
        x = loop.regions[0].blocks[0].args[0]
        keep = set()
        v = x
        if not unit:
            v = b.create("arith.muli", [x, st], [t], loc=loc).results[0]
            keep.add(v.owner)
        if not zero_based:
            v = b.create("arith.addi", [v, lb], [t], loc=loc).results[0]
            keep.add(v.owner)
        if v is not x:
            _replace_except(x, v, keep)
    loc = outer.loc
    b.set_insertion_point(outer)
    ubs = [loop.upperBound for loop in loops]
    product = None
    for u in ubs:
        if const_int(u) == 1:
            continue
        product = u if product is None else \
            b.create("arith.muli", [product, u], [u.type], loc=loc).results[0]
    if product is None:
        product = _const(b, 1, ubs[0].type, loc)
    outer.set_operand(1, product)
    b.set_insertion_point_to_start(inner_body)
    ivs, keep = _delinearize(b, loc, outer.regions[0].blocks[0].args[0], ubs)
    _replace_except(outer.regions[0].blocks[0].args[0], ivs[0], keep)
    for i in range(len(loops) - 1, 0, -1):
        o, n = loops[i - 1], loops[i]
        nb = n.regions[0].blocks[0]
        term = nb.last
        yielded = list(term.operands)
        term.erase()
        args = [ivs[i]] + list(o.regions[0].blocks[0].args[1:])
        for a, r in zip(nb.args, args):
            a.replace_all_uses_with(r)
        op = nb.first
        while op is not None:
            nxt = op.next
            op.move_before(n)
            op = nxt
        for r, y in zip(n.results, yielded):
            r.replace_all_uses_with(y)
        n.erase()


def _delinearize(b, loc, linear, ubs):
    n = len(ubs)
    one = [const_int(u) == 1 for u in ubs]
    ivs = [None] * n
    keep = set()
    lead = 0
    for k in range(n):
        if not one[k]:
            break
        ivs[k] = _const(b, 0, ubs[k].type, loc)
        lead += 1
    prev = linear
    for i in range(lead, n):
        idx = n - (i - lead) - 1
        if i != lead and not one[idx + 1]:
            prev = b.create("arith.divsi", [prev, ubs[idx + 1]], [prev.type], loc=loc).results[0]
            keep.add(prev.owner)
        v = prev
        if i != n - 1:
            if not one[idx]:
                v = b.create("arith.remsi", [prev, ubs[idx]], [prev.type], loc=loc).results[0]
                keep.add(v.owner)
            else:
                v = _const(b, 0, ubs[idx].type, loc)
        ivs[idx] = v
    return ivs, keep


def coalesce_scf_nest(ctx, root):
    loops = _scf_nest(root)
    for start, end in _bands(loops, _scf_bounds, _iter_chain):
        _coalesce_scf(ctx, loops[start:end])


# ------------------------------------------------------------------------------ affine.for
def _apply(b, m, operands, loc, name="affine.apply"):
    return b.create(name, operands, [INDEX], properties={"map": AffineMapAttr(m)},
                    loc=loc).results[0]


def _ub_value(b, loop, loc):
    m = ub_map(loop)
    return _apply(b, m, ub_operands(loop), loc,
                  "affine.apply" if m.num_results == 1 else "affine.min")


def _coalesce_affine(ctx, loops):
    if any(step(o) != 1 or not lb_map(o).is_single_constant() or
           lb_map(o).results[0].value != 0 for o in loops):
        return
    outer, inner = loops[0], loops[-1]
    loc = outer.loc
    b = Builder(ctx)
    b.set_insertion_point(outer)
    prev = _ub_value(b, outer, loc)
    ubs = [prev]
    product = AffineMap.get(1, 1, [dim(0) * symbol(0)])
    for o in loops[1:]:
        u = _ub_value(b, o, loc)
        ubs.append(u)
        prev = _apply(b, product, [prev, u], loc)
    set_upper_bound(outer, [prev], AffineMap.get(0, 1, [symbol(0)]))
    b.set_insertion_point_to_start(body(outer))
    quotient = AffineMap.get(1, 1, [dim(0).floordiv(symbol(0))])
    remainder = AffineMap.get(1, 1, [dim(0) % symbol(0)])
    previous = iv(outer)
    n = len(loops)
    for idx in range(n, 0, -1):
        if idx != n:
            previous = _apply(b, quotient, [previous, ubs[idx]], loc)
        v = previous if idx == 1 else _apply(b, remainder, [previous, ubs[idx - 1]], loc)
        iv(loops[idx - 1]).replace_uses_if(
            v, lambda u: u.owner is not inner and inner.is_ancestor_of(u.owner))
    second = loops[1]
    ib = body(inner)
    ib.last.erase()
    op = ib.first
    while op is not None:
        nxt = op.next
        op.move_before(second)
        op = nxt
    second.erase()


def coalesce_affine_nest(ctx, root):
    loops = perfectly_nested(root)
    if len(loops) <= 1:
        return
    for start, end in _bands(loops, lambda o: list(o.operands)):
        _coalesce_affine(ctx, loops[start:end])


@register_pass("affine-loop-coalescing",
               "Coalesce nested loops with independent bounds into a single loop",
               anchor="func.func", display_name="LoopCoalescing")
def affine_loop_coalescing(op, ctx, options):
    def visit(o):
        if o.name == "scf.for":
            coalesce_scf_nest(ctx, o)
        elif o.name == "affine.for":
            coalesce_affine_nest(ctx, o)
        for r in o.regions:
            for blk in r.blocks:
                cur = blk.first
                while cur is not None:
                    nxt = cur.next
                    visit(cur)
                    cur = nxt
    for r in op.regions:
        for blk in r.blocks:
            cur = blk.first
            while cur is not None:
                nxt = cur.next
                visit(cur)
                cur = nxt
