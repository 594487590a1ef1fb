"""Imports every pass module of the library, which registers its passes. The library is one
package per dialect for dialect-specific passes (passes/affine, passes/arith, passes/memref,
...), passes/transforms for the generic passes, passes/conversion for the conversions and
passes/test for the test-only passes; every module (or subpackage) of those registers passes
on import, so a new one needs no edit here."""
import importlib
import os
import pkgutil

_HERE = os.path.dirname(os.path.abspath(__file__))
_SHARED = {"llvm_common", "common"}  # helpers, not passes

for _pkg in sorted(m.name for m in pkgutil.iter_modules([_HERE]) if m.ispkg):
    _mod = importlib.import_module(f"passes.{_pkg}")
    for _m in pkgutil.iter_modules(_mod.__path__):
        if _m.name not in _SHARED:
            importlib.import_module(f"{_mod.__name__}.{_m.name}")
