"""LLVMCommon: what every lowering to the LLVM dialect shares (MLIR's lib/Conversion/LLVMCommon).

type_converter  LLVMTypeConverter and LowerToLLVMOptions (types, calling conventions)
builders        construction of the common LLVM ops (constants, aggregates, memory, calls)
descriptors     MemRefDescriptor / UnrankedMemRefDescriptor / StructBuilder
pattern         ConvertOpToLLVMPattern, one-to-one and n-D vector unrolling patterns
functions       runtime function declarations (malloc, free, ...)
interface       the ConvertToLLVMPatternInterface registry used by convert-to-llvm
target          the LLVM conversion target
"""
from passes.conversion.llvm_common.type_converter import (LLVMTypeConverter,  # noqa: F401
                                                          LowerToLLVMOptions,
                                                          USE_OPAQUE_POINTERS)
from passes.conversion.llvm_common.descriptors import (MemRefDescriptor,  # noqa: F401
                                                       UnrankedMemRefDescriptor, StructBuilder)
from passes.conversion.llvm_common.pattern import (ConvertOpToLLVMPattern,  # noqa: F401
                                                   VectorConvertToLLVMPattern, vector_patterns,
                                                   one_to_one_rewrite, vector_one_to_one_rewrite,
                                                   unroll_nd_vector, nd_vector_info, pass_through)
from passes.conversion.llvm_common.target import LLVMConversionTarget  # noqa: F401
from passes.conversion.llvm_common.functions import lookup_or_create_fn  # noqa: F401
