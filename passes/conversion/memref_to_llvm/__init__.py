"""`finalize-memref-to-llvm` (MLIR's MemRefToLLVM; `convert-memref-to-llvm` is the seed-era
name): memrefs become descriptor structs and their ops LLVM code on them.

access  load / store / prefetch / atomics / assume_alignment / dim / rank / aligned pointer
alloc   alloc (malloc or aligned_alloc) / alloca / dealloc / alloca_scope / global / get_global
views   cast / memory_space_cast / reinterpret_cast / reshape / view / transpose /
        extract_strided_metadata
copy    copy (memcpy or the memrefCopy runtime function)

subview, expand_shape, collapse_shape and realloc are left for expand-strided-metadata and
expand-realloc, as upstream."""
from __future__ import annotations

from pyopt.pass_registry import PassOption, register_pass, unchanged_unless
from pyopt.rewrite.conversion import apply_partial_conversion
from passes.conversion.llvm_common import (LLVMConversionTarget, LLVMTypeConverter,
                                           LowerToLLVMOptions, USE_OPAQUE_POINTERS)
from passes.conversion.llvm_common import interface
from passes.conversion.memref_to_llvm import access, alloc, copy, views

_COMMON = [alloc.AllocaLowering, alloc.AllocaScopeLowering, alloc.GlobalLowering,
           alloc.GetGlobalLowering] + access.PATTERNS + views.PATTERNS + copy.PATTERNS


def populate_memref_to_llvm_patterns(tc, patterns, aligned_alloc=False,
                                     generic_functions=False):
    patterns += [p(tc) for p in _COMMON]
    heap = [alloc.AlignedAllocLowering(tc) if aligned_alloc else alloc.MallocLowering(tc),
            alloc.DeallocLowering(tc)]
    for p in heap:
        p.generic_functions = generic_functions
    patterns += heap
    return patterns


interface.register("memref", lambda target, tc, patterns:
                   populate_memref_to_llvm_patterns(tc, patterns))

_OPTIONS = [PassOption("use-aligned-alloc", bool, False, "Use aligned_alloc in place of malloc "
                       "for heap allocations"),
            PassOption("index-bitwidth", int, 0,
                       "Bitwidth of the index type, 0 to use size of machine word"),
            PassOption("use-generic-functions", bool, False, "Use generic allocation and "
                       "deallocation functions instead of the classic 'malloc', 'aligned_alloc' "
                       "and 'free' functions"),
            USE_OPAQUE_POINTERS]


def finalize_memref_to_llvm(op, ctx, options):
    tc = LLVMTypeConverter(LowerToLLVMOptions.for_op(op, options))
    target = LLVMConversionTarget(ctx)
    target.add_legal_op("func.func")
    patterns = populate_memref_to_llvm_patterns(
        tc, [], bool(options.get("use-aligned-alloc")),
        bool(options.get("use-generic-functions")))
    return unchanged_unless(apply_partial_conversion(op, target, patterns, ctx))


register_pass("finalize-memref-to-llvm", "Finalize MemRef dialect to LLVM dialect conversion",
              options=_OPTIONS, display_name="FinalizeMemRefToLLVMConversionPass")(
    finalize_memref_to_llvm)
register_pass("convert-memref-to-llvm", "Convert MemRef dialect to LLVM dialect (the seed-era "
              "name of finalize-memref-to-llvm)", options=_OPTIONS,
              display_name="FinalizeMemRefToLLVMConversionPass")(finalize_memref_to_llvm)
