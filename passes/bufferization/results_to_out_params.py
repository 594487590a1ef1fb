"""`buffer-results-to-out-params`: memref results of func.func become trailing arguments the
caller allocates: returns copy into them (memref.copy; with `hoist-static-allocs` a statically
shaped memref.alloc returned is replaced by the argument instead), calls allocate the buffer
(memref.alloc, cast to the result's fully dynamic layout where it has one) and pass it.
`add-result-attr` marks the new arguments with `bufferize.result`."""
from __future__ import annotations

from pyopt.interfaces import function_like as fl
from pyopt.ir.attributes import ArrayAttr, DictionaryAttr, UNIT
from pyopt.ir.memref_layout import layout_is_identity, strides_and_offset
from pyopt.ir.types import DYNAMIC, FunctionType, MemRefType
from pyopt.ir.verifier import op_error
from pyopt.ir.opdef import segment_sizes
from pyopt.pass_registry import PassOption, register_pass
from pyopt.rewrite.rewriter import Builder


def _fully_dynamic_layout(t):
    so = strides_and_offset(t)
    return so is not None and all(s == DYNAMIC for s in so[0]) and so[1] == DYNAMIC


def _dict_at(op, key, i):
    attrs = op.get_attr(key)
    return attrs.value[i] if attrs is not None and i < len(attrs.value) else fl.EMPTY_DICT


def _set_arg_dict(op, n_args, i, d):
    """FunctionOpInterface::setArgAttrs(i, d)."""
    attrs = op.get_attr("arg_attrs")
    if attrs is None:
        if len(d):
            vals = [fl.EMPTY_DICT] * n_args
            vals[i] = d
            op.set_attr("arg_attrs", ArrayAttr(vals))
        return
    vals = list(attrs.value)
    if vals[i] == d:
        return
    vals[i] = d
    fl._set_all(op, "arg_attrs", vals)


def _update_func(f, add_result_attr):
    ft = fl.function_type(f)
    erased, erased_types = [], []
    for i, t in enumerate(ft.results):
        if isinstance(t, MemRefType):
            if not layout_is_identity(t) and not _fully_dynamic_layout(t):
                raise op_error(f, "cannot create out param for result with unsupported layout")
            erased.append(i)
            erased_types.append(t)
    n_in = len(ft.inputs)
    fl.set_function_type(f, FunctionType(list(ft.inputs) + erased_types, list(ft.results)))
    n_args = n_in + len(erased_types)
    for k, ri in enumerate(erased):
        d = _dict_at(f, "res_attrs", ri)
        _set_arg_dict(f, n_args, n_in + k, d)
        if add_result_attr:
            entries = dict(_dict_at(f, "arg_attrs", n_in + k).value)
            entries["bufferize.result"] = UNIT
            _set_arg_dict(f, n_args, n_in + k, DictionaryAttr(entries))
    fl.erase_results(f, [i in erased for i in range(len(ft.results))])
    if not f.regions or not f.regions[0].blocks:
        return None
    entry = f.regions[0].blocks[0]
    return [entry.add_argument(t, f.loc) for t in erased_types]


def _update_returns(f, out_args, hoist, ctx):
    returns = []
    f.walk(lambda o: returns.append(o) if o.name == "func.return" else None)
    b = Builder(ctx)
    for ret in returns:
        to_copy = [v for v in ret.operands if isinstance(v.type, MemRefType)]
        keep = [v for v in ret.operands if not isinstance(v.type, MemRefType)]
        b.set_insertion_point(ret)
        for orig, arg in zip(to_copy, out_args):
            d = orig.owner if hasattr(orig.owner, "opdef") else None
            if hoist and d is not None and d.name == "memref.alloc" and \
                    orig.type.has_static_shape():
                orig.replace_all_uses_with(arg)
                d.erase()
            else:
                b.create("memref.copy", [orig, arg], [], loc=ret.loc)
        b.create("func.return", keep, [], loc=ret.loc)
        ret.erase()


def _update_calls(module, ctx):
    funcs = {op.get_attr("sym_name").value: op for b in module.regions[0].blocks for op in b
             if op.name == "func.func"}
    calls = []
    module.walk(lambda o: calls.append(o) if o.name == "func.call" else None)
    b = Builder(ctx)
    for call in calls:
        callee = call.get_attr("callee")
        if callee.root not in funcs or callee.nested:
            raise op_error(call, f"cannot find callee '{callee.asm(None)}' in symbol table")
        b.set_insertion_point(call)
        out_params, new_results = [], []
        for r in call.results:
            if not isinstance(r.type, MemRefType):
                new_results.append(r)
                continue
            t = r.type
            if not t.has_static_shape():
                raise op_error(call, "cannot create out param for dynamically shaped result")
            buf = b.create("memref.alloc", [], [MemRefType(t.shape, t.element_type, None,
                                                           t.memory_space)],
                           properties={"operandSegmentSizes": segment_sizes([0, 0])}, loc=call.loc).results[0]
            if not layout_is_identity(t):
                buf = b.create("memref.cast", [buf], [t], loc=call.loc).results[0]
            r.replace_all_uses_with(buf)
            out_params.append(buf)
        new = b.create("func.call", call.operands + out_params, [r.type for r in new_results],
                       properties=dict(call.properties), loc=call.loc)
        for old, nr in zip(new_results, new.results):
            old.replace_all_uses_with(nr)
        call.erase()


@register_pass("buffer-results-to-out-params",
               "Converts memref-typed function results to out-params",
               options=[PassOption("add-result-attr", bool, False,
                                   "Add the attribute 'bufferize.result' to all output "
                                   "parameters."),
                        PassOption("hoist-static-allocs", bool, False,
                                   "Hoist static allocations to call sites.")],
               anchor="builtin.module", display_name="BufferResultsToOutParams")
def buffer_results_to_out_params(module, ctx, options):
    add_attr = options.get("add-result-attr", False)
    hoist = options.get("hoist-static-allocs", False)
    for f in [op for b in module.regions[0].blocks for op in b if op.name == "func.func"]:
        out_args = _update_func(f, add_attr)
        if out_args is not None:
            _update_returns(f, out_args, hoist, ctx)
    _update_calls(module, ctx)
