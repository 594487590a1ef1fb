"""BufferizableOpInterface models of func.func, func.call and func.return (function
boundaries). A call reads/writes/returns what the analysis of its callee found (module
bufferization analyses callees first; before that, a call is as unknown as any op)."""
from __future__ import annotations

from pyopt.dialects.func import CALL, FUNC, RETURN
from pyopt.interfaces import attach
from pyopt.interfaces import function_like as fl
from pyopt.interfaces.bufferizable import (BUFFERIZABLE, EQUIVALENT, UNKNOWN, AliasingValue,
                                           BufferizableModel, TensorType, get_buffer_type,
                                           plain_error, unknown_aliasing_values)
from pyopt.interfaces.bufferizable_rewrite import (bufferize_block_signature, get_buffer,
                                                   replace_op_with_bufferized_values)
from pyopt.ir.attributes import IntegerAttr
from pyopt.ir.types import FunctionType, MemRefType
from pyopt.ir.verify_invariants import op_error

from .unstructured import WithUnstructuredControlFlow

LAYOUT_ATTR = "bufferization.buffer_layout"
WRITABLE_ATTR = "bufferization.writable"


def _func_state(state):
    ext = getattr(state, "extensions", None)
    return None if ext is None else ext.get("func")


def callee(call, symbols=None, options=None):
    """The called func.func, looked up in `symbols` (name -> op: the module analysis' map)
    when given, else in the symbol tables `options` keeps for the run (bufferization adds
    globals to a module, never functions, so a table built once stays right for functions)."""
    callee = call.get_attr("callee")
    if callee is None or callee.nested:
        return None
    if symbols is not None:
        f = symbols.get(callee.root)
    elif options is not None:
        from pyopt.ir.symbols import SymbolTableCollection
        tables = options.run_cache.get("function_tables")
        if tables is None:
            tables = options.run_cache["function_tables"] = SymbolTableCollection()
        f = tables.lookup_nearest(call, callee)
    else:
        from pyopt.ir.symbols import lookup_symbol
        f = lookup_symbol(call, callee)
    return f if f is not None and f.name == "func.func" else None


def _symbols(state):
    ext = getattr(state, "extensions", None)
    return ext.get("symbols") if ext is not None else None


def _analyzed(state, f):
    fs = _func_state(state)
    return fs if fs is not None and fs.analyzed.get(f) == "analyzed" else None


def arg_attr(f, i, name):
    """Function argument i's attribute `name`, or None."""
    attrs = f.get_attr("arg_attrs")
    if attrs is None or i >= len(attrs.value):
        return None
    return attrs.value[i].get(name)


def _edit_arg_attrs(f, i, edit):
    from pyopt.ir.attributes import DictionaryAttr
    n = len(fl.function_type(f).inputs)
    attrs = f.get_attr("arg_attrs")
    vals = list(attrs.value) if attrs is not None else [fl.EMPTY_DICT] * n
    d = dict(vals[i].value)
    edit(d)
    vals[i] = DictionaryAttr(d)
    fl._set_all(f, "arg_attrs", vals)


def set_arg_attr(f, i, name, value):
    _edit_arg_attrs(f, i, lambda d: d.__setitem__(name, value))


def remove_arg_attr(f, i, name):
    if arg_attr(f, i, name) is not None:
        _edit_arg_attrs(f, i, lambda d: d.pop(name, None))


def function_arg_buffer_type(f, i, options):
    t = fl.function_type(f).inputs[i]
    ms = options.default_memory_space(t)
    mt = options.function_arg_type(t, None if ms is False else ms)
    layout = arg_attr(f, i, LAYOUT_ATTR)
    if layout is None:
        return mt
    return MemRefType(mt.shape, mt.element_type, layout, mt.memory_space)


def unique_return(f):
    ret = None
    for b in f.regions[0].blocks:
        t = b.last
        if t is not None and t.name == "func.return":
            if ret is not None:
                return None
            ret = t
    return ret


class CallModel(BufferizableModel):
    def reads(self, op, operand, state):
        f = callee(op, _symbols(state))
        fs = _analyzed(state, f)
        return True if fs is None else operand.index in fs.read_args.get(f, ())

    def writes(self, op, operand, state):
        f = callee(op, _symbols(state))
        fs = _analyzed(state, f)
        return True if fs is None else operand.index in fs.written_args.get(f, ())

    def aliasing_values(self, op, operand, state):
        f = callee(op, _symbols(state))
        fs = _analyzed(state, f)
        if fs is None:
            return unknown_aliasing_values(operand)
        rets = fs.aliasing_returns.get(f, {}).get(operand.index, [])
        equivalent = None
        if len(rets) == 1:
            equivalent = fs.equivalent_args.get(f, {}).get(rets[0])
        return [AliasingValue(op.results[r], EQUIVALENT if equivalent is not None else UNKNOWN,
                              equivalent is not None) for r in rets]

    def buffer_type(self, op, value, options, stack):
        t = fl.function_type(callee(op, options=options)).results[value.index]
        if isinstance(t, TensorType):
            # asked before the callee is bufferized (a copy of the call's result made during
            # copy insertion): 19 casts the tensor type to a memref type and crashes; the
            # callee's signature will be converted as every function boundary is
            ms = options.default_memory_space(t)
            return options.function_arg_type(t, None if ms is False else ms)
        return t

    def bufferize(self, op, b, options):
        f = callee(op, options=options)
        result_types = [get_buffer_type(r, options) if isinstance(r.type, TensorType)
                        else r.type for r in op.results]
        ft = fl.function_type(f)
        operands = []
        for s in op.operand_slots:
            v = s.value
            if not isinstance(v.type, TensorType):
                operands.append(v)
                continue
            buf = get_buffer(b, v, options)
            want = ft.inputs[s.index]
            if buf.type is not want:
                buf = b.create("memref.cast", [buf], [want], loc=op.loc).results[0]
            operands.append(buf)
        new = b.create("func.call", operands, result_types, properties=dict(op.properties),
                       attributes=dict(op.attributes), loc=op.loc)
        replace_op_with_bufferized_values(b, op, new.results)


class ReturnModel(BufferizableModel):
    def reads(self, op, operand, state):
        return True

    def writes(self, op, operand, state):
        return False

    def aliasing_values(self, op, operand, state):
        return []

    def bufferize(self, op, b, options):
        pass  # (bufferized with its function)


class FuncModel(WithUnstructuredControlFlow):
    def has_tensor_semantics(self, op):
        ft = fl.function_type(op)
        if any(isinstance(t, TensorType) for t in list(ft.inputs) + list(ft.results)):
            return True
        return any(isinstance(a.type, TensorType)
                   for blk in op.regions[0].blocks for a in blk.args)

    def aliasing_operands(self, op, value, state):
        return self.aliasing_branch_operands(op, value, state)

    def buffer_type(self, op, value, options, stack):
        if hasattr(value.owner, "args") and value.owner is op.regions[0].blocks[0]:
            return function_arg_buffer_type(op, value.index, options)
        return super().buffer_type(op, value, options, stack)

    def verify_analysis(self, op, state):
        if op.regions[0].blocks and unique_return(op) is None:
            raise op_error(op, "op without unique func.return is not supported")

    def bufferize(self, op, b, options):
        _bufferize_func(op, b, options)

    def is_writable(self, op, value, state):
        if value.owner is not op.regions[0].blocks[0]:
            return True
        w = arg_attr(op, value.index, WRITABLE_ATTR)
        if isinstance(w, IntegerAttr) and getattr(w.type, "width", None) == 1:  # a BoolAttr
            return bool(w.value)
        return True


def _bufferize_func(op, b, options):
    ft = fl.function_type(op)
    arg_types = [function_arg_buffer_type(op, i, options) if isinstance(t, TensorType) else t
                 for i, t in enumerate(ft.inputs)]
    if not op.regions[0].blocks:
        for t in ft.results:
            if isinstance(t, TensorType):
                raise plain_error(op, "cannot bufferize bodiless function that returns a "
                                      "tensor")
        fl.set_function_type(op, FunctionType(arg_types, list(ft.results)))
        return
    ret = unique_return(op)
    for blk in list(op.regions[0].blocks):
        bufferize_block_signature(blk, b, options)
    values = []
    for s in ret.operand_slots:
        v = s.value
        if not isinstance(v.type, TensorType):
            values.append(v)
            continue
        b.set_insertion_point(ret)
        ms = options.default_memory_space(v.type)
        t = options.function_arg_type(v.type, None if ms is False else ms)
        values.append(b.create("bufferization.to_memref", [v], [t], loc=ret.loc).results[0])
    ret.set_operands(values)
    fl.set_function_type(op, FunctionType(arg_types, [v.type for v in values]))


attach(FUNC, BUFFERIZABLE, FuncModel())
attach(CALL, BUFFERIZABLE, CallModel())
attach(RETURN, BUFFERIZABLE, ReturnModel())
