"""`convert-to-llvm`: one partial conversion with the to-LLVM patterns of every dialect that
registered them with llvm_common.interface (or only those named by `filter-dialects`)."""
from __future__ import annotations

from pyopt.ir.location import UNKNOWN_LOC
from pyopt.pass_registry import PassOption, register_pass
from pyopt.rewrite.conversion import ConversionTarget, apply_partial_conversion
from pyopt.syntax.diagnostics import error

from passes.conversion.llvm_common import LLVMTypeConverter, LowerToLLVMOptions
from passes.conversion.llvm_common.interface import TO_LLVM_POPULATORS


@register_pass("convert-to-llvm", "Convert to LLVM via dialect interfaces found in the input IR",
               options=[PassOption("filter-dialects", list, [],
                                   "Test conversion patterns of only the specified dialects")],
               display_name="ConvertToLLVMPass")
def convert_to_llvm(op, ctx, options):
    target = ConversionTarget(ctx)
    target.add_legal_dialect("llvm")
    tc = LLVMTypeConverter(LowerToLLVMOptions(64))
    patterns = []
    names = options.get("filter-dialects") or list(TO_LLVM_POPULATORS)
    for name in names:
        populate = TO_LLVM_POPULATORS.get(name)
        if populate is None and name not in ctx.dialects:
            raise error(UNKNOWN_LOC, f"dialect not loaded: {name}\n")
        if populate is None:
            raise error(UNKNOWN_LOC, "dialect does not implement "
                            f"ConvertToLLVMPatternInterface: {name}\n")
        populate(target, tc, patterns)
    apply_partial_conversion(op, target, patterns, ctx)
