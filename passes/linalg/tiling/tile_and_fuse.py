"""Tiling a consumer with an scf.for nest and fusing its producers greedily into the nest
(MLIR 19 scf::tileConsumerAndFuseProducersUsingSCF, what transform.structured.fuse runs): the
tensor.extract_slice operands of each tiled op are visited breadth-first, and a slice of a
TilingInterface producer's result (seen through the loops' iter_args when it is a
destination) is replaced by the producer's tile computed in place."""
from __future__ import annotations

from pyopt.ir.core import BlockArgument, OpResult
from pyopt.interfaces.destination_style import is_destination_style
from pyopt.interfaces.tiling import TilingFailure, tiling_model
from pyopt.rewrite.matchers import constant_int
from pyopt.dialects.tensor.canonicalize import mixed

from passes.linalg.tiling.scf_tiling import (clone_with_destinations, destinations,
                                             tile_using_scf)


class TileAndFuseResult:
    __slots__ = ("fused_producers", "tiled_and_fused_ops", "loops", "replacements")

    def __init__(self, fused_producers, tiled_and_fused_ops, loops, replacements):
        self.fused_producers = fused_producers
        self.tiled_and_fused_ops = tiled_and_fused_ops
        self.loops = loops
        self.replacements = replacements  # original result -> its replacement


def untiled_producer(slice_op, loops):
    """getUntiledProducerFromSliceSource: (the producer's result, the outermost loop's init
    operand when the source was reached through every loop's iter_args, else None)."""
    v = slice_op.source
    k = len(loops) - 1
    through = None
    while isinstance(v, BlockArgument) and k >= 0:
        loop = loops[k]
        if v.owner.parent_op is not loop or v.index == 0:
            break
        slot = 3 + v.index - 1  # scf.for: lb, ub, step, then the iter_args' inits
        through = (loop, slot)
        v = loop.operands[slot]
        k -= 1
    dest = through[1] if k < 0 and through is not None else None
    return (v if isinstance(v, OpResult) else None), dest


def fuse_producer_of_slice(b, slice_op, loops):
    """tileAndFuseProducerOfSlice: the producer's tile replaces the slice's uses (the slice
    stays, dead); returns (producer result, tiled value, tiled ops) or None."""
    producer_result, dest_slot = untiled_producer(slice_op, loops)
    if producer_result is None:
        return None
    producer = producer_result.owner
    n = producer_result.index
    ip = b.save()
    b.set_insertion_point(slice_op)
    orig_dests = destinations(b, producer) if is_destination_style(producer) else []
    dests = list(orig_dests)
    if dest_slot is not None and is_destination_style(producer):
        dests[n] = slice_op.source
    clone = clone_with_destinations(b, producer, dests)
    slice_clone = b.clone(slice_op, {slice_op.source: clone.results[n]})
    # (when the producer cannot be tiled, 19 returns here and leaves both clones, dead)
    r = None
    if tiling_model(clone) is not None and all(
            constant_int(s) == 1 for s in mixed(slice_op, "strides", "static_strides")):
        try:
            r = tiling_model(clone).generate_result_tile_value(
                clone, b, n, mixed(slice_clone, "offsets", "static_offsets"),
                mixed(slice_clone, "sizes", "static_sizes"))
        except TilingFailure:
            r = None
    if r is None:
        b.restore(ip)
        return None
    b.replace_all_uses_with(slice_op.results[0], r.tiled_values[0])
    b.erase_op(slice_clone)
    b.erase_op(clone)
    if dest_slot is not None and is_destination_style(producer) and loops:
        loops[0].set_operand(dest_slot, orig_dests[n])
    b.restore(ip)
    return producer_result, r.tiled_values[0], r.tiled_ops


def tile_consumer_and_fuse_producers(b, consumer, tile_sizes, interchange=()):
    """Raises TilingFailure (the consumer has no results, or tiling failed)."""
    if not consumer.results:
        raise TilingFailure(consumer, "invalid pattern for op with no results", emitted=False)
    t = tile_using_scf(b, consumer, tile_sizes, interchange)
    tiled_and_fused = list(t.tiled_ops)
    loops = t.loops
    if not loops:
        return TileAndFuseResult([], tiled_and_fused, loops,
                                 dict(zip(consumer.results, t.replacements)))
    candidates = [v.defining_op() for v in tiled_and_fused[-1].operands
                  if isinstance(v, OpResult) and v.owner.name == "tensor.extract_slice"]
    fused = []
    while candidates:
        s = candidates.pop(0)
        r = fuse_producer_of_slice(b, s, loops)
        if r is None:
            continue
        producer_result, tiled_value, _ = r
        op = tiled_value.defining_op()
        if op is not None:
            if producer_result.owner not in fused:
                fused.append(producer_result.owner)
            if op not in tiled_and_fused:
                tiled_and_fused.append(op)
            candidates.extend(v.owner for v in op.operands
                              if isinstance(v, OpResult) and v.owner.name ==
                              "tensor.extract_slice")
    replacements = {res: loops[0].results[i] for i, res in enumerate(consumer.results)}
    return TileAndFuseResult(fused, tiled_and_fused, loops, replacements)
