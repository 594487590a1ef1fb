"""affine.for helpers shared by the tiling passes: building empty loops, reading and setting
bounds, trip counts (getTripCountMapAndOperands and what derives from it) and perfectly nested
bands (getPerfectlyNestedLoops / getTileableBands)."""
from __future__ import annotations

import math

from pyopt.dialects.affine.loop_canonicalize import _for_parts, _set_bounds
from pyopt.ir.affine import AffineExprKind, AffineMap
from pyopt.ir.attributes import AffineMapAttr, IntegerAttr
from pyopt.ir.core import Block, Operation
from pyopt.ir.opdef import segment_sizes
from pyopt.ir.types import INDEX
from passes.affine.loop_normalize import difference

_U64 = (1 << 64) - 1


def lb_map(op):
    return op.properties["lowerBoundMap"].value


def ub_map(op):
    return op.properties["upperBoundMap"].value


def step(op):
    return op.properties["step"].value


def set_step(op, n):
    op.properties["step"] = IntegerAttr(INDEX, n)


def lb_operands(op):
    return list(_for_parts(op)[0])


def ub_operands(op):
    return list(_for_parts(op)[1])


def body(op):
    return op.regions[0].blocks[0]


def iv(op):
    return body(op).args[0]


def set_lower_bound(op, operands, m):
    _set_bounds(op, m, operands, ub_map(op), ub_operands(op))


def set_upper_bound(op, operands, m):
    _set_bounds(op, lb_map(op), lb_operands(op), m, operands)


def new_for(builder, loc):
    """An affine.for from 0 to 0 (bounds set later) with an empty body, at the builder."""
    zero = AffineMapAttr(AffineMap.get_constant_map(0))
    op = builder.create("affine.for", [], [], properties={
        "lowerBoundMap": zero, "upperBoundMap": zero, "step": IntegerAttr(INDEX, 1),
        "operandSegmentSizes": segment_sizes([0, 0, 0])}, regions=1, loc=loc)
    b = Block([INDEX], [loc])
    op.regions[0].append(b)
    b.append(Operation("affine.yield", builder.ctx.ops["affine.yield"], [], [], {}, {}, (), (),
                       loc))
    return op


def trip_count_map(op):
    """getTripCountMapAndOperands: a map of ceildiv(ub_i - lb, step), or None."""
    lb, ub, st = lb_map(op), ub_map(op), step(op)
    if lb.is_single_constant() and ub.is_single_constant():
        span = max(ub.results[0].value - lb.results[0].value, 0)
        return AffineMap.get_constant_map(-(-span // st)), []
    if lb.num_results != 1:
        return None, []
    splat = AffineMap.get(lb.num_dims, lb.num_symbols, [lb.results[0]] * ub.num_results)
    m, ops = difference(ub, ub_operands(op), splat, lb_operands(op))
    return AffineMap.get(m.num_dims, m.num_symbols, [e.ceildiv(st) for e in m.results]), ops


def constant_trip_count(op):
    """getConstantTripCount: the smallest constant result, when every result is constant."""
    m, _ = trip_count_map(op)
    if m is None or not m.results:
        return None
    counts = []
    for e in m.results:
        if e.kind is not AffineExprKind.CONSTANT:
            return None
        counts.append(e.value & _U64)
    return min(counts)


def largest_divisor_of_trip_count(op):
    m, _ = trip_count_map(op)
    if m is None:
        return 1
    g = None
    for e in m.results:
        if e.kind is AffineExprKind.CONSTANT:
            d = _U64 if e.value == 0 else e.value & _U64
        else:
            d = e.get_largest_known_divisor()
        g = d if g is None else math.gcd(g, d)
    return g


def perfectly_nested(root):
    """The loops from `root` down while each body holds just the next affine.for."""
    nest = [root]
    while True:
        b = body(nest[-1])
        first = b.first
        if first is None or first.next is not b.last or first.name != "affine.for":
            return nest
        nest.append(first)


def tileable_bands(func):
    return [perfectly_nested(o) for b in func.regions[0].blocks for o in b
            if o.name == "affine.for"]
