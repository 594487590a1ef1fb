"""separateFullTiles for the intra-tile loops tiling made: a copy of the nest with constant
trip counts (the full tile) runs under an affine.if that holds when no other bound of any of
the loops cuts the tile short; the original nest handles partial tiles in the else branch.

Each loop needs unit step and a lower/upper bound pair whose difference is a constant (the
tile size); the condition asks every other upper bound to be at least the full tile's end and
every other lower bound at most its start, as linear constraints over the values involved."""
from __future__ import annotations

from pyopt.dialects.affine.canonicalize import (canonicalize_map_and_operands,
                                                compose_map_and_operands, simplify_expr)
from pyopt.ir.affine import AffineExprKind, AffineMap, IntegerSet, constant, dim, symbol
from pyopt.ir.attributes import AffineMapAttr, IntegerSetAttr
from pyopt.ir.core import Block, Operation
from pyopt.rewrite.rewriter import Builder
from passes.affine.loop_normalize import difference
from passes.affine.tiling.loops import (body, iv, lb_map, lb_operands, new_for,
                                                   set_lower_bound, set_upper_bound, step,
                                                   ub_map, ub_operands)


def _is_iv(v):
    owner = getattr(v, "owner", None)
    parent = getattr(owner, "parent_op", None) if owner is not None else None
    return parent is not None and parent.name == "affine.for" and v.index == 0 \
        and owner is parent.regions[0].blocks[0]


class _Space:
    """Values as dims (loop IVs) or symbols, in order of first appearance."""

    def __init__(self):
        self.dims, self.syms = [], []

    def add(self, values):
        for v in values:
            if v not in self.dims and v not in self.syms:
                (self.dims if _is_iv(v) else self.syms).append(v)

    def expr(self, m, k, operands):
        """Result k of map m over `operands`, in this space's dims and symbols."""
        nd = m.num_dims
        dims = [dim(self.dims.index(v)) if v in self.dims else
                symbol(self.syms.index(v)) for v in operands[:nd]]
        syms = [dim(self.dims.index(v)) if v in self.dims else
                symbol(self.syms.index(v)) for v in operands[nd:]]
        return m.results[k].replace_dims_and_symbols(dims, syms)


def _sub_map(m, k):
    return AffineMap.get(m.num_dims, m.num_symbols, [m.results[k]])


def _tile_pair(loop):
    """(lower result index, upper result index, size) of the bound pair with the smallest
    constant difference, or None."""
    lb, ub = lb_map(loop), ub_map(loop)
    best = None
    for i in range(lb.num_results):
        for j in range(ub.num_results):
            d, _ = difference(_sub_map(ub, j), ub_operands(loop), _sub_map(lb, i),
                              lb_operands(loop))
            e = d.results[0]
            if e.kind is AffineExprKind.CONSTANT and e.value > 0 and \
                    (best is None or e.value < best[2]):
                best = (i, j, e.value)
    return best


def separate_full_tiles(ctx, nest):
    if not nest:
        return False
    pairs = []
    for loop in nest:
        if step(loop) != 1:
            return False
        p = _tile_pair(loop)
        if p is None:
            return False
        pairs.append(p)
    cond = _condition(nest, pairs)
    if cond is None:
        return False
    first = nest[0]
    b = Builder(ctx)
    b.set_insertion_point(first)
    iset, operands = cond
    if_op = b.create("affine.if", operands, [], attributes={"condition": IntegerSetAttr(iset)},
                     regions=2, loc=first.loc)
    yield_def = ctx.ops["affine.yield"]
    for r in if_op.regions:
        blk = Block()
        r.append(blk)
        blk.append(Operation("affine.yield", yield_def, [], [], {}, {}, (), (), first.loc))
    then_block, else_block = (r.blocks[0] for r in if_op.regions)
    b.set_insertion_point(then_block.last)
    mapping = {}
    for loop, (i, _, size) in zip(nest, pairs):
        full = new_for(b, loop.loc)
        lm, lops = canonicalize_map_and_operands(
            *compose_map_and_operands(_sub_map(lb_map(loop), i), lb_operands(loop)))
        um = AffineMap.get(lm.num_dims, lm.num_symbols, [lm.results[0] + size])
        set_lower_bound(full, lops, lm)
        set_upper_bound(full, lops, um)
        mapping[iv(loop)] = iv(full)
        b.set_insertion_point(body(full).last)
    src = body(nest[-1])
    op = src.first
    while op is not src.last:
        b.insert(op.clone(mapping))
        op = op.next
    first.move_before(else_block.last)
    return True


_NONLINEAR = (AffineExprKind.FLOORDIV, AffineExprKind.CEILDIV, AffineExprKind.MOD)


def _linear(e):
    return all(x.kind not in _NONLINEAR for x in e.walk())


def _condition(nest, pairs):
    space = _Space()
    for loop in nest:
        space.add(lb_operands(loop))
        space.add(ub_operands(loop))
    inner = {iv(loop) for loop in nest}
    exprs = []
    for loop, (i, j, size) in zip(nest, pairs):
        lb, ub = lb_map(loop), ub_map(loop)
        start = space.expr(lb, i, lb_operands(loop))
        for k in range(lb.num_results):
            if k != i:
                exprs.append(start - space.expr(lb, k, lb_operands(loop)))
        for k in range(ub.num_results):
            if k != j:
                exprs.append(space.expr(ub, k, ub_operands(loop)) - (start + size))
    if any(v in inner for v in space.dims):
        return None  # a bound depends on another loop of the nest
    nd, ns = len(space.dims), len(space.syms)
    out = []
    for e in exprs:
        e = simplify_expr(e, nd, ns)
        if not _linear(e):
            return None  # upstream's constraint system cannot express it as a set either
        if e.kind is AffineExprKind.CONSTANT:
            if e.value < 0:
                return None
            continue
        if e not in out:
            out.append(e)
    if not out:
        return IntegerSet(0, 0, [constant(0)], [True]), []
    m, operands = canonicalize_map_and_operands(AffineMap.get(nd, ns, out),
                                                space.dims + space.syms)
    return IntegerSet(m.num_dims, m.num_symbols, list(m.results), [False] * len(out)), operands
