"""ConvertToLLVMPatternInterface: each dialect that lowers to LLVM registers a hook here
(`register(dialect name, populate)` with `populate(target, type_converter, patterns)`), so that
the generic convert-to-llvm pass can gather every loaded dialect's patterns at once."""
from __future__ import annotations

import importlib

TO_LLVM_POPULATORS: dict = {}
# The modules that register hooks, imported when the hooks are first asked for (a pass
# module is imported on its own, without the rest of the library).
_PROVIDERS = ("arith_to_llvm", "cf_to_llvm", "complex_to_llvm", "func_to_llvm", "index_to_llvm",
              "math_to_llvm", "memref_to_llvm", "ub_to_llvm", "vector_to_llvm")


def register(dialect, populate):
    TO_LLVM_POPULATORS[dialect] = populate
    return populate


def populators(dialects=None):
    """dialect name -> hook, for every dialect that lowers to LLVM (or those of `dialects`), in
    dialect-name order (as MLIR orders its loaded dialects)."""
    for module in _PROVIDERS:
        if dialects is None or module[:-len("_to_llvm")] in dialects:
            importlib.import_module(f"passes.conversion.{module}")
    return {name: TO_LLVM_POPULATORS[name] for name in sorted(TO_LLVM_POPULATORS)
            if dialects is None or name in dialects}


def populate_all(target, type_converter, patterns, dialects=None):
    for name, populate in populators().items():
        if dialects is None or name in dialects:
            populate(target, type_converter, patterns)
