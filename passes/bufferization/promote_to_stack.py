"""`promote-buffers-to-stack`: turns small `memref.alloc`s into `memref.alloca`s when nothing
frees them and no alias of the buffer leaves the nearest automatic allocation scope (a
function body, say). Small means a static shape of at most `max-alloc-size-in-bytes`, or a
dynamic shape of rank at most `max-rank-of-allocated-memref` whose sizes all come from
`memref.rank` (so they are small too). Allocations inside loops stay on the heap: an alloca
there would grow the stack on every iteration."""
from __future__ import annotations

from pyopt.analysis.buffer_view_flow import aliases
from pyopt.interfaces.control_flow import terminator_successor_operands
from pyopt.interfaces.data_layout import DataLayout
from pyopt.ir.opdef import AUTOMATIC_ALLOCATION_SCOPE
from pyopt.ir.types import DYNAMIC
from pyopt.pass_registry import PassOption, register_pass
from pyopt.rewrite.rewriter import Builder
from passes.bufferization.placement import dealloc_count, is_known_control_flow, is_loop


def _is_small(alloc, max_bytes, max_rank):
    t = alloc.results[0].type
    shape = t.shape
    if DYNAMIC in shape:
        return len(shape) <= max_rank and all(
            getattr(getattr(v, "owner", None), "name", None) == "memref.rank"
            for v in alloc.operands)
    bits = DataLayout.closest(alloc).size_in_bits(t.element_type)
    if bits is None:
        return False
    n = 1
    for d in shape:
        n *= d
    return n * bits <= max_bytes * 8


def _leaves(region, values):
    """Does any of `values` reach a region terminator (a return) directly inside `region`?"""
    for v in values:
        for user in v.users():
            if user.parent is not None and user.parent.parent is region \
                    and terminator_successor_operands(user) is not None:
                return True
    return False


def _has_allocation_scope(alloc):
    flow = None
    region = alloc.parent.parent
    while region is not None:
        parent = region.parent
        if parent is None:
            break
        d = parent.opdef
        if d is not None and AUTOMATIC_ALLOCATION_SCOPE in d.traits:
            if flow is None:
                flow = aliases(alloc.results[0])
            if not _leaves(region, flow):
                return True
        if is_loop(parent) or not is_known_control_flow(parent):
            break
        region = parent.parent.parent if parent.parent is not None else None
    return False


@register_pass("promote-buffers-to-stack",
               "Promotes heap-based allocations to automatically managed stack-based "
               "allocations", anchor="func.func", display_name="PromoteBuffersToStack",
               options=[PassOption("max-alloc-size-in-bytes", int, 1024,
                                   "Maximal size in bytes to promote allocations to stack."),
                        PassOption("max-rank-of-allocated-memref", int, 1,
                                   "Maximal memref rank to promote dynamic buffers.")])
def promote_buffers_to_stack(op, ctx, options):
    max_bytes = options["max-alloc-size-in-bytes"]
    max_rank = options["max-rank-of-allocated-memref"]
    allocs = [o for o in op.walk_ops() if o.name == "memref.alloc"]
    builder = Builder(ctx)
    for alloc in allocs:
        res = alloc.results[0]
        if not _is_small(alloc, max_bytes, max_rank):
            continue
        if dealloc_count(res):
            continue
        if not _has_allocation_scope(alloc):
            continue
        builder.set_insertion_point(alloc)
        alloca = builder.create("memref.alloca", alloc.operands, [res.type],
                                properties=alloc.properties, attributes=alloc.attributes,
                                loc=alloc.loc)
        res.replace_all_uses_with(alloca.results[0])
        alloc.erase()
