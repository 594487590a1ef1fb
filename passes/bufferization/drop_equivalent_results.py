"""`drop-equivalent-buffer-results`: a function result that is (a memref.cast of) one of the
function's arguments is dropped; callers use the argument they passed instead, cast to the
result type where it differs (MLIR 19's dropEquivalentBufferResults). Functions with several
returns are left alone."""
from __future__ import annotations

from pyopt.interfaces.function_like import erase_results, is_external
from pyopt.ir.attributes import SymbolRefAttr
from pyopt.ir.symbols import lookup_symbol
from pyopt.pass_registry import register_pass
from pyopt.rewrite.matchers import defining
from pyopt.rewrite.rewriter import Builder


def _unique_return(func):
    found = None
    for b in func.regions[0].blocks:
        t = b.last
        if t is not None and t.name == "func.return":
            if found is not None:
                return None
            found = t
    return found


def drop_equivalent_buffer_results(module, ctx):
    b = Builder(ctx)
    funcs = [o for blk in module.regions[0].blocks for o in blk.ops if o.name == "func.func"]
    for func in funcs:
        if is_external(func):
            continue
        ret = _unique_return(func)
        if ret is None:
            continue
        args = func.regions[0].blocks[0].args
        keep, result_to_arg, erase = [], {}, []
        for i, v in enumerate(ret.operands):
            base = v
            while (cast := defining(base, "memref.cast")) is not None:
                base = cast.source
            arg = next((a for a in args if a is base), None)
            erase.append(arg is not None)
            if arg is not None:
                result_to_arg[i] = arg.index
            else:
                keep.append(v)
        erase_results(func, erase)
        ret.set_operands(keep)
        calls = [o for o in module.walk_ops() if o.name == "func.call"]
        for call in calls:
            callee = call.get_attr("callee")
            if not isinstance(callee, SymbolRefAttr) or lookup_symbol(call, callee) is not func:
                continue
            b.set_insertion_point(call)
            new = b.create("func.call", call.operands,
                           [t for i, t in enumerate(call.result_types) if i not in result_to_arg],
                           properties=dict(call.properties), attributes=dict(call.attributes),
                           loc=call.loc)
            it = iter(new.results)
            repl = []
            for i, r in enumerate(call.results):
                if i not in result_to_arg:
                    repl.append(next(it))
                    continue
                v = call.operands[result_to_arg[i]]
                if v.type is not r.type:
                    v = b.create("memref.cast", [v], [r.type], loc=call.loc).results[0]
                repl.append(v)
            for r, v in zip(call.results, repl):
                r.replace_all_uses_with(v)
            call.erase()


@register_pass("drop-equivalent-buffer-results",
               "Remove MemRef return values that are equivalent to a bbArg",
               anchor="builtin.module", display_name="DropEquivalentBufferResultsPass")
def drop_equivalent_buffer_results_pass(module, ctx, options):
    drop_equivalent_buffer_results(module, ctx)
