"""One-Shot Module Bufferize: functions are analysed and bufferized callees first, so that a
call knows which of its arguments the callee reads, writes and returns (FuncAnalysisState,
kept in the analysis state's extensions), and function signatures become memrefs."""
from __future__ import annotations

import heapq

from pyopt.interfaces.bufferizable import TensorType, plain_error
from pyopt.interfaces import function_like as fl
from pyopt.ir.attributes import ArrayAttr, IntegerAttr, StringAttr
from pyopt.ir.types import IntegerType
from pyopt.ir.verify_invariants import op_error

from pyopt.dialects.bufferizable_models.func import (arg_attr, callee, remove_arg_attr,
                                                     set_arg_attr, unique_return)

from .analysis import run_analysis
from .driver import bufferize_op

FUNC_STATE = "func"
ACCESS_ATTR = "bufferization.access"
LAYOUT_ATTR = "bufferization.buffer_layout"
WRITABLE_ATTR = "bufferization.writable"


class FuncAnalysisState:
    """Per function: return value -> equivalent argument, argument -> aliasing return
    values, the arguments read and written, and whether the function was analysed."""

    def __init__(self):
        self.equivalent_args = {}
        self.aliasing_returns = {}
        self.read_args = {}
        self.written_args = {}
        self.analyzed = {}  # func -> "in-progress" | "analyzed"

    def start(self, f):
        self.analyzed[f] = "in-progress"
        self.equivalent_args[f] = {}
        self.aliasing_returns[f] = {}
        self.read_args[f] = set()
        self.written_args[f] = set()


def func_state(state):
    ext = getattr(state, "extensions", None)
    return None if ext is None else ext.get(FUNC_STATE)


def module_functions(module):
    return {op.get_attr("sym_name").value: op for op in module.regions[0].blocks[0]
            if op.name == "func.func"}


def _has_tensor_signature(f):
    ft = fl.function_type(f)
    return any(isinstance(t, TensorType) for t in list(ft.inputs) + list(ft.results))


def funcs_ordered_by_calls(module):
    """Callees before callers; MLIRError on a cycle or a function without a unique
    return."""
    symbols = module_functions(module)
    called_by, n_calls, order_keys, callers = {}, {}, [], {}
    for f in _funcs(module):
        if f.regions[0].blocks and unique_return(f) is None:
            raise plain_error(f, "cannot bufferize a FuncOp with tensors and without a "
                                 "unique ReturnOp")
        n_calls[f] = 0
        order_keys.append(f)
        for call in f.walk_ops():
            if call.name != "func.call":
                continue
            g = callee(call, symbols)
            if g is None or not _has_tensor_signature(g):
                continue
            callers.setdefault(g, []).append(call)
            s = called_by.setdefault(g, {})
            if f not in s:
                s[f] = None
                n_calls[f] += 1
    # each step takes the first function in module order that calls no function left (a
    # heap of the ready ones' positions: a scan per step would be quadratic in functions)
    position = {f: i for i, f in enumerate(order_keys)}
    ready = [i for i, f in enumerate(order_keys) if n_calls[f] == 0]
    heapq.heapify(ready)
    ordered = []
    while ready:
        f = order_keys[heapq.heappop(ready)]
        ordered.append(f)
        for caller in called_by.get(f, ()):
            n_calls[caller] -= 1
            if n_calls[caller] == 0:
                heapq.heappush(ready, position[caller])
    if len(ordered) != len(order_keys):
        raise op_error(module, "expected callgraph to be free of circular dependencies.")
    return ordered, symbols


def _funcs(module):
    return [op for op in module.walk_ops() if op.name == "func.func"]


def _annotate_equivalent_return(ret, operand_index, arg_index):
    attr = ret.get_attr("__equivalent_func_args__")
    vals = [a.value for a in attr.value] if attr is not None else [-1] * len(ret.operand_slots)
    vals[operand_index] = arg_index
    i64 = IntegerType(64)
    ret.set_attr("__equivalent_func_args__", ArrayAttr([IntegerAttr(i64, v) for v in vals]))


def _aliasing_args_analysis(f, state, fs):
    ft = fl.function_type(f)
    if not f.regions[0].blocks:
        for i, t in enumerate(ft.inputs):
            if isinstance(t, TensorType):
                for k, rt in enumerate(ft.results):
                    if isinstance(rt, TensorType):
                        fs.aliasing_returns[f].setdefault(i, []).append(k)
        return
    ret = unique_return(f)
    from pyopt.ir.types import RankedTensorType
    args = f.regions[0].blocks[0].args
    for s in ret.operand_slots:
        if not isinstance(s.value.type, RankedTensorType):
            continue
        for a in args:
            if not isinstance(a.type, RankedTensorType):
                continue
            if state.are_equivalent(s.value, a):
                fs.equivalent_args[f][s.index] = a.index
                if state.options.test_analysis_only:
                    _annotate_equivalent_return(ret, s.index, a.index)
            if state.are_aliasing(s.value, a):
                fs.aliasing_returns[f].setdefault(a.index, []).append(s.index)


def _read_write_analysis(f, state, fs):
    ft = fl.function_type(f)
    for i, t in enumerate(ft.inputs):
        if not isinstance(t, TensorType):
            continue
        access = arg_attr(f, i, ACCESS_ATTR)
        if isinstance(access, StringAttr):
            s = access.value
            read, written = s in ("read", "read-write"), s in ("write", "read-write")
        elif not f.regions[0].blocks:
            read = written = True
        else:
            a = f.regions[0].blocks[0].args[i]
            read, written = state.is_value_read(a), state.is_value_written(a)
        if state.options.test_analysis_only:
            word = "read-write" if read and written else "read" if read else \
                "write" if written else "none"
            set_arg_attr(f, i, ACCESS_ATTR, StringAttr(word))
        if read:
            fs.read_args[f].add(i)
        if written:
            fs.written_args[f].add(i)


def _call_equivalences(f, state, fs, symbols):
    for call in f.walk_ops():
        if call.name != "func.call":
            continue
        g = callee(call, symbols)
        if g is None or g not in fs.equivalent_args:
            continue
        for ret_i, arg_i in fs.equivalent_args[g].items():
            if state.is_in_place(call.operand_slots[arg_i]):
                state.union_equivalence(call.results[ret_i], call.operand(arg_i))


def analyze_module(module, state):
    fs = state.extensions.setdefault(FUNC_STATE, FuncAnalysisState())
    state.extensions["symbols"] = None
    ordered, symbols = funcs_ordered_by_calls(module)
    state.extensions["symbols"] = symbols
    for f in ordered:
        if not state.options.is_op_allowed(f):
            continue
        fs.start(f)
        _call_equivalences(f, state, fs, symbols)
        run_analysis(f, state)
        _aliasing_args_analysis(f, state, fs)
        _read_write_analysis(f, state, fs)
        fs.analyzed[f] = "analyzed"


def _fold_memref_casts(f):
    """With inferred result layouts, a function returns its buffers' own types."""
    if not f.regions[0].blocks:
        return
    ret = unique_return(f)
    types = []
    for s in ret.operand_slots:
        v = s.value
        d = v.owner if hasattr(v.owner, "name") else None
        if d is not None and d.name == "memref.cast":
            s.set(d.source)
            types.append(d.source.type)
        else:
            types.append(v.type)
    ft = fl.function_type(f)
    from pyopt.ir.types import FunctionType
    fl.set_function_type(f, FunctionType(list(ft.inputs), types))


def bufferize_module(module, options, ctx):
    ordered, _ = funcs_ordered_by_calls(module)
    for f in ordered:
        if f.get_attr("sym_name").value in options.no_analysis_func_filter:
            o = options.copy()
            o.copy_before_write = True
            bufferize_op(f, o, ctx)
        else:
            bufferize_op(f, options, ctx)
        if options.infer_function_result_layout:
            _fold_memref_casts(f)
    for op in list(module.regions[0].blocks[0]):
        if op.name != "func.func":
            bufferize_op(op, options, ctx)
    for f in _funcs(module):
        for i in range(len(fl.function_type(f).inputs)):
            remove_arg_attr(f, i, LAYOUT_ATTR)
            remove_arg_attr(f, i, WRITABLE_ATTR)


def run_module_bufferize(module, options, ctx):
    from .copy_insertion import insert_tensor_copies
    if not options.copy_before_write:
        if not options.no_analysis_func_filter:
            insert_tensor_copies(module, options, ctx)
        else:
            names = set(options.no_analysis_func_filter)

            def deny(op):
                f = op if op.name == "func.func" else _enclosing_func(op)
                return f is not None and f.get_attr("sym_name").value in names
            o = options.copy()
            o.deny_filters.append(deny)
            insert_tensor_copies(module, o, ctx)
    if options.test_analysis_only:
        return
    bufferize_module(module, options, ctx)


def _enclosing_func(op):
    p = op.parent_op
    while p is not None and p.name != "func.func":
        p = p.parent_op
    return p


