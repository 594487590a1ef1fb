"""The LLVM conversion target: the llvm dialect is legal, and so are the ops the lowering
keeps as they are (unrealized casts are handled by reconcile-unrealized-casts later)."""
from __future__ import annotations

from pyopt.rewrite.conversion import ConversionTarget


def LLVMConversionTarget(ctx):
    target = ConversionTarget(ctx)
    target.add_legal_dialect("llvm")
    target.add_legal_op("builtin.module", "builtin.unrealized_conversion_cast")
    return target
