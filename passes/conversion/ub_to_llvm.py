"""`convert-ub-to-llvm`: `ub.poison` becomes `llvm.mlir.poison` of the converted type."""
from __future__ import annotations

from pyopt.pass_registry import PassOption, register_pass, unchanged_unless
from pyopt.rewrite.conversion import apply_partial_conversion
from pyopt.dialects.ub import PoisonAttr
from passes.conversion.llvm_common import builders as B
from passes.conversion.llvm_common.interface import register
from passes.conversion.llvm_common.pattern import ConvertOpToLLVMPattern
from passes.conversion.llvm_common.target import LLVMConversionTarget
from passes.conversion.llvm_common.type_converter import LLVMTypeConverter, LowerToLLVMOptions


class PoisonLowering(ConvertOpToLLVMPattern):
    root = "ub.poison"

    def match_and_rewrite(self, op, adaptor, rw):
        # Only the plain #ub.poison value is known to mean LLVM's poison.
        if type(op.properties.get("value")) is not PoisonAttr:
            return False
        t = self.tc.convert_type(op.results[0].type)
        if t is None:
            return False
        rw.replace_op(op, [B.poison(rw, t, op.loc)])
        return True


def populate_ub_to_llvm(target, tc, patterns):
    patterns.append(PoisonLowering(tc))


register("ub", populate_ub_to_llvm)


@register_pass("convert-ub-to-llvm", "Convert UB dialect to LLVM dialect",
               options=[PassOption("index-bitwidth", int, 0, "Bitwidth of the index type, 0 to "
                                   "use size of machine word")],
               display_name="UBToLLVMConversionPass")
def convert_ub_to_llvm(op, ctx, options):
    # Upstream builds these options without a data layout: a DLTI index width is not read.
    tc = LLVMTypeConverter(LowerToLLVMOptions(options.get("index-bitwidth") or 64))
    target = LLVMConversionTarget(ctx)
    patterns = []
    populate_ub_to_llvm(target, tc, patterns)
    return unchanged_unless(apply_partial_conversion(op, target, patterns, ctx))
