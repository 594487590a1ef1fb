"""transform.structured.fuse_into_containing_op over the fusion steps of
passes/linalg/tiling/fusion.py, and transform.structured.fuse (tile and fuse greedily,
passes/linalg/tiling/tile_and_fuse.py)."""
from __future__ import annotations

from pyopt.ir.diagnostics import Diagnostic
from pyopt.interfaces.tiling import TilingFailure, tiling_model
from pyopt.dialects.transform.ext_structured import FUSE, FUSE_INTO_CONTAINING
from pyopt.dialects.transform.failures import (TransformFailure, definite, definite_silent,
                                               silenceable)

from passes.linalg.structured_transforms.common import implement, report_definite
from passes.linalg.tiling.tile_and_fuse import tile_consumer_and_fuse_producers
from passes.linalg.tiling.fusion import (clone_and_fuse_first_use, fuse_first_extract_use,
                                         fuse_through_block_argument, _op_text)


def _next_producer(remaining, containing):
    """A producer with a use inside the containing op (dropped from `remaining` once it has
    only that one)."""
    for i, p in enumerate(remaining):
        n = sum(1 for r in p.results for u in r.uses() if containing.is_ancestor_of(u.owner))
        if n > 0:
            if n == 1:
                del remaining[i]
            return p
    return None


def apply_fuse_into_containing(op, state, results):
    producers = state.payload_ops(op.producer_op)
    containers = state.payload_ops(op.containing_op)
    if len(containers) != 1:
        raise definite(op, f"requires exactly one containing_op handle (got {len(containers)})")
    containing = containers[0]
    fused = []
    remaining = list(dict.fromkeys(producers))
    rw = state.rewriter
    while remaining:
        producer = _next_producer(remaining, containing)
        if producer is None:
            raise silenceable(op, "could not find next producer to fuse into container",
                              [("containing op", containing.loc)])
        notes = []
        r = fuse_first_extract_use(rw, producer, containing, notes)
        if r is not None:
            tiled, new_containing = r
            fused.extend(tiled)
            if new_containing is not None:
                state._replace_op(containing, new_containing)
                rw.erase_op(containing)
                containing = new_containing
            continue
        tiled = fuse_through_block_argument(rw, producer, containing, notes)
        if tiled:
            fused.extend(tiled)
            continue
        cloned = clone_and_fuse_first_use(rw, producer, containing, notes)
        if cloned is not None:
            fused.append(cloned)
            continue
        d = Diagnostic("remark", producer.loc,
                       f"could not fuse {_op_text(producer)} into {_op_text(containing)}")
        for text, loc in notes:
            d.attach_note(text, loc)
        raise TransformFailure([d])
    results.set(op.results[0], fused)
    results.set(op.results[1], [containing])


implement(FUSE_INTO_CONTAINING, apply_fuse_into_containing)


def apply_fuse(op, state, results):
    """FuseOp / applyTilingToAll: each target tiled and its producers fused; the target and
    the fused producers replaced by the loop results (and erased when unused)."""
    from pyopt.dialects.transform.ext_structured import _ints
    sizes = _ints(op, "tile_sizes")
    interchange = _ints(op, "tile_interchange")
    n_loops = len(sizes) - sizes.count(0)
    rw = state.rewriter
    tiled, loops = [], [[] for _ in range(n_loops)]
    for target in state.payload_ops(op.target):
        if tiling_model(target) is None:
            state.emit(Diagnostic("error", op.loc, "only TilingInterface ops are supported"))
            raise definite_silent()
        rw.set_insertion_point(target)
        try:
            r = tile_consumer_and_fuse_producers(rw, target, sizes, interchange)
        except TilingFailure as f:
            if f.emitted:
                raise report_definite(state, f)
            raise definite_silent()
        for old in [target] + r.fused_producers:
            for res in old.results:
                new = r.replacements.get(res)
                if new is not None:
                    rw.replace_all_uses_with(res, new)
            if all(not res.has_uses() for res in old.results):
                rw.erase_op(old)
        tiled.append(r.tiled_and_fused_ops[0])
        for i in range(n_loops):
            loops[i].append(r.loops[i])
    results.set(0, tiled)
    for i in range(n_loops):
        results.set(i + 1, loops[i])


implement(FUSE, apply_fuse)
