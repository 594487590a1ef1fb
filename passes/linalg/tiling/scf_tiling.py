"""Tiling a TilingInterface op with a nest of scf.for (one loop per non-zero tile size) or one
scf.forall (MLIR 19 scf::tileUsingSCF): the loops step over the iteration domain by the tile
sizes, the innermost body holds the op tiled on `[iv, min(tile, ub - iv))` and inserts its
results into the loop-carried destinations.

Offsets and sizes are "int or index Value" lists (OpFoldResult)."""
from __future__ import annotations

from pyopt.ir.affine import AffineMap, dim, symbol
from pyopt.ir.attributes import ArrayAttr, DenseArrayAttr
from pyopt.ir.core import Block, Region
from pyopt.ir.opdef import segment_sizes
from pyopt.ir.types import DYNAMIC, I64, INDEX, RankedTensorType
from pyopt.interfaces.destination_style import init_indices, is_destination_style
from pyopt.interfaces.tiling import TilingFailure, op_failure, tiling_model
from pyopt.rewrite.matchers import constant_int
from pyopt.dialects.affine.builders import composed_folded_min, value_of
from pyopt.dialects.tensor.slice_canonicalize import create_insert_slice
import pyopt.dialects.linalg.tiling_model  # noqa: F401 (attaches the linalg models)
import pyopt.dialects.tensor.tiling_model  # noqa: F401 (and tensor.pad's)


class SCFTilingResult:
    __slots__ = ("tiled_ops", "loops", "replacements")

    def __init__(self, tiled_ops, loops, replacements):
        self.tiled_ops, self.loops, self.replacements = tiled_ops, loops, replacements


def is_zero(x):
    return constant_int(x) == 0


def _divides(offset, size, step):
    """tileDividesIterationDomain: `step` evenly divides `size - offset` (all constant)."""
    o, s, t = constant_int(offset), constant_int(size), constant_int(step)
    return None not in (o, s, t) and t != 0 and (s - o) % t == 0


def bounded_tile_size(b, loc, rng, iv, tile):
    """getBoundedTileSize: min(tile, ub - iv) unless the tile is 1 or divides the range."""
    if constant_int(tile) == 1 or _divides(rng.offset, rng.size, tile):
        return tile
    size = value_of(b, rng.size, loc)
    return composed_folded_min(b, AffineMap(1, 2, [symbol(0), symbol(1) - dim(0)]),
                               [iv, tile, size], loc)


def destinations(b, op):
    """tensor::getOrCreateDestinations: a destination-style op's tensor inits, else a
    tensor.empty of each tensor result's (reified) shape, built before the op."""
    if not any(isinstance(r.type, RankedTensorType) for r in op.results):
        return []
    if is_destination_style(op):
        return [op.operand(i) for i in init_indices(op)
                if isinstance(op.operand(i).type, RankedTensorType)]
    from pyopt.interfaces import model
    from pyopt.interfaces.shaped import REIFY_RANKED_SHAPED_TYPE
    from pyopt.dialects.tensor.empty_folding import create_empty
    out = []
    for r in op.results:
        t = r.type
        ip = b.save()
        b.set_insertion_point(op)
        if DYNAMIC in t.shape:
            m = model(op, REIFY_RANKED_SHAPED_TYPE)
            if m is None:
                b.restore(ip)
                raise op_failure(op, "unable to create destination tensors")
            sizes = m.reify(op, b)[r.index]
        else:
            sizes = list(t.shape)
        out.append(create_empty(b, sizes, t.element_type, op.loc))
        b.restore(ip)
    return out


def clone_with_destinations(b, op, dests):
    """cloneOpAndUpdateDestinationArgs: `op` cloned, its tensor inits replaced by `dests`."""
    new = b.clone(op)
    if dests and is_destination_style(new):
        for i, v in zip([i for i in init_indices(new)
                         if isinstance(new.operand(i).type, RankedTensorType)], dests):
            new.set_operand(i, v)
    return new


def create_for(b, loc, lb, ub, step, inits):
    """scf.for with an empty body block (the caller adds the terminator)."""
    from pyopt.ir.core import value_loc
    f = b.create("scf.for", [lb, ub, step] + list(inits), [v.type for v in inits],
                 regions=[Region()], loc=loc)
    block = Block([INDEX] + [v.type for v in inits], [loc] + [value_loc(v) for v in inits])
    f.regions[0].append(block)
    return f


def create_forall(b, loc, lbs, ubs, steps, outs, mapping=None):
    """scf.forall over mixed bounds with its scf.forall.in_parallel terminator; lower bounds
    and steps may be None (the `in (...)` form)."""
    n = len(ubs)
    lbs = [0] * n if lbs is None else lbs
    steps = [1] * n if steps is None else steps
    props, dyn, counts = {}, [], []
    for name, mixed in (("staticLowerBound", lbs), ("staticUpperBound", ubs),
                        ("staticStep", steps)):
        props[name] = DenseArrayAttr(I64, [x if isinstance(x, int) else DYNAMIC for x in mixed])
        vals = [x for x in mixed if not isinstance(x, int)]
        counts.append(len(vals))
        dyn += vals
    props["operandSegmentSizes"] = segment_sizes(counts + [len(outs)])
    if mapping:
        props["mapping"] = ArrayAttr(list(mapping))
    f = b.create("scf.forall", dyn + list(outs), [v.type for v in outs], properties=props,
                 regions=[Region()], loc=loc)
    block = Block([INDEX] * n + [v.type for v in outs], [loc] * (n + len(outs)))
    f.regions[0].append(block)
    ip = b.save()
    b.set_insertion_point_to_end(block)
    region = Region()
    region.append(Block())
    b.create("scf.forall.in_parallel", [], [], regions=[region], loc=loc)
    b.restore(ip)
    return f


def insert_results(b, loc, name, tiled, dests, offsets, sizes):
    """tensor.insert_slice (returns the new values) or tensor.parallel_insert_slice of each
    tiled value into its destination, unit strides."""
    out = []
    for v, d, o, s in zip(tiled, dests, offsets, sizes):
        r = create_insert_slice(b, name, v, d, o, s, [1] * len(o), loc)
        out.append(r.results[0] if r.results else r)
    return out


def _for_nest(b, loc, ranges, tile_sizes, dests, body):
    loops, ivs = [], []
    ip = b.save()
    for rng, t in zip(ranges, tile_sizes):
        if is_zero(t):
            continue
        lb, ub, st = (value_of(b, x, loc) for x in (rng.offset, rng.size, t))
        f = create_for(b, loc, lb, ub, st, dests)
        loops.append(f)
        block = f.regions[0].blocks[0]
        ivs.append(block.args[0])
        b.set_insertion_point_to_end(block)
        dests = list(block.args[1:])
    tiled, offsets, sizes = body(ivs, dests)
    if loops:
        b.create("scf.yield", insert_results(b, loc, "tensor.insert_slice", tiled, dests,
                                             offsets, sizes), [], loc=loc)
        for outer, inner in zip(loops, loops[1:]):
            b.set_insertion_point_to_end(outer.regions[0].blocks[0])
            b.create("scf.yield", list(inner.results), [], loc=outer.loc)
    b.restore(ip)
    return loops


def _forall(b, loc, ranges, tile_sizes, mapping, dests, body):
    lbs, ubs, steps = [], [], []
    for rng, t in zip(ranges, tile_sizes):
        if not is_zero(t):
            lbs.append(rng.offset)
            ubs.append(rng.size)
            steps.append(t)
    f = create_forall(b, loc, lbs, ubs, steps, dests, mapping)
    block = f.regions[0].blocks[0]
    n = len(ubs)
    ip = b.save()
    b.set_insertion_point(block.last)
    tiled, offsets, sizes = body(list(block.args[:n]), list(block.args[n:]))
    b.set_insertion_point_to_end(block.last.regions[0].blocks[0])
    insert_results(b, loc, "tensor.parallel_insert_slice", tiled, list(block.args[n:]),
                   offsets, sizes)
    b.restore(ip)
    return [f]


def generate_loop_nest(b, loc, loop_type, ranges, tile_sizes, dests, body, mapping=None):
    """generateLoopNest: the loops (none when every tile size is 0; `body(ivs, dests)` then
    runs in place) with `body`'s (tiled values, offsets, sizes) inserted into the dests."""
    if all(is_zero(t) for t in tile_sizes):
        body([], dests)
        return []
    if loop_type == "forall":
        return _forall(b, loc, ranges, tile_sizes, mapping, dests, body)
    return _for_nest(b, loc, ranges, tile_sizes, dests, body)


def is_permutation(v):
    return sorted(v) == list(range(len(v)))


def fill_interchange(interchange, n):
    """fillInterchangeVector: completed with the identity, truncated to `n` loops."""
    v = list(interchange) + list(range(len(interchange), n))
    return v[:n]


def tile_offsets_and_sizes(b, loc, ranges, tile_sizes, ivs):
    """Each loop's tile: (iv, bounded size) when tiled, else its whole range."""
    offsets, sizes, it = [], [], iter(ivs)
    for t, rng in zip(tile_sizes, ranges):
        if is_zero(t):
            offsets.append(rng.offset)
            sizes.append(rng.size)
            continue
        iv = next(it)
        offsets.append(iv)
        sizes.append(bounded_tile_size(b, loc, rng, iv, t))
    return offsets, sizes


def tile_using_scf(b, op, tile_sizes, interchange=(), loop_type="for", mapping=None):
    """scf::tileUsingSCF: tiles `op` (not replaced: the result's `replacements` stand for its
    results). `tile_sizes` is a list or a function of the builder computing it (called after
    the iteration domain is built, at the loops' insertion point). Raises TilingFailure."""
    m = tiling_model(op)
    if m is None:
        raise TilingFailure(op, "op does not implement TilingInterface", emitted=False)
    ip = b.save()
    b.set_insertion_point_after(op)
    ranges = m.iteration_domain(op, b)
    n = len(ranges)
    if callable(tile_sizes):
        tile_sizes = tile_sizes(b)
    tile_sizes = list(tile_sizes) + [0] * (n - len(tile_sizes))
    perm = fill_interchange(interchange, n) if interchange else []
    if perm:
        if not is_permutation(perm):
            raise TilingFailure(op, "invalid intechange vector, not a permutation of the "
                                    "entire iteration space", emitted=False)
        ranges = [ranges[i] for i in perm]
        tile_sizes = [tile_sizes[i] for i in perm]
    result = {}

    def body(ivs, dests):
        offsets, sizes = tile_offsets_and_sizes(b, op.loc, ranges, tile_sizes, ivs)
        if perm:
            inv = [0] * n
            for i, p in enumerate(perm):
                inv[p] = i
            offsets = [offsets[i] for i in inv]
            sizes = [sizes[i] for i in inv]
        cloned = clone_with_destinations(b, op, dests)
        if all(is_zero(t) for t in tile_sizes):
            result["ops"], result["values"] = [cloned], list(cloned.results)
            return list(cloned.results), [], []
        tr = tiling_model(cloned).tiled_implementation(cloned, b, offsets, sizes)
        b.erase_op(cloned)
        if tr is None:
            raise op_failure(op, "faild to tile operation")
        result["ops"], result["values"] = tr.tiled_ops, tr.tiled_values
        res_offsets, res_sizes = [], []
        for i in range(len(tr.tiled_values)):
            o, s = m.result_tile_position(op, b, i, offsets, sizes)
            res_offsets.append(o)
            res_sizes.append(s)
        return tr.tiled_values, res_offsets, res_sizes

    dests = destinations(b, op)
    loops = generate_loop_nest(b, op.loc, loop_type, ranges, tile_sizes, dests, body, mapping)
    b.restore(ip)
    if not loops:
        return SCFTilingResult(result["ops"], [], result["values"])
    return SCFTilingResult(result["ops"], loops, list(loops[0].results))
