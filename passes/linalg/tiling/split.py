"""Splitting a TilingInterface op in two along one loop (MLIR 19 linalg::splitOp): the first
part computes the iterations before the split point into the destinations, the second the
rest into the first part's results."""
from __future__ import annotations

from pyopt.ir.affine import AffineMap, dim
from pyopt.interfaces.tiling import tiling_model
from pyopt.dialects.affine.builders import composed_folded_apply, composed_folded_min
from pyopt.dialects.tensor.slice_canonicalize import create_insert_slice

from passes.linalg.tiling.scf_tiling import destinations


def _part(b, loc, op, offsets, sizes, dests, d, size, offset, results):
    """createSplitPart."""
    m = tiling_model(op)
    offs, szs = list(offsets), list(sizes)
    szs[d], offs[d] = size, offset
    r = m.tiled_implementation(op, b, offs, szs)
    for i, v in enumerate(r.tiled_values):
        o, s = m.result_tile_position(op, b, i, offs, szs)
        results.append(create_insert_slice(b, "tensor.insert_slice", v, dests[i], o, s,
                                           [1] * len(o), loc).results[0])
    return r.tiled_ops[0]


def split_op(b, op, d, split_point):
    """(first part, second part); (op, None) when there is nothing to split."""
    m = tiling_model(op)
    loc = op.loc
    space = m.iteration_domain(op, b)
    if d >= len(space):
        return op, None
    offsets = [r.offset for r in space]
    sizes = [r.size for r in space]
    min_point = composed_folded_min(b, AffineMap(3, 0, [dim(0), dim(1) + dim(2)]),
                                    [split_point, offsets[d], sizes[d]], loc)
    remaining = composed_folded_apply(b, dim(0) + dim(1) - dim(2),
                                      [space[d].offset, space[d].size, min_point], loc)
    if remaining == 0:
        return op, None
    dests = destinations(b, op)
    first_results = []
    first = _part(b, loc, op, offsets, sizes, dests, d, min_point, space[d].offset,
                  first_results)
    n_out = len(first_results)

    def update():
        n = len(op.operands)
        for k, v in enumerate(first_results):
            op.set_operand(n - n_out + k, v)
    b.modify_op_in_place(op, update)
    total = composed_folded_apply(b, dim(0) + dim(1), [offsets[d], min_point], loc)
    second_results = []
    second = _part(b, loc, op, offsets, sizes, first_results, d, remaining, total,
                   second_results)
    b.replace_op(op, second_results) if op.results else b.erase_op(op)
    return first, second
