"""BufferDeallocationOpInterface: ops that ownership-based buffer deallocation cannot handle
through the generic interfaces (memory effects, region branches, branches, calls) give their
own handling. A model has

    process(op, state, options) -> op, a replacement op, or None (erased); raises on error
    materialize_unique_ownership(op, state, options, builder, memref) -> (memref, indicator)
        (optional: the default asks the state, which clones a memref of unknown ownership)

`state` is passes/bufferization/dealloc_state.py's DeallocationState. Models are attached by
the pass library (passes/bufferization/dealloc_models.py)."""
from __future__ import annotations

BUFFER_DEALLOCATION = "BufferDeallocationOpInterface"


def dealloc_model(op):
    d = op.opdef
    return None if d is None else d.extra.get(BUFFER_DEALLOCATION)
