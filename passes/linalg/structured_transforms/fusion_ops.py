"""transform.structured.fuse_into_containing_op over the fusion steps of
passes/linalg/tiling/fusion.py."""
from __future__ import annotations

from pyopt.ir.diagnostics import Diagnostic
from pyopt.dialects.transform.ext_structured import FUSE_INTO_CONTAINING
from pyopt.dialects.transform.failures import TransformFailure, definite, silenceable

from passes.linalg.structured_transforms.common import implement
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
