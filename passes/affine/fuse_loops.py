"""fuseLoops: clones a source loop nest into a destination nest at the slice's insertion
point, narrows the cloned loops to the slice bounds, and promotes the loops left with a
single iteration. Shared by the loop fusion passes."""
from __future__ import annotations

from pyopt.dialects.affine.analysis import loops
from pyopt.dialects.affine.canonicalize import canonicalize_map_and_operands
from passes.affine.tiling.loops import set_lower_bound, set_upper_bound
from passes.affine.unroll import promote_if_single_iteration


def fuse_loops(ctx, src, state):
    mapping = {}
    clone = src.clone(mapping)
    block = state.insert_block
    anchor = list(block)[state.insert_index]
    block.insert_before(anchor, clone)
    sliced = []
    for i, iv in enumerate(state.ivs):
        new_iv = mapping.get(iv)
        if new_iv is None:
            continue
        loop = loops.for_iv_owner(new_iv)
        sliced.append(loop)
        if state.lbs[i] is not None:
            m, ops = canonicalize_map_and_operands(state.lbs[i], list(state.lb_operands[i]))
            set_lower_bound(loop, ops, m)
        if state.ubs[i] is not None:
            m, ops = canonicalize_map_and_operands(state.ubs[i], list(state.ub_operands[i]))
            set_upper_bound(loop, ops, m)
    for loop in sliced:
        promote_if_single_iteration(ctx, loop)
