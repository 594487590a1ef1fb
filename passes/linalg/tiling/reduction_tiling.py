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


def tile_reduction_using_forall(b, op, num_threads, tile_sizes=(), mapping=None):
    """linalg::tileReductionUsingForall with thread counts only: one scf.forall whose thread
    along the (single) reduction dim computes its partial result into the neutral-filled
    partials, merged after the loop. Raises TilingFailure."""
    from pyopt.interfaces.destination_style import dps_inits, init_indices
    from pyopt.rewrite.matchers import constant_int
    from pyopt.dialects.affine.builders import value_of
    from pyopt.dialects.linalg.structured import is_linalg_op
    from pyopt.dialects.tensor.slice_canonicalize import create_extract_slice
    from passes.linalg.tiling.forall_tiling import _tile_offsets_and_sizes
    from passes.linalg.tiling.scf_tiling import create_forall, destinations, insert_results
    pm, tm = partial_reduction_model(op), tiling_model(op)
    if pm is None or tm is None or not is_linalg_op(op):
        raise TilingFailure(op, "not a linalg op", emitted=False)
    loc = op.loc
    ranges = tm.iteration_domain(op, b)
    if len(op.results) != 1:
        raise TilingFailure(op, "don't support ops with multiple results for now",
                            emitted=False)
    red = [i for i, t in enumerate(tm.iterator_types(op)) if t == "reduction"]
    if len(red) != 1:
        raise TilingFailure(op, "only support ops with one reduction dimension.",
                            emitted=False)
    if tile_sizes:
        raise TilingFailure(op, "tiling the threads' reductions further is not supported",
                            emitted=False)
    rd = red[0]
    if rd >= len(num_threads):
        raise TilingFailure(op, "reduction dimension must be mapped to threads", emitted=False)
    inits = pm.initial_tensors(op, b, loc, list(num_threads) + [0] * (len(ranges) -
                                                                      len(num_threads)), [rd])
    dests = destinations(b, op)
    nonzero = [value_of(b, t, loc) for t in num_threads if constant_int(t) != 0]
    ubs = [constant_int(v) if constant_int(v) is not None else v for v in nonzero]
    forall = create_forall(b, loc, None, ubs, None, inits, mapping)
    offsets, sizes = _tile_offsets_and_sizes(b, loc, forall, num_threads, ranges, False, None)
    block = forall.regions[0].blocks[0]
    n_ivs = len(ubs)
    args = list(block.args[n_ivs:])
    ip = b.save()
    b.set_insertion_point(block.last)
    tiled_inits = []
    for init in dps_inits(op):
        k = dests.index(init)
        offs = [0] * len(num_threads)
        szs = list(sizes)
        szs[rd] = 1
        offs[rd] = block.args[0]
        tiled_inits.append(create_extract_slice(b, init.type, args[k], offs, szs,
                                                [1] * len(num_threads), loc))
    clone = b.clone(op)
    for i, v in zip(init_indices(clone), tiled_inits):
        clone.set_operand(i, v)
    r = tm.tiled_implementation(clone, b, offsets, sizes)
    b.erase_op(clone)
    for i, (v, arg) in enumerate(zip(r.tiled_values, args)):
        b.set_insertion_point(block.last)
        ro, rs = tm.result_tile_position(op, b, i, offsets, sizes)
        offs, szs, k = [], [], 0
        for d in range(len(num_threads)):
            if d == rd:
                offs.append(block.args[0])
                szs.append(1)
                continue
            offs.append(ro[k])
            szs.append(rs[k])
            k += 1
        b.set_insertion_point_to_end(block.last.regions[0].blocks[0])
        insert_results(b, loc, "tensor.parallel_insert_slice", [v], [arg], [offs], [szs])
    b.set_insertion_point_after(forall)
    merge_ops, values = pm.merge_reductions(op, b, loc, list(forall.results), [rd])
    b.replace_op(op, values)
    b.restore(ip)
    return ReductionTilingResult(inits, r.tiled_ops, merge_ops, [forall], values)
