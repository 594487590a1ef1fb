"""The patterns of memref's pattern descriptors and the implementations of
transform.memref.multibuffer and erase_dead_alloc_and_stores
(pyopt/dialects/transform/ext_memref.py)."""
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


def _expand_ops(op, ctx):
    from passes.memref.expand_ops import PATTERNS
    return list(PATTERNS)


def _expand_strided_metadata(op, ctx):
    from passes.memref.expand_strided_metadata import PATTERNS
    return list(PATTERNS)


def _fold_alias_ops(op, ctx):
    from passes.memref.fold_alias_ops import PATTERNS
    return list(PATTERNS)


def _resolve_ranked_dims(op, ctx):
    from passes.transforms.resolve_shaped_dims import _patterns
    return _patterns(ctx)


for _d, _f in ((M.EXPAND_OPS, _expand_ops), (M.EXPAND_STRIDED_METADATA, _expand_strided_metadata),
               (M.FOLD_MEMREF_ALIAS_OPS, _fold_alias_ops),
               (M.RESOLVE_RANKED_SHAPED_TYPE_RESULT_DIMS, _resolve_ranked_dims)):
    attach(_d, PATTERN_DESCRIPTOR, _f)


def _erase_dead_alloc_and_stores(op, target, state):
    from passes.vector.transfer_flow_opt import erase_dead_alloc_and_stores, transfer_opflow_opt
    transfer_opflow_opt(state.rewriter, target)
    erase_dead_alloc_and_stores(state.rewriter, target)
    return []


implement(M.ERASE_DEAD_ALLOC_AND_STORES, each=_erase_dead_alloc_and_stores,
          modifies_payload=True, reports_tracking=True)


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
