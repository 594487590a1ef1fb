"""Reductions on symbols and function signatures: erase a symbol with the ops that use it,
drop a function's arguments or results (its calls edited to match).

A function's signature is only edited when every use of its symbol is a call of it that
passes exactly its operands as arguments: then the calls can follow the edit."""
from __future__ import annotations

from pyopt.interfaces.control_flow import call_args, is_call
from pyopt.interfaces.function_like import erase_arguments, erase_results, function_type
from pyopt.ir.core import Operation
from pyopt.ir.opdef import RETURN_LIKE, SYMBOL, TERMINATOR
from pyopt.ir.symbol_uses import symbol_uses
from pyopt.ir.symbols import symbol_name
from pyopt.ir.types import FunctionType
from pyopt.reduce.op_edits import walk_list
from pyopt.reduce.scope import new_constant, replace_results


def _uses(symbol, module, ctx):
    if symbol_name(symbol) is None:
        return None
    try:
        return symbol_uses(symbol, module, ctx)
    except Exception:  # (a reference the lookup cannot follow: leave the symbol alone)
        return None


class EraseSymbols:
    """Erase a symbol and every op that refers to it (a function with its calls)."""
    name = "erase-symbols"

    def sites(self, module):
        return [i for i, op in enumerate(walk_list(module)) if i and op.has_trait(SYMBOL)]

    def apply(self, module, ctx, sites):
        ops = walk_list(module)
        changed = False
        for i in sorted(sites, reverse=True):
            sym = ops[i]
            if sym.parent is None:
                continue
            users = _uses(sym, module, ctx)
            if users is None or any(u.has_trait(TERMINATOR) or u.is_ancestor_of(sym)
                                    for u, _ in users):
                continue
            for user, _ in users:
                if user.parent is not None and not sym.is_ancestor_of(user):
                    replace_results(user, ctx)
                    user.erase()
            replace_results(sym, ctx)
            sym.erase()
            changed = True
        return changed


def _functions(module):
    """(walk index, op) of functions with a body and a builtin function type (what
    pyopt.interfaces.function_like edits)."""
    return [(i, op) for i, op in enumerate(walk_list(module))
            if isinstance(getattr(op.get_attr("function_type"), "value", None), FunctionType)
            and op.regions and op.regions[0].blocks and op.has_trait(SYMBOL)]


def _calls(func, module, ctx):
    """The calls of `func`, or None when its symbol has other uses."""
    users = _uses(func, module, ctx)
    if users is None:
        return None
    calls = []
    for user, _ in users:
        if not is_call(user) or user.regions or user.successors or \
                list(call_args(user)) != user.operands:
            return None
        calls.append(user)
    return calls


def _by_function(ops, sites):
    groups = {}
    for i, k in sites:
        groups.setdefault(i, set()).add(k)
    return [(ops[i], sorted(ks)) for i, ks in sorted(groups.items())]


class DropFunctionArguments:
    name = "drop-function-arguments"

    def sites(self, module):
        return [(i, k) for i, f in _functions(module)
                for k in range(len(function_type(f).inputs))]

    def apply(self, module, ctx, sites):
        changed = False
        for func, ks in _by_function(walk_list(module), sites):
            calls = _calls(func, module, ctx)
            if calls is None:
                continue
            entry = func.regions[0].blocks[0]
            for k in ks:
                arg = entry.args[k]
                if arg.has_uses():  # (another argument that stays, else a constant)
                    kept = [a for j, a in enumerate(entry.args)
                            if j not in ks and a.type == arg.type]
                    arg.replace_all_uses_with(kept[0] if kept else
                                              new_constant(entry.first, arg.type, ctx))
            n = len(function_type(func).inputs)
            erase_arguments(func, [k in ks for k in range(n)])
            for call in calls:
                for k in reversed(ks):
                    call.erase_operand(k)
            changed = True
        return changed


class DropFunctionResults:
    name = "drop-function-results"

    def sites(self, module):
        return [(i, k) for i, f in _functions(module)
                for k in range(len(function_type(f).results))]

    def apply(self, module, ctx, sites):
        changed = False
        for func, ks in _by_function(walk_list(module), sites):
            calls = _calls(func, module, ctx)
            if calls is None:
                continue
            n = len(function_type(func).results)
            for block in func.regions[0].blocks:
                term = block.last
                if term is not None and term.has_trait(RETURN_LIKE) and \
                        len(term.operands) == n:
                    for k in reversed(ks):
                        term.erase_operand(k)
            erase_results(func, [k in ks for k in range(n)])
            for call in calls:
                _drop_call_results(call, ks, ctx)
            changed = True
        return changed


def _drop_call_results(call, ks, ctx):
    for k in ks:
        r = call.results[k]
        if r.has_uses():
            r.replace_all_uses_with(new_constant(call, r.type, ctx))
    kept = [r for k, r in enumerate(call.results) if k not in ks]
    new = Operation(call.name, call.opdef, call.operands, [r.type for r in kept],
                    dict(call.properties), dict(call.attributes), loc=call.loc)
    call.parent.insert_before(call, new)
    for old, r in zip(kept, new.results):
        old.replace_all_uses_with(r)
    call.erase()
