"""SymbolUserOpInterface: an op that refers to symbols by name (besides calls, which
CallOpInterface describes): memref.get_global, llvm.mlir.addressof, llvm.mlir.global_ctors /
global_dtors. The model is a marker (no methods are needed yet: symbol uses are verified by
the ops' own verifiers); the models are attached in pyopt/dialects/symbol_user_models.py."""
from __future__ import annotations

from pyopt.interfaces import model

SYMBOL_USER = "SymbolUserOpInterface"


class SymbolUser:
    """The marker model."""


SYMBOL_USER_MODEL = SymbolUser()


def is_symbol_user(op):
    return model(op, SYMBOL_USER) is not None
