"""Small upstream test passes (mlir-opt's -test-* passes that exercise one utility each).
Every module here registers its pass on import."""
import importlib
import pkgutil

for _m in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_m.name}")
