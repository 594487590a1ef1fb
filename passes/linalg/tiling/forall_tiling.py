"""Tiling a TilingInterface op to one scf.forall from thread counts or tile sizes (MLIR 19
linalg::tileToForallOp / tileToForallOpUsingTileSizes, what
transform.structured.tile_using_forall runs): thread `i` computes the tile at
`offset + i * tileSize`, its size clamped to the iteration domain."""
from __future__ import annotations

from pyopt.ir.affine import AffineMap, dim, symbol
from pyopt.ir.types import DYNAMIC
from pyopt.interfaces.destination_style import init_indices, is_destination_style
from pyopt.interfaces.tiling import TilingFailure, op_failure, tiling_model
from pyopt.rewrite.matchers import constant_int
from pyopt.dialects.affine.builders import composed_folded_apply, composed_folded_min, value_of
from pyopt.dialects.linalg.structured import is_linalg_op, iterator_types

from passes.linalg.tiling.scf_tiling import create_forall, destinations, insert_results, is_zero


def forall_mixed_bounds(forall):
    """getMixedLowerBound / UpperBound / Step of an scf.forall: three [int | Value] lists."""
    out = []
    for gi, name in enumerate(("staticLowerBound", "staticUpperBound", "staticStep")):
        dyn = iter(forall.opdef.get_group(forall, "operand", gi))
        out.append([next(dyn) if s == DYNAMIC else s for s in forall.properties[name].values])
    return out


class ForallTilingResult:
    __slots__ = ("forall", "tiled_op")

    def __init__(self, forall, tiled_op):
        self.forall, self.tiled_op = forall, tiled_op


def _identity_min(b, loc, vals, name="affine.min"):
    return composed_folded_min(b, AffineMap.get_multi_dim_identity(len(vals)), vals, loc, name)


def _can_omit_bounds_check(tile, threads, size):
    t, n, s = constant_int(tile), constant_int(threads), constant_int(size)
    return None not in (t, n, s) and t * (n - 1) < s


def _tile_offsets_and_sizes(b, loc, forall, num_threads, ranges, omit_check, nominal):
    """calculateTileOffsetsAndSizes, at the start of the forall body."""
    ip = b.save()
    b.set_insertion_point_to_start(forall.regions[0].blocks[0])
    tids = forall.regions[0].blocks[0].args
    nonzero = [t for t in num_threads if not is_zero(t)]
    offsets, sizes, k = [], [], 0
    i_, j_ = dim(0), dim(1)
    m_, n_ = symbol(0), symbol(1)
    for idx, rng in enumerate(ranges):
        if idx >= len(num_threads) or is_zero(num_threads[idx]):
            offsets.append(rng.offset)
            sizes.append(rng.size)
            continue
        size, offset, tid = rng.size, rng.offset, tids[k]
        per_thread = nominal[idx] if nominal is not None else \
            composed_folded_apply(b, m_.ceildiv(n_), [size, nonzero[k]], loc)
        off = composed_folded_apply(b, i_ + j_ * m_, [offset, tid, per_thread], loc)
        residual = composed_folded_apply(b, AffineMap(2, 2, [i_ + j_ * m_ - n_]),
                                         [offset, nonzero[k], per_thread, size], loc)
        if not is_zero(residual):
            left = composed_folded_apply(b, AffineMap(1, 1, [-i_ + m_]), [off, size], loc)
            per_thread = _identity_min(b, loc, [left, per_thread])
        offsets.append(off)
        if not omit_check and not _can_omit_bounds_check(per_thread, nonzero[k], size):
            per_thread = _identity_min(b, loc, [0, per_thread], "affine.max")
        sizes.append(per_thread)
        k += 1
    b.restore(ip)
    return offsets, sizes


def thread_safety_warnings(op, num_threads):
    """safeToTileToForall: axes with more than one thread over a non-parallel loop."""
    if not is_linalg_op(op):
        return []
    its = iterator_types(op)
    out = []
    for i, n in enumerate(num_threads):
        if (isinstance(n, int) and n <= 1) or i >= len(its):
            continue
        if its[i] != "parallel":
            out.append(f"tiling is not thread safe at axis #{i}")
    return out


def tile_to_forall(b, op, num_threads, nominal_tile_sizes=None, mapping=None,
                   omit_check=False, warn=None):
    """tileToForallOpImpl: `op` tiled into an scf.forall (not replaced: the caller replaces
    it with the forall's results). `warn(op, message)` receives the thread-safety warnings.
    Raises TilingFailure."""
    m = tiling_model(op)
    if m is None:
        raise TilingFailure(op, "op does not implement TilingInterface", emitted=False)
    loc = op.loc
    ranges = m.iteration_domain(op, b)
    if not ranges:
        raise op_failure(op, "expected non-empty loop ranges")
    if any(constant_int(r.stride) != 1 for r in ranges):
        raise op_failure(op, "only stride-1 supported atm")
    dests = destinations(b, op)
    nonzero = [value_of(b, t, loc) for t in num_threads if not is_zero(t)]
    if warn is not None:
        for w in thread_safety_warnings(op, num_threads):
            warn(op, w)
    ubs = [constant_int(v) if constant_int(v) is not None else v for v in nonzero]
    forall = create_forall(b, loc, None, ubs, None, dests, mapping)
    offsets, sizes = _tile_offsets_and_sizes(b, loc, forall, num_threads, ranges, omit_check,
                                             nominal_tile_sizes)
    block = forall.regions[0].blocks[0]
    n = len(ubs)
    out_args = list(block.args[n:])
    ip = b.save()
    b.set_insertion_point(block.last)
    cloned = b.clone(op)
    if is_destination_style(cloned):
        for i in init_indices(cloned):
            v = cloned.operand(i)
            if v in dests:
                cloned.set_operand(i, out_args[dests.index(v)])
    tr = tiling_model(cloned).tiled_implementation(cloned, b, offsets, sizes)
    if tr is None:
        raise TilingFailure(cloned, "Failed to tile op: ")
    if len(tr.tiled_ops) != 1:
        raise TilingFailure(cloned, "expected a single produced tiled op, got "
                                    f"{len(tr.tiled_ops)}")
    b.erase_op(cloned)
    for i, (v, arg) in enumerate(zip(tr.tiled_values, out_args)):
        b.set_insertion_point(block.last)
        o, s = m.result_tile_position(op, b, i, offsets, sizes)
        b.set_insertion_point_to_end(block.last.regions[0].blocks[0])
        insert_results(b, loc, "tensor.parallel_insert_slice", [v], [arg], [o], [s])
    b.restore(ip)
    return ForallTilingResult(forall, tr.tiled_ops[0])


def tile_to_forall_using_tile_sizes(b, op, tile_sizes, mapping=None, warn=None):
    """tileToForallOpUsingTileSizes: thread counts ceildiv(size, tile)."""
    m = tiling_model(op)
    if m is None:
        raise TilingFailure(op, "op does not implement TilingInterface", emitted=False)
    ranges = m.iteration_domain(op, b)
    num_threads = []
    for t, rng in zip(tile_sizes, ranges):
        num_threads.append(t if is_zero(t) else
                           composed_folded_apply(b, symbol(0).ceildiv(symbol(1)),
                                                 [rng.size, t], op.loc))
    return tile_to_forall(b, op, num_threads, list(tile_sizes) + [0] * (len(ranges) -
                                                                         len(tile_sizes)),
                          mapping, True, warn)
