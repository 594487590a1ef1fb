"""BufferizableOpInterface models of arith: constant (a tensor constant becomes a
memref.global + memref.get_global, read-only), index_cast (of tensors) and select (of
tensors: may alias either operand)."""
from __future__ import annotations

from pyopt.dialects.arith import ARITH
from pyopt.interfaces import attach
from pyopt.interfaces.bufferizable import (BUFFERIZABLE, EQUIVALENT, AliasingValue,
                                           BufferizableModel, fully_dynamic_layout_type,
                                           get_buffer_type, plain_error)
from pyopt.interfaces.bufferizable_rewrite import (get_buffer,
                                                   replace_op_with_new_bufferized_op)
from pyopt.ir.attributes import IntegerAttr, StringAttr, SymbolRefAttr, TypeAttr, UNIT
from pyopt.ir.types import IntegerType, MemRefType, RankedTensorType, UnrankedMemRefType
from pyopt.ir.verify_invariants import op_error


def _type_text(t):
    from pyopt.syntax.printer import type_to_str
    return type_to_str(t)


class _ModuleConstants:
    """A module's constant globals by (initial value, alignment) and its symbol names, from
    one scan of its body, kept up to date as globals are added: getGlobalFor for each of N
    constants costs O(1), not a scan of the module."""

    def __init__(self, body):
        self.globals, self.names = {}, set()
        for g in body:
            n = g.get_attr("sym_name")
            if n is not None:
                self.names.add(n.value)
            if g.name == "memref.global":
                self.add(g)

    def add(self, g):
        value = g.get_attr("initial_value")
        if value is not None:
            al = g.get_attr("alignment")
            self.globals.setdefault((id(value), al.value if al is not None else 0), g)

    def find(self, value, alignment, body):
        g = self.globals.get((id(value), alignment))
        return g if g is not None and g.parent is body else None


def global_for_constant(op, alignment, memory_space, b, run_cache=None):
    """getGlobalFor: the module's private constant memref.global holding op's value (reused
    when one with the same value and alignment exists). `run_cache` (a dict kept for one
    bufferization run) keeps the module's index of constants between calls."""
    module = op.parent_op
    while module is not None and module.name != "builtin.module":
        module = module.parent_op
    if module is None:
        return None
    value = op.get_attr("value")
    body = module.regions[0].blocks[0]
    key = ("constants", module)
    index = run_cache.get(key) if run_cache is not None else None
    if index is None:
        index = _ModuleConstants(body)
        if run_cache is not None:
            run_cache[key] = index
    g = index.find(value, alignment, body)
    if g is not None:
        return g
    t = op.results[0].type
    base = "__constant_" + "x".join(str(d) for d in t.shape) + \
        ("x" if t.shape else "x") + _type_text(t.element_type)
    if not t.shape:
        base = "__constant_x" + _type_text(t.element_type)
    name, k = base, 0
    while name in index.names:
        name = f"{base}_{k}"
        k += 1
    mt = MemRefType(t.shape, t.element_type, None, memory_space)
    attrs = {"sym_name": StringAttr(name), "sym_visibility": StringAttr("private"),
             "type": TypeAttr(mt), "initial_value": value, "constant": UNIT}
    if alignment:
        attrs["alignment"] = IntegerAttr(IntegerType(64), alignment)
    ip = b.save()
    b.set_insertion_point_to_start(body)
    listener, b.listener = b.listener, None
    try:
        g = b.create("memref.global", [], [], properties=attrs, loc=op.loc)
    finally:
        b.listener = listener
        b.restore(ip)
    index.names.add(name)
    index.add(g)
    return g


class ConstantModel(BufferizableModel):
    def bufferize(self, op, b, options):
        t = op.results[0].type
        if not isinstance(t, RankedTensorType):
            raise plain_error(op, "failed to bufferize op")
        ms = options.default_memory_space(t)
        if ms is False:
            raise plain_error(op, "could not infer memory space")
        g = global_for_constant(op, options.buffer_alignment, ms, b, options.run_cache)
        if g is None:
            raise plain_error(op, "failed to bufferize op")
        gt = g.get_attr("type").value
        replace_op_with_new_bufferized_op(
            b, op, "memref.get_global", [], [gt],
            properties={"name": SymbolRefAttr(g.get_attr("sym_name").value)})

    def is_writable(self, op, value, state):
        return False


class IndexCastModel(BufferizableModel):
    def reads(self, op, operand, state):
        return False

    def writes(self, op, operand, state):
        return False

    def aliasing_values(self, op, operand, state):
        return [AliasingValue(op.results[0], EQUIVALENT)]

    def bufferize(self, op, b, options):
        src = get_buffer(b, op.in_, options)
        st, et = src.type, op.results[0].type.element_type
        rt = MemRefType(st.shape, et, st.layout, st.memory_space) \
            if isinstance(st, MemRefType) else UnrankedMemRefType(et, st.memory_space)
        replace_op_with_new_bufferized_op(b, op, "arith.index_cast", [src], [rt])


class SelectModel(BufferizableModel):
    def reads(self, op, operand, state):
        return False

    def writes(self, op, operand, state):
        return False

    def aliasing_values(self, op, operand, state):
        return [AliasingValue(op.results[0], EQUIVALENT, False)]

    def bufferize(self, op, b, options):
        cond = op.condition
        if not (isinstance(cond.type, IntegerType) and cond.type.width == 1):
            raise op_error(op, "only i1 condition values are supported")
        tb = get_buffer(b, op.true_value, options)
        fb = get_buffer(b, op.false_value, options)
        if tb.type is not fb.type:
            target = get_buffer_type(op.results[0], options)
            if tb.type is not target:
                tb = b.create("memref.cast", [tb], [target], loc=op.loc).results[0]
            if fb.type is not target:
                fb = b.create("memref.cast", [fb], [target], loc=op.loc).results[0]
        replace_op_with_new_bufferized_op(b, op, "arith.select", [cond, tb, fb], [tb.type])

    def buffer_type(self, op, value, options, stack):
        tt = get_buffer_type(op.true_value, options, stack)
        ft = get_buffer_type(op.false_value, options, stack)
        if tt is ft:
            return tt
        if tt.memory_space != ft.memory_space:
            raise plain_error(op, "inconsistent memory space on true/false operands")
        return fully_dynamic_layout_type(RankedTensorType(tt.shape, tt.element_type, None),
                                         tt.memory_space)


attach(ARITH.ops["arith.constant"], BUFFERIZABLE, ConstantModel())
attach(ARITH.ops["arith.index_cast"], BUFFERIZABLE, IndexCastModel())
attach(ARITH.ops["arith.select"], BUFFERIZABLE, SelectModel())
