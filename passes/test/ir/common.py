"""Helpers shared by the IR test passes."""
from __future__ import annotations


def out(ctx, text):
    """Writes to the tool's stdout (llvm::outs()), ahead of the printed IR of the chunk."""
    ctx.write_stdout(text)


def top_ops(module):
    return list(module.regions[0].blocks[0]) if module.regions[0].blocks else []
