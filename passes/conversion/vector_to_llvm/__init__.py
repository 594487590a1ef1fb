"""`convert-vector-to-llvm`: vector ops to the LLVM dialect.

Two phases, as upstream: a greedy vector-to-vector lowering (prepare.py: broadcasts become
splats and inserts, ...), then a partial conversion of what is left (basic.py: element/slice
access, shuffles, splats, fma, casts; reduction.py; printing.py; memory.py; masks.py).
n-D vectors are LLVM arrays of 1-D vectors."""
from __future__ import annotations

from pyopt.pass_registry import PassOption, register_pass
from pyopt.rewrite.conversion import apply_partial_conversion
from pyopt.rewrite.greedy import GreedyConfig, apply_patterns_greedily
from passes.conversion.llvm_common.interface import register
from passes.conversion.llvm_common.target import LLVMConversionTarget
from passes.conversion.llvm_common.type_converter import LLVMTypeConverter, LowerToLLVMOptions
from passes.conversion.vector_to_llvm.prepare import prepare_patterns, FMAUnroll
from passes.conversion.vector_to_llvm.basic import basic_patterns
from passes.conversion.vector_to_llvm.reduction import ReductionLowering, MaskedReductionLowering
from passes.conversion.vector_to_llvm.printing import PrintLowering
from passes.conversion.vector_to_llvm import memory_extra
from passes.conversion.vector_to_llvm import memory, masks, shape, transfer, contract, unroll


def populate_vector_to_llvm(target, tc, patterns, reassociate=False, force32=False):
    patterns.append(FMAUnroll())
    patterns.extend(shape.conversion_patterns(tc))
    patterns.extend(unroll.conversion_patterns(tc))
    patterns.append(ReductionLowering(tc, reassociate))
    patterns.append(MaskedReductionLowering(tc))
    patterns.extend(masks.patterns(tc, force32))
    patterns.extend(transfer.conversion_patterns())
    patterns.extend(memory_extra.patterns(tc))
    patterns.extend(basic_patterns(tc))
    patterns.append(PrintLowering(tc))
    patterns.extend(memory.patterns(tc))


register("vector", populate_vector_to_llvm)

_BOOL = [("reassociate-fp-reductions", "Allows llvm to reassociate floating-point reductions "
          "for speed"),
         ("force-32bit-vector-indices", "Allows compiler to assume vector indices fit in 32-bit "
          "if that yields faster code"),
         ("enable-amx", "Enables the use of AMX dialect while lowering the vector dialect."),
         ("enable-arm-neon", "Enables the use of ArmNeon dialect while lowering the vector "
          "dialect."),
         ("enable-arm-sve", "Enables the use of ArmSVE dialect while lowering the vector "
          "dialect."),
         ("enable-x86vector", "Enables the use of X86Vector dialect while lowering the vector "
          "dialect.")]


@register_pass("convert-vector-to-llvm", "Lower the operations from the vector dialect into "
               "the LLVM dialect",
               options=[PassOption(n, bool, n == "force-32bit-vector-indices", d)
                        for n, d in _BOOL],
               display_name="ConvertVectorToLLVMPass")
def convert_vector_to_llvm(op, ctx, options):
    # bottom-up, the upstream driver's default: a user folds (shape_cast/transpose pairs)
    # before its operand is lowered
    apply_patterns_greedily(op, prepare_patterns() + shape.prepare_patterns() +
                            masks.prepare_patterns() + transfer.prepare_patterns() +
                            contract.prepare_patterns() + unroll.prepare_patterns(),
                            ctx, GreedyConfig(top_down=False))
    tc = LLVMTypeConverter(LowerToLLVMOptions.for_op(op, {}))
    target = LLVMConversionTarget(ctx)
    target.add_legal_dialect("arith", "memref")
    patterns = []
    populate_vector_to_llvm(target, tc, patterns,
                            bool(options.get("reassociate-fp-reductions")),
                            bool(options.get("force-32bit-vector-indices", True)))
    if options.get("enable-arm-sve"):
        target.add_legal_op("arm_sve.intr.whilelt")
        patterns.append(masks.SVECreateMaskLowering(tc))
    apply_partial_conversion(op, target, patterns, ctx)
