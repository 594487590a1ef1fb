"""The patterns of memref's pattern descriptors and the implementation of
transform.memref.multibuffer (pyopt/dialects/transform/ext_memref.py)."""
from __future__ import annotations

from pyopt.interfaces import attach
from pyopt.dialects.transform import ext_memref as M
from pyopt.dialects.transform.extension import PATTERN_DESCRIPTOR, implement
from pyopt.dialects.transform.failures import silenceable
from passes.memref.alloc_to_alloca import AllocToAlloca
from passes.memref.extract_address_computations import extract_address_computations_patterns

attach(M.EXTRACT_ADDRESS_COMPUTATIONS, PATTERN_DESCRIPTOR,
       lambda op, ctx: extract_address_computations_patterns())


def _alloc_to_alloca(op, ctx):
    a = op.properties.get("size_limit")
    return [AllocToAlloca(0 if a is None else a.value)]


attach(M.ALLOC_TO_ALLOCA, PATTERN_DESCRIPTOR, _alloc_to_alloca)


def _multibuffer(op, state, results):
    from passes.memref.multi_buffer import multi_buffer, parent_loop
    out = []
    for alloc in state.payload_ops(op.target):
        # allocations with a user outside any loop are skipped
        if any(u.name != "memref.dealloc" and parent_loop(u) is None
               for u in alloc.results[0].users()):
            continue
        skip = op.properties.get("skip_analysis") is not None
        new = multi_buffer(state.rewriter, alloc, op.properties["factor"].value, skip)
        if new is None:
            raise silenceable(alloc, "op failed to multibuffer")
        out.append(new)
    results.set(op.results[0], out)


implement(M.MULTIBUFFER, _multibuffer, consumes=("target",), modifies_payload=True)
