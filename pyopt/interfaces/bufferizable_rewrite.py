"""The rewriting half of BufferizableOpInterface's helpers, used by op models' `bufferize`
and `resolve_conflicts`: getBuffer, replaceOpWithBufferizedValues,
allocateTensorForShapedValue, resolveTensorOpOperandConflicts, castOrReallocMemRefValue,
foldToMemrefToTensorPair and bufferizeBlockSignature (pyopt/interfaces/bufferizable.py holds
the interface, the options and the queries)."""
from __future__ import annotations

from pyopt.interfaces.branch import successor_operand_range
from pyopt.interfaces.bufferizable import (TensorType, get_buffer_type, owner_op)
from pyopt.ir.core import OpResult
from pyopt.ir.types import (DYNAMIC, BaseMemRefType, MemRefType, RankedTensorType,
                            UnrankedMemRefType, UnrankedTensorType)
from pyopt.ir.verify_invariants import op_error, plain_error


def get_buffer(b, value, options):
    """getBuffer: the memref of a tensor value: the source of a to_tensor, else a new
    to_memref right after the value's definition."""
    if type(value) is OpResult and value.owner.name == "bufferization.to_tensor":
        return value.owner.memref
    t = get_buffer_type(value, options)
    ip = b.save()
    if type(value) is OpResult:
        b.set_insertion_point_after(value.owner)
        loc = value.owner.loc
    else:
        b.set_insertion_point_to_start(value.owner)
        loc = value.loc
    try:
        return b.create("bufferization.to_memref", [value], [t], loc=loc).results[0]
    finally:
        b.restore(ip)


def replace_op_with_bufferized_values(b, op, values):
    """Replaces op's results: tensor results by to_tensor of the given memrefs."""
    repl = []
    for r, v in zip(op.results, values):
        if isinstance(r.type, TensorType):
            b.set_insertion_point_after(op)  # (each right after the op, as upstream)
            v = b.create("bufferization.to_tensor", [v], [tensor_of(v.type)],
                         loc=value_loc_of(v)).results[0]
        repl.append(v)
    for r, v in zip(op.results, repl):
        r.replace_all_uses_with(v)
    erase_op(b, op)


def replace_op_with_new_bufferized_op(b, op, name, operands, result_types, **kw):
    b.set_insertion_point(op)
    new = b.create(name, operands, result_types, loc=op.loc, **kw)
    replace_op_with_bufferized_values(b, op, new.results)
    return new


def erase_op(b, op):
    listener = b.listener
    if listener is not None:
        listener.notify_op_erased(op)
    op.erase()


def tensor_of(memref_type):
    if isinstance(memref_type, MemRefType):
        return RankedTensorType(memref_type.shape, memref_type.element_type, None)
    return UnrankedTensorType(memref_type.element_type)


def value_loc_of(v):
    return v.owner.loc if type(v) is OpResult else v.loc


def dynamic_dim_sizes(b, loc, value):
    """populateDynamicDimSizes: tensor.dim / memref.dim of each dynamic dimension."""
    t = value.type
    name = "memref.dim" if isinstance(t, BaseMemRefType) else "tensor.dim"
    out = []
    for i, d in enumerate(t.shape):
        if d == DYNAMIC:
            out.append(b.create(name, [value, index_constant(b, loc, i)], [_index()],
                                loc=loc).results[0])
    return out


def _index():
    from pyopt.ir.types import INDEX
    return INDEX


def index_constant(b, loc, v):
    from pyopt.ir.attributes import IntegerAttr
    return b.create("arith.constant", [], [_index()],
                    properties={"value": IntegerAttr(v, _index())}, loc=loc).results[0]


def allocate_tensor_for_shaped_value(b, loc, shaped, options, copy):
    """allocateTensorForShapedValue: a bufferization.alloc_tensor (copying `shaped` when
    `copy`) placed at the builder's insertion point."""
    from pyopt.ir.opdef import segment_sizes
    t = shaped.type
    if isinstance(t, (UnrankedTensorType, UnrankedMemRefType)):
        raise plain_error(owner_op(shaped), "copying of unranked tensors is not implemented")
    tensor = shaped
    if isinstance(t, MemRefType):
        tensor = b.create("bufferization.to_tensor", [shaped], [tensor_of(t)],
                          loc=loc).results[0]
    tt = tensor.type
    dyn = []
    if not copy:
        sizes = None
        if type(shaped) is OpResult and isinstance(t, RankedTensorType):
            sizes = _reified_dynamic_sizes(b, shaped)
        dyn = sizes if sizes is not None else dynamic_dim_sizes(b, loc, tensor)
    operands = dyn + ([tensor] if copy else [])
    props = {"operandSegmentSizes": segment_sizes([len(dyn), 1 if copy else 0, 0])}
    if not copy:
        ms = get_buffer_type(tensor, options).memory_space
        if ms is None:
            d = options.default_memory_space(tt)
            ms = d if d is not False else None
        if ms is not None:
            props["memory_space"] = ms
    return b.create("bufferization.alloc_tensor", operands, [tt], properties=props,
                    loc=loc).results[0]


def _reified_dynamic_sizes(b, result):
    from pyopt.interfaces.shaped import reify_model
    m = reify_model(result.owner)
    if m is None:
        return None
    ip = b.save()
    b.set_insertion_point(result.owner)  # (upstream reifies before the op)
    try:
        shapes = m.reify(result.owner, b)
    finally:
        b.restore(ip)
    if shapes is None:
        return None
    shape = shapes[result.index]
    return [shape[i] for i, d in enumerate(result.type.shape) if d == DYNAMIC]


def resolve_tensor_operand_conflicts(op, b, state):
    """resolveTensorOpOperandConflicts: out-of-place tensor operands get an alloc_tensor
    copy (or, for an op that only creates one alias, its result is copied instead)."""
    out_operands, copied_operands = [], set()
    out_values, copied_values = [], set()
    for s in op.operand_slots:
        t = s.value.type
        if not isinstance(t, TensorType) or state.is_in_place(s):
            continue
        if isinstance(t, UnrankedTensorType):
            raise plain_error(op, "copying of unranked tensors is not implemented")
        aliases = state.aliasing_values(s)
        if len(aliases) == 1 and type(aliases[0].value) is OpResult and \
                not state.writes(s) and len(state.aliasing_operands(aliases[0].value)) == 1 \
                and not isinstance(aliases[0].value.type, UnrankedTensorType):
            v = aliases[0].value
            out_values.append(v)
            if not state.can_omit_tensor_copy(s):
                copied_values.add(v)
        else:
            out_operands.append(s)
            if not state.can_omit_tensor_copy(s):
                copied_operands.add(s)
    b.set_insertion_point(op)
    for s in out_operands:
        c = allocate_tensor_for_shaped_value(b, op.loc, s.value, state.options,
                                             s in copied_operands)
        s.set(c)
    b.set_insertion_point_after(op)
    for v in out_values:
        c = allocate_tensor_for_shaped_value(b, op.loc, v, state.options, v in copied_values)
        for u in list(v.uses()):
            if u.owner is c.owner or u.owner.name == "tensor.dim":
                continue
            u.set(c)


def cast_or_realloc(b, value, dest_type, options):
    """castOrReallocMemRefValue: a memref.cast when it always succeeds, else alloc + copy;
    None when element type, memory space or rank differ."""
    from pyopt.ir.memref_layout import strides_and_offset
    src = value.type
    if src.element_type is not dest_type.element_type or \
            src.memory_space != dest_type.memory_space or len(src.shape) != len(dest_type.shape):
        return None
    loc = value_loc_of(value)
    so_s, so_d = strides_and_offset(src), strides_and_offset(dest_type)

    def guaranteed():
        if so_s is None or so_d is None:
            return False

        def d2s(a, c):
            return a == DYNAMIC and c != DYNAMIC
        return not d2s(so_s[1], so_d[1]) and \
            not any(d2s(x, y) for x, y in zip(so_s[0], so_d[0]))
    shapes_ok = all(x == y or x == DYNAMIC or y == DYNAMIC
                    for x, y in zip(src.shape, dest_type.shape))
    if shapes_ok and guaranteed():
        return b.create("memref.cast", [value], [dest_type], loc=loc).results[0]
    dyn = [b.create("memref.dim", [value, index_constant(b, loc, i)], [_index()],
                    loc=loc).results[0]
           for i, d in enumerate(dest_type.shape) if d == DYNAMIC]
    alloc = options.create_alloc(b, loc, dest_type, dyn)
    options.create_memcpy(b, loc, value, alloc)
    return alloc


def fold_to_memref_of_to_tensor(b, to_memref, options):
    """foldToMemrefToTensorPair: to_memref(to_tensor(m)) -> m (cast or copied when the
    types differ). Returns False when it does not apply."""
    src_op = to_memref.tensor.owner if type(to_memref.tensor) is OpResult else None
    if src_op is None or src_op.name != "bufferization.to_tensor":
        return False
    m = src_op.memref
    dest = to_memref.results[0].type
    if m.type is dest:
        repl = m
    elif isinstance(m.type, MemRefType) and isinstance(dest, MemRefType):
        b.set_insertion_point(to_memref)
        repl = cast_or_realloc(b, m, dest, options)
        if repl is None:
            return False
    elif isinstance(m.type, UnrankedMemRefType) and isinstance(dest, MemRefType):
        return False
    else:
        b.set_insertion_point(to_memref)
        repl = b.create("memref.cast", [m], [dest], loc=to_memref.loc).results[0]
    to_memref.results[0].replace_all_uses_with(repl)
    erase_op(b, to_memref)
    return True




def bufferize_block_signature(block, b, options):
    """Turns a block's tensor arguments into memrefs (to_tensor for their old uses) and
    makes its predecessors pass buffers."""
    op = block.parent_op
    if options.bufferizable(op) is None:
        raise plain_error(op, "failed to bufferize op")
    new_types = [get_buffer_type(a, options) if isinstance(a.type, TensorType) else a.type
                 for a in block.args]
    for a, t in zip(block.args, new_types):
        if a.type is t:
            continue
        uses = list(a.uses())
        a.type = t
        if uses:
            b.set_insertion_point_to_start(block)
            tt = b.create("bufferization.to_tensor", [a], [tensor_of(t)], loc=a.loc).results[0]
            for u in uses:
                u.set(tt)
    for pred_use in list(block.pred_uses):
        term = pred_use.owner
        rng = successor_operand_range(term, pred_use.index)
        if rng is None:
            raise op_error(term, "cannot bufferize ops with block references that do not "
                                 "implement BranchOpInterface")
        start, n = rng
        values = [term.operand(i) for i in range(start, start + n)]
        for k, (v, t) in enumerate(zip(values, new_types)):
            if v.type is t:
                continue
            bt = get_buffer_type(v, options)
            set_insertion_point_after_value(b, v)
            loc = value_loc_of(v)
            nv = b.create("bufferization.to_memref", [v], [bt], loc=loc).results[0]
            if bt is not t:
                nv = b.create("memref.cast", [nv], [t], loc=loc).results[0]
            term.set_operand(start + k, nv)


def set_insertion_point_after_value(b, v):
    if type(v) is OpResult:
        b.set_insertion_point_after(v.owner)
    else:
        b.set_insertion_point_to_start(v.owner)


def rank_reduced_subview_type(shape, src, offsets, sizes, strides):
    """SubViewOp::inferRankReducedResultType (static entries, DYNAMIC for values)."""
    from pyopt.dialects.memref.views import rank_reduction_mask, subview_result_type
    from pyopt.ir.attributes import StridedLayoutAttr
    full = subview_result_type(src, offsets, sizes, strides)
    if len(shape) == len(full.shape):
        return full
    dropped = rank_reduction_mask(list(full.shape), list(shape))
    lay = full.layout
    return MemRefType(list(shape), src.element_type,
                      StridedLayoutAttr(lay.offset, [s for i, s in enumerate(lay.strides)
                                                     if i not in dropped]), src.memory_space)
