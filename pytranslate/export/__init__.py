"""MLIR LLVM dialect -> LLVM IR text (mlir-translate --mlir-to-llvmir)."""
from __future__ import annotations


def translate_to_llvmir(buffer, ctx, options):
    """Parses and verifies one chunk of MLIR, returns its LLVM IR as text (LLVM 19 syntax)."""
    import gc
    from pyopt.tool import parse_module
    from pyopt.ir.verifier import verify
    from .module import translate_module
    # Only live objects are created: the cycle collector's passes over the growing IR and
    # output would find nothing (and cost about a sixth of the time).
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        module, _ = parse_module(buffer, ctx, options.implicit_module)
        verify(module, ctx)
        from . import constants
        constants.RESOURCES = getattr(ctx, "resources", None) or {}
        return translate_module(module, options)
    finally:
        if gc_was_enabled:
            gc.enable()
