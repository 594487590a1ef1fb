"""Bufferizing one op into a new allocation (MLIR 19 linalg::bufferizeToAllocation,
ConvertToDestinationStyle.cpp): a tensor.pad becomes an allocation filled with the padding
and the source copied into its interior; a bufferization.alloc_tensor an allocation; any
other bufferizable op gets its single out-of-place tensor operand in a (copied-into)
allocation and is then bufferized (or, with `bufferize_destination_only`, left on the new
destination)."""
from __future__ import annotations

from pyopt.ir.types import DYNAMIC, MemRefType, RankedTensorType
from pyopt.interfaces import model
from pyopt.interfaces.shaped import REIFY_RANKED_SHAPED_TYPE
from pyopt.rewrite.matchers import constant_int
from pyopt.dialects.affine.builders import value_of
from pyopt.dialects.shaped_models import mixed_sizes
from pyopt.dialects.tensor.canonicalize import mixed

from passes.linalg.dps_rewrites import _padding_to_fill_or_generic


class Options:
    __slots__ = ("memcpy_op", "alloc_op", "destination_only", "emit_dealloc")

    def __init__(self, memcpy_op="bufferization.materialize_in_destination",
                 alloc_op="memref.alloc", destination_only=False, emit_dealloc=False):
        self.memcpy_op, self.alloc_op = memcpy_op, alloc_op
        self.destination_only, self.emit_dealloc = destination_only, emit_dealloc


def _dynamic_sizes(b, value):
    """reifyOrComputeDynamicSizes."""
    t = value.type
    if DYNAMIC not in t.shape:
        return []
    op = value.defining_op() if hasattr(value, "defining_op") else None
    m = model(op, REIFY_RANKED_SHAPED_TYPE) if op is not None else None
    if m is not None:
        import pyopt.dialects.shaped_models  # noqa: F401
        shape = m.reify(op, b)[value.index]
        return [value_of(b, s, op.loc) for s, st in zip(shape, t.shape) if st == DYNAMIC]
    from pyopt.dialects.linalg.tiled_shapes import folded_dim
    from pyopt.ir.core import value_loc
    return [value_of(b, folded_dim(b, value, i, value_loc(value)), value_loc(value))
            for i, s in enumerate(t.shape) if s == DYNAMIC]


def allocation_for(b, loc, value, options, memory_space):
    """createAllocationForTensor: an alloc (with its dealloc before the block's terminator
    when asked) or alloca of the tensor's shape with an identity layout."""
    t = value.type
    mt = MemRefType(t.shape, t.element_type, None, memory_space)
    dyn = _dynamic_sizes(b, value)
    from pyopt.ir.opdef import segment_sizes
    props = {"operandSegmentSizes": segment_sizes([len(dyn), 0])}
    alloc = b.create(options.alloc_op, dyn, [mt], properties=props, loc=loc).results[0]
    if options.alloc_op == "memref.alloc" and options.emit_dealloc:
        ip = b.save()
        b.set_insertion_point(b.block.last)
        b.create("memref.dealloc", [alloc], [], loc=loc)
        b.restore(ip)
    return alloc


def memcpy(b, loc, tensor, memref, options):
    """createMemcpy."""
    if options.memcpy_op == "bufferization.materialize_in_destination":
        from pyopt.ir.attributes import UNIT
        b.create("bufferization.materialize_in_destination", [tensor, memref], [],
                 properties={"writable": UNIT}, loc=loc)
        return
    from pyopt.interfaces.bufferizable import fully_dynamic_layout_type
    m = b.create("bufferization.to_memref", [tensor], [fully_dynamic_layout_type(tensor.type)],
                 properties={"read_only": _unit()}, loc=loc).results[0]
    if options.memcpy_op == "memref.copy":
        b.create("memref.copy", [m, memref], [], loc=loc)
    else:
        from pyopt.dialects.linalg.builders import create_named
        create_named(b, "linalg.copy", [m], [memref], loc=loc)


def _unit():
    from pyopt.ir.attributes import UNIT
    return UNIT


def _to_tensor(b, loc, memref, restrict_writable):
    t = memref.type
    props = {"restrict": _unit(), "writable": _unit()} if restrict_writable else {}
    return b.create("bufferization.to_tensor", [memref],
                    [RankedTensorType(t.shape, t.element_type)], properties=props,
                    loc=loc).results[0]


def _pad(b, options, pad, memory_space):
    loc = pad.loc
    b.set_insertion_point(pad)
    alloc = allocation_for(b, loc, pad.results[0], options, memory_space)
    b.set_insertion_point(pad)
    low = mixed(pad, "low", "static_low")
    high = mixed(pad, "high", "static_high")
    if any(constant_int(x) != 0 for x in low + high):
        fill = _padding_to_fill_or_generic(b, loc, pad, alloc)
        b.set_insertion_point_after(fill)
    from pyopt.dialects.tensor.slice_canonicalize import slice_properties
    from pyopt.dialects.memref.views import subview_result_type
    sizes = mixed_sizes(b, pad.source, loc)
    rank = len(sizes)
    static = [[x if isinstance(x, int) else DYNAMIC for x in lst]
              for lst in (low, sizes, [1] * rank)]
    props, dyn = slice_properties(low, sizes, [1] * rank, 1)
    sub = b.create("memref.subview", [alloc] + dyn, [subview_result_type(alloc.type, *static)],
                   properties=props, loc=loc).results[0]
    memcpy(b, loc, pad.source, sub, options)
    t = _to_tensor(b, loc, alloc, True)
    b.replace_op(pad, [t])
    return alloc


def _alloc_tensor(b, options, op, memory_space):
    loc = op.loc
    b.set_insertion_point(op)
    alloc = allocation_for(b, loc, op.results[0], options, memory_space)
    b.replace_op(op, [_to_tensor(b, loc, alloc, True)])
    return alloc


def bufferize_to_allocation(b, options, op, memory_space=None):
    """The new buffer, or None."""
    if op.name == "tensor.pad" and not options.destination_only:
        return _pad(b, options, op, memory_space)
    if op.name == "bufferization.alloc_tensor":
        return _alloc_tensor(b, options, op, memory_space)
    if op.name == "vector.mask":
        return _mask(b, options, op, memory_space)
    return _bufferize_op(b, options, op, memory_space)


def _mask(b, options, mask, memory_space):
    """The masked op bufferized into an allocation made before the mask, then the mask's
    yield and the mask itself (dead to_tensor ops left inside it erased)."""
    from pyopt.interfaces.bufferizable import BUFFERIZABLE, BufferizationOptions
    body = mask.regions[0].blocks[0]
    alloc = _bufferize_op(b, options, body.first, memory_space, insertion_point=mask)
    if alloc is None or options.destination_only:
        return alloc
    bopts = BufferizationOptions()
    y = body.last
    b.set_insertion_point(y)
    model(y, BUFFERIZABLE).bufferize(y, b, bopts)
    for o in list(mask.walk_ops()):
        if o.name == "bufferization.to_tensor" and o.results[0].first_use is None:
            b.erase_op(o)
    result_uses = [u for r in mask.results if isinstance(r.type, RankedTensorType)
                   for u in r.uses()]
    b.set_insertion_point(mask)
    model(mask, BUFFERIZABLE).bufferize(mask, b, bopts)
    _restrict_writable(b, result_uses)
    return alloc


def _restrict_writable(b, uses):
    """The to_tensor ops now feeding `uses` alias nothing else: restrict, writable."""
    for use in uses:
        d = use.value.defining_op() if hasattr(use.value, "defining_op") else None
        if d is not None and d.name == "bufferization.to_tensor":
            d.properties["restrict"] = _unit()
            d.properties["writable"] = _unit()


def _bufferize_op(b, options, op, memory_space, insertion_point=None):
    """The generic case: the op's single out-of-place tensor operand (aliased by a result,
    or written) moves to a new allocation (made before `insertion_point`, default the op),
    then the op itself is bufferized (unless only the destination is asked for)."""
    import pyopt.dialects.bufferizable_models  # noqa: F401 (the models)
    from pyopt.interfaces.bufferizable import (BUFFERIZABLE, AnalysisState,
                                               BufferizationOptions)
    m = model(op, BUFFERIZABLE)
    if m is None:
        return None
    bopts = BufferizationOptions()
    state = AnalysisState(bopts)
    results = []
    for r in op.results:
        if not isinstance(r.type, (RankedTensorType,)) and hasattr(r.type, "shape"):
            return None
        if isinstance(r.type, RankedTensorType):
            if m.bufferizes_to_allocation(op, r):
                return None
            results.append(r)
    out_of_place, result_uses = [], []
    for r in results:
        for a in m.aliasing_operands(op, r, state):
            if a.operand not in out_of_place:
                out_of_place.append(a.operand)
            result_uses.extend(r.uses())
    for slot in op.operand_slots:
        if isinstance(slot.value.type, RankedTensorType) and m.writes(op, slot, state) and \
                slot not in out_of_place:
            out_of_place.append(slot)
    if len(out_of_place) != 1:
        return None
    loc = op.loc
    b.set_insertion_point(insertion_point or op)
    slot = out_of_place[0]
    alloc = allocation_for(b, loc, slot.value, options, memory_space)
    if state.find_definitions(slot.value):
        memcpy(b, loc, slot.value, alloc, options)
    t = _to_tensor(b, loc, alloc, options.destination_only)
    b.modify_op_in_place(op, lambda: op.set_operand(slot.index, t))
    if options.destination_only:
        return alloc
    b.set_insertion_point(op)
    m.bufferize(op, b, bopts)
    _restrict_writable(b, result_uses)
    return alloc
