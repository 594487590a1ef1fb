"""FunctionOpInterface's argument/result editing (function_interface_impl): insert or erase
arguments and results of a function op, keeping its `function_type`, its `arg_attrs` /
`res_attrs` arrays (dropped when every dictionary is empty) and its entry block arguments
in step. Works on any op with a builtin FunctionType in `function_type` (func.func)."""
from __future__ import annotations

from pyopt.ir.attributes import ArrayAttr, DictionaryAttr, TypeAttr
from pyopt.ir.location import UNKNOWN_LOC
from pyopt.ir.types import FunctionType

EMPTY_DICT = DictionaryAttr(())


def function_type(op):
    return op.get_attr("function_type").value


def _set_type(op, inputs, results):
    op.set_attr("function_type", TypeAttr(FunctionType(list(inputs), list(results))))


def _set_all(op, key, dicts):
    dicts = [EMPTY_DICT if d is None else d for d in dicts]
    if all(len(d) == 0 for d in dicts):
        op.remove_attr(key)
    else:
        op.set_attr(key, ArrayAttr(dicts))


def _insert(op, key, count, indices, attrs):
    old = op.get_attr(key)
    if old is None and not attrs:
        return
    new, old_idx = [], 0
    for i, at in enumerate(indices):
        new.extend(old.value[old_idx:at] if old is not None else [None] * (at - old_idx))
        old_idx = at
        new.append(attrs[i] if attrs else None)
    new.extend(old.value[old_idx:count] if old is not None else [None] * (count - old_idx))
    _set_all(op, key, new)


def insert_arguments(op, indices, types, attrs=(), locs=None):
    """`indices` refer to the original argument list, ascending."""
    if not indices:
        return
    ft = function_type(op)
    _insert(op, "arg_attrs", len(ft.inputs), indices, list(attrs))
    inputs = list(ft.inputs)
    for n, (i, t) in enumerate(zip(indices, types)):
        inputs.insert(i + n, t)
    _set_type(op, inputs, ft.results)
    entry = op.regions[0].blocks[0] if op.regions and op.regions[0].blocks else None
    if entry is not None:
        for n, (i, t) in enumerate(zip(indices, types)):
            entry.insert_argument(i + n, t, locs[n] if locs else UNKNOWN_LOC)


def insert_results(op, indices, types, attrs=()):
    if not indices:
        return
    ft = function_type(op)
    _insert(op, "res_attrs", len(ft.results), indices, list(attrs))
    results = list(ft.results)
    for n, (i, t) in enumerate(zip(indices, types)):
        results.insert(i + n, t)
    _set_type(op, ft.inputs, results)


def erase_arguments(op, erase):
    """`erase`: a list of booleans, one per argument."""
    ft = function_type(op)
    old = op.get_attr("arg_attrs")
    if old is not None:
        _set_all(op, "arg_attrs", [d for d, e in zip(old.value, erase) if not e])
    _set_type(op, [t for t, e in zip(ft.inputs, erase) if not e], ft.results)
    entry = op.regions[0].blocks[0] if op.regions and op.regions[0].blocks else None
    if entry is not None:
        for i in reversed(range(len(erase))):
            if erase[i]:
                entry.erase_argument(i)


def erase_results(op, erase):
    ft = function_type(op)
    old = op.get_attr("res_attrs")
    if old is not None:
        _set_all(op, "res_attrs", [d for d, e in zip(old.value, erase) if not e])
    _set_type(op, ft.inputs, [t for t, e in zip(ft.results, erase) if not e])


def set_function_type(op, new_type):
    """setFunctionType: attribute arrays are cut or padded with empty dictionaries."""
    old = function_type(op)
    op.set_attr("function_type", TypeAttr(new_type))
    for key, n_old, n_new in (("arg_attrs", len(old.inputs), len(new_type.inputs)),
                              ("res_attrs", len(old.results), len(new_type.results))):
        if n_old == n_new:
            continue
        if n_new == 0:
            op.remove_attr(key)
            continue
        attrs = op.get_attr(key)
        if attrs is None:
            continue
        vals = list(attrs.value[:n_new]) + [EMPTY_DICT] * max(0, n_new - len(attrs.value))
        _set_all(op, key, vals)


def is_function_like(op):
    """Does `op` implement FunctionOpInterface (a `function_type` property marks it)?"""
    return "function_type" in op.properties


def is_external(op):
    """FunctionOpInterface::isExternal: a function without a body."""
    return not op.regions or not op.regions[0].blocks
