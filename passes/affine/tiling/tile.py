"""Tiling a perfectly nested band of affine.for loops (tilePerfectlyNested and its parametric
twin). A band of width w becomes 2w loops: w inter-tile loops stepping over the tiles, then w
intra-tile loops walking one tile; the original body moves into the innermost one."""
from __future__ import annotations

from pyopt.ir.affine import AffineMap, constant, dim, symbol
from pyopt.rewrite.rewriter import Builder
from passes.affine.tiling.loops import (
    body, constant_trip_count, iv, largest_divisor_of_trip_count, lb_map, lb_operands,
    new_for, set_lower_bound, set_step, set_upper_bound, step, ub_map, ub_operands)


def _hyper_rectangular(band):
    """No bound of a band loop uses an induction variable of the band (each loop's range is
    independent of the others)."""
    ivs = {iv(o) for o in band}
    return not any(v in ivs for o in band[1:] for v in lb_operands(o) + ub_operands(o))


def can_tile(band):
    """performPreTilingChecks (the band is perfectly nested by construction)."""
    return all(not o.results for o in band) and _hyper_rectangular(band)


def _build_nest(ctx, band):
    """constructTiledLoopNest: 2w empty loops around the root, outermost first."""
    root = band[0]
    width = len(band)
    b = Builder(ctx)
    top = root
    loops = []
    for _ in range(2 * width):
        b.set_insertion_point(top)
        loop = new_for(b, root.loc)
        top.move_before(body(loop).last)
        loops.append(loop)
        top = loop
    loops.reverse()
    inner = loops[-1]
    anchor = body(inner).first  # the root, until erased
    src = body(band[-1])
    op = src.first
    while op is not src.last:
        nxt = op.next
        op.move_before(anchor)
        op = nxt
    return loops


def _finish(band, loops):
    width = len(band)
    for i, o in enumerate(band):
        iv(o).replace_all_uses_with(iv(loops[width + i]))
    band[0].erase()
    return loops


def tile_perfectly_nested(ctx, band, sizes):
    """Constant tile sizes; returns the 2w new loops, or None when the band cannot be tiled."""
    if not can_tile(band):
        return None
    loops = _build_nest(ctx, band)
    width = len(band)
    for i, o in enumerate(band):
        set_lower_bound(loops[i], lb_operands(o), lb_map(o))
        set_upper_bound(loops[i], ub_operands(o), ub_map(o))
        set_step(loops[i], sizes[i] * step(o))
    for i, o in enumerate(band):
        tile_iv = iv(loops[i])
        point = loops[width + i]
        st = step(o)
        set_lower_bound(point, [tile_iv], AffineMap.get_multi_dim_identity(1))
        set_step(point, st)
        count = constant_trip_count(o)
        if count is not None and count < sizes[i]:
            set_upper_bound(point, [tile_iv], AffineMap.get(1, 0, [dim(0) + count * st]))
        elif largest_divisor_of_trip_count(o) % sizes[i] != 0:
            # a partial last tile: also bounded by the original upper bound
            ub, ops = ub_map(o), ub_operands(o)
            nd = ub.num_dims
            exprs = [dim(nd) + sizes[i] * st] + list(ub.results)
            set_upper_bound(point, ops[:nd] + [tile_iv] + ops[nd:],
                            AffineMap.get(nd + 1, ub.num_symbols, exprs))
        else:
            set_upper_bound(point, [tile_iv], AffineMap.get(1, 0, [dim(0) + sizes[i] * st]))
    return _finish(band, loops)


def _const_lower_bound(o):
    m = lb_map(o)
    return m.results[0].value if m.is_single_constant() else None


def tile_perfectly_nested_parametric(ctx, band, sizes):
    """Tile sizes are index values (symbols of the new bounds); lower bounds must be
    constant."""
    if not can_tile(band):
        return None
    if any(_const_lower_bound(o) is None for o in band):
        return None
    loops = _build_nest(ctx, band)
    width = len(band)
    for i, o in enumerate(band):
        lb0 = constant(_const_lower_bound(o))
        ub, ops = ub_map(o), ub_operands(o)
        nd, ns = ub.num_dims, ub.num_symbols
        set_lower_bound(loops[i], lb_operands(o), lb_map(o))
        t = symbol(ns)
        if ub.is_single_constant():
            exprs = [lb0 + (ub.results[0] - lb0).ceildiv(t)]
        else:
            exprs = [lb0 + (e - lb0).ceildiv(t) for e in ub.results]
        set_upper_bound(loops[i], ops + [sizes[i]], AffineMap.get(nd, ns + 1, exprs))
        set_step(loops[i], step(o))
    for i, o in enumerate(band):
        lb0 = constant(_const_lower_bound(o))
        tile_iv = iv(loops[i])
        point = loops[width + i]
        lb, lops = lb_map(o), lb_operands(o)
        ub, uops = ub_map(o), ub_operands(o)
        lnd, und = lb.num_dims, ub.num_dims
        lexpr = (dim(lnd) - lb0) * symbol(lb.num_symbols) + lb0
        set_lower_bound(point, lops[:lnd] + [tile_iv] + lops[lnd:] + [sizes[i]],
                        AffineMap.get(lnd + 1, lb.num_symbols + 1, [lexpr]))
        ut = symbol(ub.num_symbols)
        uexpr = (dim(und) - lb0) * ut + ut * step(o) + lb0
        set_upper_bound(point, uops[:und] + [tile_iv] + uops[und:] + [sizes[i]],
                        AffineMap.get(und + 1, ub.num_symbols + 1, [uexpr] + list(ub.results)))
        set_step(point, step(o))
    return _finish(band, loops)
