"""mlir-opt's test passes of FunctionOpInterface editing (TestFunc.cpp's five), on the
module's function ops: arguments / results marked `test.erase_this_arg` /
`test.erase_this_result` are erased; `test.insert_args` / `test.insert_results` (a list of
[index, type, {attrs}, loc?]) are inserted and the attribute removed; `test.set_type_from`
gives a function the type of the named one."""
from __future__ import annotations

from pyopt.interfaces import function_like as fl
from pyopt.ir.location import UNKNOWN_LOC
from pyopt.pass_registry import register_pass

_FUNCTIONS = ("func.func",)


def _functions(module):
    return [op for b in module.regions[0].blocks for op in b if op.name in _FUNCTIONS]


def _marked(op, key, count, marker):
    attrs = op.get_attr(key)
    if attrs is None:
        return [False] * count
    return [d.get(marker) is not None for d in attrs.value]


@register_pass("test-func-erase-arg", "Test erasing func args.", anchor="builtin.module")
def test_func_erase_arg(module, ctx, options):
    for f in _functions(module):
        n = len(fl.function_type(f).inputs)
        fl.erase_arguments(f, _marked(f, "arg_attrs", n, "test.erase_this_arg"))


@register_pass("test-func-erase-result", "Test erasing func results.", anchor="builtin.module")
def test_func_erase_result(module, ctx, options):
    for f in _functions(module):
        n = len(fl.function_type(f).results)
        fl.erase_results(f, _marked(f, "res_attrs", n, "test.erase_this_result"))


def _inserts(f, key):
    inserts = f.get_attr(key)
    if inserts is None or not len(inserts):
        return None
    f.remove_attr(key)
    return [list(x.value) for x in inserts.value]


@register_pass("test-func-insert-arg", "Test inserting func args.", anchor="builtin.module")
def test_func_insert_arg(module, ctx, options):
    for f in _functions(module):
        ins = _inserts(f, "test.insert_args")
        if ins is None:
            continue
        fl.insert_arguments(f, [x[0].value for x in ins], [x[1].value for x in ins],
                            [x[2] if len(x) > 2 else fl.EMPTY_DICT for x in ins],
                            [x[3] if len(x) > 3 else UNKNOWN_LOC for x in ins])


@register_pass("test-func-insert-result", "Test inserting func results.",
               anchor="builtin.module")
def test_func_insert_result(module, ctx, options):
    for f in _functions(module):
        ins = _inserts(f, "test.insert_results")
        if ins is None:
            continue
        fl.insert_results(f, [x[0].value for x in ins], [x[1].value for x in ins],
                          [x[2] if len(x) > 2 else fl.EMPTY_DICT for x in ins])


@register_pass("test-func-set-type", "Test FunctionOpInterface::setType.",
               anchor="builtin.module")
def test_func_set_type(module, ctx, options):
    funcs = _functions(module)
    by_name = {f.get_attr("sym_name").value: f for f in funcs}
    for f in funcs:
        sym = f.get_attr("test.set_type_from")
        if sym is None:
            continue
        fl.set_function_type(f, fl.function_type(by_name[sym.root]))
