"""`test-cf-assert`: cf.assert lowered to the LLVM dialect without the abort - a failed
assertion prints its message and execution goes on (mlir-opt's TestCFAssert pass, which the
runtime-verification integration programs use to print every failed check)."""
from __future__ import annotations

from pyopt.pass_registry import register_pass
from pyopt.rewrite.conversion import apply_partial_conversion
from passes.conversion.cf_to_llvm import AssertLowering
from passes.conversion.llvm_common import LLVMConversionTarget, LLVMTypeConverter, \
    LowerToLLVMOptions


@register_pass("test-cf-assert", "Function pass to test cf.assert lowering to LLVM without "
               "abort", display_name="TestCFAssertPass", anchor="builtin.module")
def test_cf_assert(op, ctx, options):
    tc = LLVMTypeConverter(LowerToLLVMOptions.for_op(op, {}))
    apply_partial_conversion(op, LLVMConversionTarget(ctx),
                             [AssertLowering(tc, abort_on_failure=False)], ctx)
