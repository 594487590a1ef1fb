"""Dialect conversion passes. Every module of this package registers its passes on import, so
they are all imported here (a new conversion is a new module, nothing else to edit)."""
import importlib as _importlib
import pkgutil as _pkgutil

for _m in _pkgutil.iter_modules(__path__):
    _importlib.import_module(f"{__name__}.{_m.name}")
