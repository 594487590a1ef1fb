"""MLIR LLVM dialect -> LLVM IR text (mlir-translate --mlir-to-llvmir)."""
from __future__ import annotations


def translate_to_llvmir(buffer, ctx, options):
    """Parses and verifies one chunk of MLIR, returns its LLVM IR as text (LLVM 19 syntax)."""
    from pyopt.tool import parse_module
    from pyopt.ir.verifier import verify
    from .module import translate_module
    module, _ = parse_module(buffer, ctx, options.implicit_module)
    verify(module, ctx)
    from . import constants
    constants.RESOURCES = getattr(ctx, "resources", None) or {}
    return translate_module(module, options)
