"""`convert-to-llvm`: one partial conversion with the to-LLVM patterns of every loaded dialect
that registered them with llvm_common.interface (or only those named by `filter-dialects`).

A dialect counts as loaded, as in mlir-opt, when the IR uses it, when it is builtin or llvm,
or when a loaded dialect depends on it (func loads cf, which loads arith, ...)."""
from __future__ import annotations

from pyopt.ir.location import UNKNOWN_LOC
from pyopt.pass_registry import PassOption, register_pass, unchanged_unless
from pyopt.rewrite.conversion import ConversionTarget, apply_partial_conversion
from pyopt.ir.diagnostics import error

from passes.conversion.llvm_common import LLVMTypeConverter, LowerToLLVMOptions
from passes.conversion.llvm_common.interface import populators

# The dependent dialects MLIR 19 loads along with a dialect.
_DEPENDS = {"func": ("cf",), "cf": ("arith",), "math": ("arith",), "complex": ("arith",),
            "memref": ("arith",), "vector": ("arith",), "scf": ("arith",),
            "affine": ("arith", "ub")}


def loaded_dialects(op):
    loaded = {"builtin", "llvm"}
    work = list({o.name.partition(".")[0] for o in op.walk_ops()})
    while work:
        d = work.pop()
        if d not in loaded:
            loaded.add(d)
            work.extend(_DEPENDS.get(d, ()))
    return loaded


@register_pass("convert-to-llvm", "Convert to LLVM via dialect interfaces found in the input IR",
               options=[PassOption("filter-dialects", list, [],
                                   "Test conversion patterns of only the specified dialects")],
               display_name="ConvertToLLVMPass")
def convert_to_llvm(op, ctx, options):
    target = ConversionTarget(ctx)
    target.add_legal_dialect("llvm")
    tc = LLVMTypeConverter(LowerToLLVMOptions(64))
    loaded = loaded_dialects(op)
    hooks = populators()
    patterns = []
    names = options.get("filter-dialects")
    if names:
        for name in names:
            if name not in loaded or name not in ctx.dialects:
                raise error(UNKNOWN_LOC, f"dialect not loaded: {name}\n")
            if name not in hooks:
                raise error(UNKNOWN_LOC, "dialect does not implement "
                            f"ConvertToLLVMPatternInterface: {name}\n")
    else:
        names = [n for n in hooks if n in loaded]
    for name in names:
        hooks[name](target, tc, patterns)
    return unchanged_unless(apply_partial_conversion(op, target, patterns, ctx))
