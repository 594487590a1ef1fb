"""Splitting the reduction of a linalg op in two (MLIR 19 Linalg SplitReduction.cpp).

splitReduction: the single reduction dimension of size R is reshaped into (ratio, R/ratio)
(inputs expanded with tensor.expand_shape), a generic computes the partial reductions into a
tensor with an extra parallel dimension (filled with the combiner's identity), and a second
generic reduces that dimension into the original init.

splitReductionByScaling: without reshapes, the first reduction dimension is rescaled in the
indexing maps (d * ratio + d'), an i1 tensor input carries the extra dimension's extent, and
the partial results have an extra dimension of size R/ratio at `insert_split_dimension`."""
from __future__ import annotations

from pyopt.analysis.reduction import match_reduction
from pyopt.ir.affine import AffineMap, dim
from pyopt.ir.types import I1, RankedTensorType
from pyopt.interfaces.destination_style import (dps_inits, dps_inputs,
                                                 has_pure_tensor_semantics, init_indices)
from pyopt.dialects.arith.neutral import neutral_element
from pyopt.dialects.linalg.builders import create_generic, create_named
from pyopt.dialects.linalg.structured import (indexing_maps, iterator_types, payload,
                                              reduction_dims, static_loop_ranges)
from pyopt.dialects.tensor.reshapes import create_dim, create_expand_shape

P, R = "parallel", "reduction"


class SplitReductionResult:
    __slots__ = ("init", "fill", "split_op", "combining_op")

    def __init__(self, init, fill, split_op, combining_op):
        self.init, self.fill, self.split_op, self.combining_op = \
            init, fill, split_op, combining_op


def _combiners(op):
    block = payload(op)
    n_in = len(dps_inputs(op))
    outs = list(block.args[n_in:])
    return [match_reduction(outs, k)[1] for k in range(len(outs))]


def _fill(rw, identity, init, loc):
    c = rw.create("arith.constant", [], [identity.type], properties={"value": identity},
                  loc=loc).results[0]
    return create_named(rw, "linalg.fill", [c], [init], loc)


def _init_tensor(rw, t, dyn, use_alloc, loc):
    if use_alloc:
        from pyopt.ir.opdef import segment_sizes
        return rw.create("bufferization.alloc_tensor", dyn, [t], properties={
            "operandSegmentSizes": segment_sizes([len(dyn), 0, 0])}, loc=loc).results[0]
    return rw.create("tensor.empty", dyn, [t], loc=loc).results[0]


def _combining_generic(rw, loc, partial, init, maps, iters, combiner):
    """A generic reducing `partial` into `init` with a clone of `combiner`."""
    from pyopt.dialects.linalg.builders import add_entry_block
    g = create_generic(rw, [partial], [init], maps, iters, [init.type], loc)
    block = add_entry_block(rw, g)
    ip = rw.save()
    rw.set_insertion_point_to_end(block)
    c = rw.clone(combiner)
    c.set_operand(0, block.args[0])
    c.set_operand(1, block.args[1])
    rw.create("linalg.yield", [c.results[0]], [], loc=loc)
    rw.restore(ip)
    return g


def _shift(d, at):
    """The dim of loop d once a loop is inserted at position `at`."""
    return dim(d if d < at else d + 1)


def split_reduction(rw, op, ratio, index, inner_parallel=False, use_alloc=False):
    """splitReduction: a SplitReductionResult, or None (the reason sent to the rewriter). On
    buffers 19 builds invalid IR (a tensor reshape of a memref); here it does not apply."""
    rw.set_insertion_point(op)
    split_dim = index
    if not has_pure_tensor_semantics(op):
        return None
    if ratio <= 1:
        return rw.notify_match_failure(op, "split ratio needs to be greater than 1") and None
    dims = reduction_dims(op)
    if len(dims) != 1:
        return rw.notify_match_failure(op, "needs a single reduction dimension") and None
    red = dims[0]
    if inner_parallel:
        split_dim = red + 1
    size = static_loop_ranges(op)[red]
    if size < 0 or size % ratio:
        return None
    inits = dps_inits(op)
    if len(inits) != 1 or index > len(inits[0].type.shape):
        return None
    combiners = _combiners(op)[0]
    if len(combiners) != 1:
        return None
    combiner = combiners[0]
    identity = neutral_element(combiner)
    if identity is None:
        return None
    loc = op.loc
    maps = indexing_maps(op)
    n = len(iterator_types(op))
    new_inputs, new_maps = [], []
    for k, v in enumerate(dps_inputs(op)):
        m = maps[k]
        shape, exprs, groups, pos = [], [], [], 0
        for idx, e in enumerate(m.results):
            d = m.get_dim_position(idx)
            s = v.type.shape[idx]
            if d == red:
                pair = [(s // ratio, _shift(d, split_dim)), (ratio, dim(split_dim))]
                for sz, ex in (pair if inner_parallel else pair[::-1]):
                    shape.append(sz)
                    exprs.append(ex)
                groups.append([pos, pos + 1])
                pos += 2
                continue
            shape.append(s)
            exprs.append(_shift(d, split_dim))
            groups.append([pos])
            pos += 1
        new_maps.append(AffineMap(n + 1, 0, exprs))
        if shape == list(v.type.shape):
            new_inputs.append(v)
            continue
        t = RankedTensorType(shape, v.type.element_type)
        new_inputs.append(create_expand_shape(rw, t, v, groups, loc))
    init = inits[0]
    out_map = maps[init_indices(op)[0]]
    old = list(init.type.shape)
    out_shape, out_exprs = [], []
    for idx in range(len(old) + 1):
        if idx == index:
            out_shape.append(ratio)
            out_exprs.append(dim(split_dim))
        if idx < len(old):
            out_shape.append(old[idx])
            out_exprs.append(_shift(out_map.get_dim_position(idx), split_dim))
    et = payload(op).args[len(dps_inputs(op))].type
    empty = _init_tensor(rw, RankedTensorType(out_shape, et), [], use_alloc, loc)
    fill = _fill(rw, identity, empty, loc)
    new_maps.append(AffineMap(n + 1, 0, out_exprs))
    its = list(iterator_types(op))
    new_its = []
    for i, t in enumerate(its):
        if i == split_dim:
            new_its.append(P)
        new_its.append(t)
    if split_dim == len(its):
        new_its.append(P)
    g = create_generic(rw, new_inputs, [fill.results[0]], new_maps, new_its,
                       [fill.results[0].type], loc)
    rw.inline_region_before(op.regions[0], g.regions[0])
    rank = len(out_shape)
    red_its = [R if i == index else P for i in range(rank)]
    red_maps = [AffineMap.get_multi_dim_identity(rank),
                AffineMap(rank, 0, [dim(i) for i in range(rank) if i != index])]
    combining = _combining_generic(rw, loc, g.results[0], init, red_maps, red_its, combiner)
    rw.replace_op(op, list(combining.results))
    return SplitReductionResult(empty.defining_op(), fill, g, combining)


def split_reduction_by_scaling(rw, op, ratio, index, inner_parallel=False, use_alloc=False):
    """splitReductionByScaling: a SplitReductionResult, or None (also on buffers)."""
    rw.set_insertion_point(op)
    if inner_parallel or ratio <= 1 or not has_pure_tensor_semantics(op):
        return None
    dims = reduction_dims(op)
    if not dims:
        return None
    red = dims[0]
    ranges = static_loop_ranges(op)
    size = ranges[red]
    if size < 0 or size % ratio or index >= len(ranges):
        return None
    combiners = _combiners(op)
    if any(len(c) != 1 for c in combiners):
        return None
    combiners = [c[0] for c in combiners]
    identities = [neutral_element(c) for c in combiners]
    inits = dps_inits(op)
    if any(i is None for i in identities) or len(inits) != len(identities):
        return None
    loc = op.loc
    n = len(iterator_types(op))
    new_outputs, empties, fills = [], [], []
    for init, identity in zip(inits, identities):
        t = init.type
        shape = list(t.shape)
        shape.insert(index, size // ratio)
        dyn = [create_dim(rw, init, i, loc) for i, s in enumerate(t.shape) if s < 0]
        empty = _init_tensor(rw, RankedTensorType(shape, t.element_type), dyn, use_alloc, loc)
        fill = _fill(rw, identity, empty, loc)
        empties.append(empty)
        fills.append(fill)
        new_outputs.append(fill.results[0])
    maps = indexing_maps(op)
    # loop red becomes (red, red + 1): red * ratio + (red + 1) in the inputs' maps
    shifted = [dim(i) if i < red else dim(i + 1) for i in range(n)]
    scaled = list(shifted)
    scaled[red] = dim(red) * ratio + dim(red + 1)
    new_maps = [maps[k].replace_dims_and_symbols(scaled, [], n + 1, 0)
                for k in range(len(dps_inputs(op)))]
    new_maps.append(AffineMap(n + 1, 0, [dim(red), dim(red + 1)]))
    for k in init_indices(op):
        m = maps[k].replace_dims_and_symbols(shifted, [], n + 1, 0)
        exprs = list(m.results)
        exprs.insert(red, dim(red))
        new_maps.append(AffineMap(n + 1, 0, exprs))
    marker = rw.create("tensor.empty", [], [RankedTensorType([size // ratio, ratio], I1)],
                       loc=loc).results[0]
    its = list(iterator_types(op))
    its.insert(red, P)
    g = create_generic(rw, list(dps_inputs(op)) + [marker], new_outputs, new_maps, its,
                       [v.type for v in new_outputs], loc)
    rw.inline_region_before(op.regions[0], g.regions[0])
    g.regions[0].blocks[0].insert_argument(red, I1, loc)
    results = []
    for partial, init, combiner in zip(g.results, inits, combiners):
        rank = len(init.type.shape) + 1
        ident = AffineMap.get_multi_dim_identity(rank)
        red_maps = [ident, AffineMap(rank, 0, [dim(i) for i in range(rank) if i != index])]
        red_its = [R if i == index else P for i in range(rank)]
        results.append(_combining_generic(rw, loc, partial, init, red_maps, red_its,
                                          combiner))
    rw.replace_op(op, list(results[0].results))
    return SplitReductionResult(empties[0].defining_op(), fills[0], g, results[0])
