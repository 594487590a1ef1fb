"""Tile sizes that cover a loop exactly (MLIR 19 Linalg Tiling.cpp).

Multi-size tiling (computeMultiTileSizes): two tile sizes, multiples of a divisor and close
to a target, with trip counts such that low * low_trips + high * high_trips is the loop size.
Continuous tiling (computeContinuousTileSizes): the target size, then the powers of two below
it, each covering as much of the remainder as it can.

Each comes as a static computation on ints (for static loop sizes) and as index computations
built before the op (affine.apply of the loop size, for dynamic ones)."""
from __future__ import annotations

from pyopt.ir.affine import AffineMap, symbol
from pyopt.ir.attributes import StringAttr
from pyopt.ir.types import I1
from pyopt.dialects.affine.builders import composed_apply, composed_folded_apply, value_of
from pyopt.dialects.arith.ops import CMPI_PRED
from pyopt.dialects.linalg.structured import shapes_to_loops_map, static_loop_ranges
from pyopt.dialects.linalg.tiling_model import flat_operand_dims
from pyopt.interfaces.tiling import tiling_model

S0, S1, S2, S3 = symbol(0), symbol(1), symbol(2), symbol(3)


def _bit_floor(n):
    return 1 << (n.bit_length() - 1) if n > 0 else 0


def _next_power_below(tile):
    """The tile size after `tile`: the largest power of two below it."""
    p = _bit_floor(tile)
    return p >> 1 if p == tile else p


def static_continuous_tile_sizes(op, dim, target):
    """computeStaticContinuousTileSizes: ([tile size], [trip count]), or None (also where
    upstream asserts: no such loop, a target size that is not positive)."""
    ranges = static_loop_ranges(op)
    if dim >= len(ranges) or target <= 0:
        return None
    loop = ranges[dim]
    tiles, trips = [target], [loop // target]
    rem, tile = loop % target, target
    while tile > 1 and rem:
        tile = _next_power_below(tile)
        if rem // tile > 0:
            tiles.append(tile)
            trips.append(rem // tile)
        rem %= tile
    if sum(t * n for t, n in zip(tiles, trips)) != loop:
        return None
    return tiles, trips


def continuous_tile_sizes(b, op, dim, target):
    """computeContinuousTileSizes: ([tile size Value], [trip count Value]) built before `op`
    (its insertion point), or None when `dim` is no loop of it."""
    loc = op.loc
    domain = tiling_model(op).iteration_domain(op, b)
    if dim >= len(domain) or target <= 0:
        return None
    target_v = value_of(b, target, loc)
    loop = value_of(b, domain[dim].size, loc)
    trip = composed_apply(b, S0.floordiv(S1), [loop, target_v], loc)
    rem = composed_apply(b, S0 % S1, [loop, target_v], loc)
    composed_folded_apply(b, S0.floordiv(S1), [loop, target_v], loc)
    tiles, trips = [target_v], [trip]
    tile = target
    while tile > 1:
        tile = _next_power_below(tile)
        step = value_of(b, tile, loc)
        trip = composed_apply(b, S0.floordiv(S1), [rem, step], loc)
        folded = composed_folded_apply(b, S0.floordiv(S1), [rem, step], loc)
        if not isinstance(folded, int) or folded != 0:  # (a trip count known zero: skipped)
            tiles.append(step)
            trips.append(trip)
        rem = composed_apply(b, S0 % S1, [rem, step], loc)
    return tiles, trips


def static_multi_tile_sizes(op, dim, target, divisor):
    """computeStaticMultiTileSizes: (low size, high size, low trips, high trips), or None."""
    ranges = static_loop_ranges(op)
    if dim >= len(ranges) or target <= 0 or divisor <= 0:
        return None
    trip = ranges[dim]
    a = trip // divisor
    t = (target + divisor - 1) // divisor
    total = (a + t - 1) // t
    if total == 0:
        return None
    low = (a // total) * divisor
    high = low + divisor
    high_trips = a % total
    low_trips = total - high_trips
    if low * low_trips + high * high_trips != trip:
        return None
    return low, high, low_trips, high_trips


def multi_tile_sizes(b, op, dim, target, divisor):
    """computeMultiTileSizes with its runtime check (cf.assert that the sizes cover the
    loop): (low size, high size, low trips, high trips) Values, or None."""
    from pyopt.dialects.linalg.structured import num_loops
    if dim >= num_loops(op) or target <= 0 or divisor <= 0:
        return None
    loc = op.loc
    target_v, divisor_v = value_of(b, target, loc), value_of(b, divisor, loc)
    shapes = flat_operand_dims(b, op, loc)
    m = shapes_to_loops_map(op)
    ranges = [composed_folded_apply(b, AffineMap(m.num_dims, 0, [e]), shapes, loc)
              for e in m.results]
    trip = value_of(b, ranges[dim], loc)

    def apply(e, xs):
        return composed_apply(b, e, xs, loc)
    a = apply(S0.floordiv(S1), [trip, divisor_v])
    t = apply((S0 + S1 - 1).floordiv(S1), [target_v, divisor_v])
    d = apply((S0 + S1 - 1).floordiv(S1), [a, t])
    low = apply(S0.floordiv(S1) * S2, [a, d, divisor_v])
    high_trips = apply(S0 % S1, [a, d])
    low_trips = apply(S0 - S1, [d, high_trips])
    high = apply(S0 + S1, [low, divisor_v])
    covered = apply(S0 * S1 + S2 * S3, [low, low_trips, high, high_trips])
    eq = b.create("arith.cmpi", [covered, trip], [I1],
                  properties={"predicate": CMPI_PRED.attr("eq")}, loc=loc).results[0]
    b.create("cf.assert", [eq], [], properties={
        "msg": StringAttr("could not compute dynamic multi-size tile shapes")}, loc=loc)
    return low, high, low_trips, high_trips

