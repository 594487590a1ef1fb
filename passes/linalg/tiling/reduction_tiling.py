"""Tiling a reduction into partial results with an scf.for nest (MLIR 19
scf::tileReductionUsingScf): the loops carry tensors of partial results, one per position of
the tiled reduction dims (initialized with the combiner's neutral element); each iteration
combines a tile into its slice of them; a linalg.reduce after the loops merges them."""
from __future__ import annotations

from pyopt.interfaces.tiling import TilingFailure, partial_reduction_model, tiling_model
from pyopt.dialects.shaped_models import mixed_size
import pyopt.dialects.linalg.partial_reduction_model  # noqa: F401 (attaches the models)

from passes.linalg.tiling.scf_tiling import (clone_with_destinations, generate_loop_nest,
                                             tile_offsets_and_sizes)


class ReductionTilingResult:
    __slots__ = ("initial_values", "parallel_tiled_ops", "merge_ops", "loops", "replacements")

    def __init__(self, initial_values, parallel_tiled_ops, merge_ops, loops, replacements):
        self.initial_values = initial_values
        self.parallel_tiled_ops = parallel_tiled_ops
        self.merge_ops = merge_ops
        self.loops = loops
        self.replacements = replacements


def tile_reduction_using_scf(b, op, tile_sizes):
    """Replaces `op` by the partial-reduction loop nest and its merge; raises TilingFailure."""
    pm, tm = partial_reduction_model(op), tiling_model(op)
    if pm is None or tm is None:
        raise TilingFailure(op, "op does not implement PartialReductionOpInterface",
                            emitted=False)
    loc = op.loc
    ranges = tm.iteration_domain(op, b)
    sizes = list(tile_sizes) + [0] * (len(ranges) - len(tile_sizes))
    red_dims = [i for i, t in enumerate(tm.iterator_types(op)) if t == "reduction"]
    inits = pm.initial_tensors(op, b, loc, sizes, red_dims)
    made = {}

    def body(ivs, dests):
        offsets, szs = tile_offsets_and_sizes(b, loc, ranges, sizes, ivs)
        clone = clone_with_destinations(b, op, dests)
        r = pm.tile_to_partial_reduction(clone, b, loc, dests, offsets, szs, red_dims)
        made["ops"] = r.tiled_ops
        b.erase_op(clone)
        res_offsets, res_sizes = [], []
        for v in r.tiled_values:
            res_offsets.append([0] * len(offsets))
            res_sizes.append([mixed_size(b, v, i, loc) for i in range(len(offsets))])
        return r.tiled_values, res_offsets, res_sizes

    loops = generate_loop_nest(b, loc, "for", ranges, sizes, inits, body)
    if not loops:
        raise TilingFailure(op, "failed to tile for parallel reduction", emitted=False)
    replacements = list(loops[0].results)
    b.set_insertion_point_after(loops[0])
    merge_ops, values = pm.merge_reductions(op, b, loc, replacements, red_dims)
    b.replace_op(op, values)
    return ReductionTilingResult(inits, made.get("ops", []), merge_ops, loops, values)
