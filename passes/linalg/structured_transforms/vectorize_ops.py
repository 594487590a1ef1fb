"""transform.structured.vectorize over passes/linalg/vectorization.py."""
from __future__ import annotations

from pyopt.dialects.linalg.structured import is_linalg_op
from pyopt.dialects.transform.ext_structured import VECTORIZE
from pyopt.dialects.transform.failures import silenceable

from passes.linalg.structured_transforms.common import (implement, mixed_sizes,
                                                        unpack_single_index_results)
from passes.linalg.vectorization import vectorize

_VECTORIZABLE = ("tensor.pad", "tensor.pack", "tensor.unpack")


def _static(op, name):
    a = op.get_attr(name)
    return list(a.values) if a is not None else []


def apply_vectorize(op, state, results):
    targets = state.payload_ops(op.target)
    if not targets:
        return
    sizes = unpack_single_index_results(state, op, mixed_sizes(
        op, _static(op, "static_vector_sizes"), op.vector_sizes))
    if any(not isinstance(s, int) for s in sizes):
        raise silenceable(op, "expected constant vector sizes")
    scalable = _static(op, "scalable_sizes")
    nd_extract = op.get_attr("vectorize_nd_extract") is not None
    for t in targets:
        if not is_linalg_op(t) and t.name not in _VECTORIZABLE:
            raise silenceable(t, "Unsupported Op, cannot vectorize")
        if not vectorize(state.rewriter, t, sizes, scalable, nd_extract):
            raise silenceable(t, "Attempted to vectorize, but failed")


implement(VECTORIZE, apply_vectorize)
