"""Imports every pass module of the library, which registers its passes. Every module (or
subpackage) of passes/transforms and passes/conversion registers passes on import, so a new
one needs no edit here."""
import importlib
import pkgutil

import passes.conversion
import passes.transforms

_SHARED = {"llvm_common"}  # helpers, not passes
for _pkg in (passes.transforms, passes.conversion):
    for _m in pkgutil.iter_modules(_pkg.__path__):
        if _m.name not in _SHARED:
            importlib.import_module(f"{_pkg.__name__}.{_m.name}")
