"""SymbolUserOpInterface models (pyopt/interfaces/symbol_user.py) of the ops of our dialects
that refer to symbols and are not calls, attached when this module is imported (by
remove-dead-values)."""
from __future__ import annotations

from pyopt.dialects.llvm import LLVM
from pyopt.dialects.memref import MEMREF
from pyopt.interfaces import attach
from pyopt.interfaces.symbol_user import SYMBOL_USER, SYMBOL_USER_MODEL

attach([MEMREF.ops["memref.get_global"], LLVM.ops["llvm.mlir.addressof"],
        LLVM.ops["llvm.mlir.global_ctors"], LLVM.ops["llvm.mlir.global_dtors"]],
       SYMBOL_USER, SYMBOL_USER_MODEL)
