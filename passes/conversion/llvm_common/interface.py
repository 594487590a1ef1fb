"""ConvertToLLVMPatternInterface: each dialect that lowers to LLVM registers a hook here
(`register(dialect name, populate)` with `populate(target, type_converter, patterns)`), so that
the generic convert-to-llvm pass can gather every loaded dialect's patterns at once."""
from __future__ import annotations

TO_LLVM_POPULATORS: dict = {}


def register(dialect, populate):
    TO_LLVM_POPULATORS[dialect] = populate
    return populate


def populate_all(target, type_converter, patterns, dialects=None):
    for name, populate in TO_LLVM_POPULATORS.items():
        if dialects is None or name in dialects:
            populate(target, type_converter, patterns)
