"""`scf-parallel-loop-tiling`: each innermost scf.parallel without reductions becomes an
outer loop stepping by `step * tile` and an inner loop over one tile (bounded by
`min(tile step, ub - outer iv)` unless the tile evenly divides a constant trip count;
with `no-min-max-bounds` the inner loop always covers a whole tile and the body runs under an
in-bounds check instead)."""
from __future__ import annotations

from pyopt.ir.affine import AffineMap, dim
from pyopt.ir.attributes import AffineMapAttr, IntegerAttr
from pyopt.ir.core import Region
from pyopt.ir.types import I1, I64, INDEX
from pyopt.pass_registry import PassOption, register_pass
from pyopt.rewrite.rewriter import PatternRewriter
from pyopt.ir.diagnostics import error

from passes.scf.common import const_index, create_parallel, defining, \
    parallel_groups

_ULT = 6  # arith.cmpi predicate


def _const_index_value(v):
    op = defining(v)
    if op is None or op.name != "arith.constant" or v.type is not INDEX:
        return None
    return op.get_attr("value").value


def _add_except(rw, a, b, loc, old):
    """a + b, replacing the uses of `old` except in the new add."""
    new = rw.create("arith.addi", [a, b], [INDEX], loc=loc)
    old.replace_uses_if(new.results[0], lambda use: use.owner is not new)
    return new


def tile_parallel_loop(rw, op, tile_sizes, no_min_max):
    loc = op.loc
    lbs, ubs, steps, _ = parallel_groups(op)
    rw.set_insertion_point(op)
    zero = const_index(rw, 0, loc)
    tiles = [const_index(rw, tile_sizes[i] if i < len(tile_sizes) else 1, loc)
             for i in range(len(ubs))]
    new_steps = [rw.create("arith.muli", [s, t], [INDEX], loc=loc).results[0]
                 for s, t in zip(steps, tiles)]
    outer = create_parallel(rw, lbs, ubs, new_steps, [], loc)
    obody = outer.regions[0].blocks[0]
    rw.set_insertion_point_to_start(obody)
    min_map = AffineMapAttr(AffineMap(3, 0, [dim(0), dim(1) - dim(2)]))
    bounds, need_check = [], False
    for lb, ub, nstep, iv, step, tile in zip(lbs, ubs, new_steps, obody.args, steps, tiles):
        lbc, ubc, stc = _const_index_value(lb), _const_index_value(ub), \
            _const_index_value(step)
        tsize = _const_index_value(tile)
        if None not in (lbc, ubc, stc) and stc != 0:
            n = -((lbc - ubc) // stc)
            if n % tsize == 0:
                bounds.append(nstep)
                continue
        if no_min_max:
            bounds.append(nstep)
            need_check = True
            continue
        bounds.append(rw.create("affine.min", [nstep, ub, iv], [INDEX],
                                properties={"map": min_map}, loc=loc).results[0])
    inner = create_parallel(rw, [zero] * len(bounds), bounds, steps, [], loc)
    ibody = inner.regions[0].blocks[0]
    if no_min_max and need_check:
        rw.set_insertion_point_to_start(ibody)
        inbound = rw.create("arith.constant", [], [I1],
                            properties={"value": IntegerAttr(I1, 1)}, loc=loc).results[0]
        for oub, oiv, iiv, istep in zip(ubs, obody.args, ibody.args, steps):
            mul = rw.create("arith.muli", [iiv, istep], [INDEX], loc=loc).results[0]
            idx = rw.create("arith.addi", [mul, oiv], [INDEX], loc=loc).results[0]
            ok = rw.create("arith.cmpi", [idx, oub], [I1],
                           properties={"predicate": IntegerAttr(I64, _ULT)}, loc=loc).results[0]
            inbound = rw.create("arith.andi", [inbound, ok], [I1], loc=loc).results[0]
        if_op = rw.create("scf.if", [inbound], [], regions=[Region(), Region()], loc=loc)
        if_op.regions[0].take_body(op.regions[0])
        then = if_op.regions[0].blocks[0]
        red = then.last
        rw.set_insertion_point_to_end(then)
        rw.create("scf.yield", [], [], loc=red.loc)
        red.erase()
        rw.set_insertion_point_to_start(ibody)
        for arg, iiv, oiv in zip(list(then.args), ibody.args, obody.args):
            _add_except(rw, iiv, oiv, loc, arg)
        while then.args:
            then.erase_argument(0)
    else:
        for b in list(inner.regions[0].blocks):
            b.erase()
        inner.regions[0].take_body(op.regions[0])
        ibody = inner.regions[0].blocks[0]
        rw.set_insertion_point_to_start(ibody)
        for iiv, oiv in zip(ibody.args, obody.args):
            _add_except(rw, iiv, oiv, loc, iiv)
    rw.erase_op(op)
    return outer, inner


def _innermost(op, out):
    encloses = False
    for r in op.regions:
        for b in r.blocks:
            for o in b:
                inner = _innermost(o, out)
                encloses |= inner
                if o.name == "scf.parallel":
                    encloses = True
                    if not inner:
                        out.append(o)
    return encloses


@register_pass("scf-parallel-loop-tiling", "Tile parallel loops",
               options=[PassOption("parallel-loop-tile-sizes", list, [],
                                   "Factors to tile parallel loops by"),
                        PassOption("no-min-max-bounds", bool, False,
                                   "Perform tiling with fixed upper bound with inbound check "
                                   "inside the internal loops")],
               display_name="SCFParallelLoopTiling")
def scf_parallel_loop_tiling(op, ctx, options):
    sizes = [int(x) for x in options["parallel-loop-tile-sizes"]]
    if any(s == 0 for s in sizes):
        raise error(None, "tile size cannot be 0")
    loops = []
    _innermost(op, loops)
    rw = PatternRewriter(ctx)
    for p in loops:
        if not parallel_groups(p)[3]:
            tile_parallel_loop(rw, p, sizes, options["no-min-max-bounds"])
