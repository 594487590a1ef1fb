"""Syntax shared by function-like ops (func.func, llvm.func, ...): MLIR's
function_interface_impl::parseFunctionOp / printFunctionOp.

    [visibility] @name(%arg0: type {attrs} loc(..), ...) [-> results] [attributes {...}] [body]
"""
from __future__ import annotations

from pyopt.ir.attributes import (StringAttr, TypeAttr, ArrayAttr, DictionaryAttr)
from pyopt.ir.location import UNKNOWN_LOC
from pyopt.ir.types import FunctionType

VISIBILITIES = ("public", "private", "nested")
FUNC_ELIDED = ("sym_name", "function_type", "sym_visibility", "arg_attrs", "res_attrs")


def parse_function_signature(p, allow_variadic=False):
    """Returns (arg operands or None per arg, types, arg attr dicts, arg locs, variadic)."""
    names, types, attrs, locs = [], [], [], []
    variadic = False
    p.expect("(")
    if not p.accept(")"):
        while True:
            if allow_variadic and p.accept("..."):
                variadic = True
                if not p.accept(","):
                    break
                continue
            if variadic:
                raise p.error("variadic arguments must be in the end of the argument list",
                              p.start)
            if p.kind == "percent":
                if names and names[-1] is None:
                    raise p.custom_error("expected type instead of SSA identifier", p.start)
                name = p.parse_operand()
                p.expect(":", "expected ':'")
                names.append(name)
            elif names and names[-1] is not None:
                raise p.custom_error("expected SSA identifier", p.start)
            else:
                names.append(None)
            types.append(p.parse_type())
            attrs.append(p.parse_optional_attr_dict() if p.peek_is("{") else {})
            # Without an explicit loc, an argument is located at its SSA name (as MLIR does).
            locs.append(p.parse_optional_trailing_loc(
                p.loc_at(names[-1][2]) if names[-1] is not None else None))
            if not p.accept(","):
                break
        p.expect(")")
    if names and any(n is None for n in names) and any(n is not None for n in names):
        raise p.error("expected SSA identifier")
    return names, types, attrs, locs, variadic


def parse_result_list(p):
    types, attrs = [], []
    if p.accept("("):
        if p.accept(")"):
            return types, attrs
        while True:
            types.append(p.parse_type())
            attrs.append(p.parse_optional_attr_dict() if p.peek_is("{") else {})
            if not p.accept(","):
                break
        p.expect(")")
        return types, attrs
    types.append(p.parse_type())
    attrs.append({})
    return types, attrs


def _attr_array(dicts):
    if not any(dicts):
        return None
    return ArrayAttr([DictionaryAttr(d) for d in dicts])


def parse_function_op(p, state, make_type=None, allow_variadic=False, body_optional=True):
    """Fills `state` for a function-like op; returns the parsed variadic flag."""
    vis = p.parse_optional_keyword(VISIBILITIES)
    if vis is not None:
        state.properties["sym_visibility"] = StringAttr(vis)
    state.properties["sym_name"] = StringAttr(p.parse_symbol_name())
    sig_off = p.start
    names, arg_types, arg_attrs, arg_locs, variadic = parse_function_signature(p, allow_variadic)
    res_types, res_attrs = [], []
    if p.accept("->"):
        res_types, res_attrs = parse_result_list(p)
    ftype = (make_type or FunctionType)(arg_types, res_types) if make_type is None else \
        make_type(arg_types, res_types, variadic)
    state.properties["function_type"] = TypeAttr(ftype)
    a = _attr_array(arg_attrs)
    if a is not None:
        state.properties["arg_attrs"] = a
    a = _attr_array(res_attrs)
    if a is not None:
        state.properties["res_attrs"] = a
    attr_off = p.start
    if p.accept_keyword("attributes"):
        if not p.peek_is("{"):
            raise p.error("expected '{'")
        parsed = p.parse_attr_dict_body()
        for k in ("sym_visibility", "sym_name", "function_type"):
            if k in parsed:
                raise p.custom_error(f"'{k}' is an inferred attribute and should not be "
                                     f"specified in the explicit attribute dictionary", attr_off)
        for k, v in parsed.items():
            if k in FUNC_ELIDED:
                state.properties[k] = v
            else:
                state.attributes[k] = v
    from pyopt.ir.core import Region
    if p.peek_is("{"):
        # Without argument names the body is a plain region: its entry block may carry a
        # label and define the arguments itself (the verifier checks them).
        body_off = p.start
        entry = [(n, t, l) for n, t, l in zip(names, arg_types, arg_locs)]
        # Not an isolated name scope (MLIR passes enableNameShadowing=false): a use of an
        # outer value parses, and the verifier's isolation check reports it.
        state.regions = [p.parse_region(entry)]
        if not state.regions[0].blocks and body_off not in p.skipped:  # (skipped: read later)
            raise p.custom_error("expected non-empty function body", body_off)
    else:
        if names and names[0] is not None and not body_optional:
            raise p.error("expected '{' to begin a region")
        state.regions = [Region()]
    return variadic


def function_arguments(pr, entry, inputs, arg_attrs):
    """The printed arguments of a function signature: `%arg0: type {attrs} loc(..)` with an
    entry block, `type {attrs}` without. (MLIR's alias pass visits an entry block argument's
    type but not its attributes, so those only use aliases made elsewhere.)"""
    parts = []
    for i, t in enumerate(inputs):
        s = (pr.value(entry.args[i]) + ": " if entry is not None else "") + pr.type_str(t)
        if arg_attrs is not None and i < len(arg_attrs) and len(arg_attrs[i]):
            entries = arg_attrs[i].value
            s += " {" + (pr.unvisited_by_aliases(lambda: pr.attr_entries(entries))
                         if entry is not None else pr.attr_entries(entries)) + "}"
        if entry is not None and pr.flags.debuginfo:
            loc = entry.args[i].loc
            s += " " + pr.loc_str_arg(loc if loc is not None else UNKNOWN_LOC)
        parts.append(s)
    return parts


def print_function_op(pr, op, inputs, results, variadic=False, extra_elided=()):
    out = pr.out
    props = op.properties
    vis = props.get("sym_visibility")
    if vis is not None:
        out.append(" " + vis.value)
    from pyopt.ir.attributes import symbol_name_str
    out.append(" " + symbol_name_str(props["sym_name"].value) + "(")
    body = op.regions[0] if op.regions else None
    has_body = body is not None and bool(body.blocks)
    parts = function_arguments(pr, body.blocks[0] if has_body else None, inputs,
                               props.get("arg_attrs"))
    if variadic:
        parts.append("...")
    out.append(", ".join(parts) + ")")
    if results:
        res_attrs = props.get("res_attrs")
        out.append(" -> ")
        needs_parens = len(results) > 1 or isinstance(results[0], FunctionType) or (
            res_attrs is not None and len(res_attrs[0]))
        rs = []
        for i, t in enumerate(results):
            s = pr.type_str(t)
            if res_attrs is not None and i < len(res_attrs) and len(res_attrs[i]):
                s += " {" + pr.attr_entries(res_attrs[i].value) + "}"
            rs.append(s)
        out.append("(" + ", ".join(rs) + ")" if needs_parens else rs[0])
    attrs = dict(op.attributes)
    for k, v in props.items():
        if k not in FUNC_ELIDED and k not in extra_elided:
            attrs[k] = v
    out.append(pr.attr_dict_str(attrs, (), keyword=True))
    if has_body:
        out.append(" ")
        pr.print_region(body, False, True)
