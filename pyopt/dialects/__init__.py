"""Dialect registry: every dialect pyopt knows, loaded on first use."""
from __future__ import annotations

import importlib

from pyopt.ir.opdef import Context, Dialect, Op, OpDef

# module name -> attribute holding its Dialect object
DIALECT_MODULES = {
    "builtin": "BUILTIN",
    "func": "FUNC_DIALECT",
    "arith": "ARITH",
    "cf": "CF",
    "memref": "MEMREF",
    "scf": "SCF",
    "affine": "AFFINE",
    "index": "INDEX_DIALECT",
    "math": "MATH",
    "complex": "COMPLEX",
    "ub": "UB",
    "llvm": "LLVM",
    "dlti": "DLTI",
    "vector": "VECTOR",
    "tensor": "TENSOR",
    "test": "TEST_DIALECT",
    "test_dyn": "TEST_DYN_DIALECT",
    "x86vector": "X86VECTOR",
    "bufferization": "BUFFERIZATION",
    "linalg": "LINALG",
    "ml_program": "ML_PROGRAM",
    "transform": "TRANSFORM",
}


# Modules attaching interface models to ops of dialects that do not attach them themselves
# (yet): loaded with the dialects.
EXTERNAL_MODELS = ("int_range_models",)


def all_dialects():
    out = []
    for mod, attr in DIALECT_MODULES.items():
        try:
            m = importlib.import_module(f"{__name__}.{mod}")
        except ModuleNotFoundError as e:
            if e.name == f"{__name__}.{mod}":
                continue  # not written yet
            raise
        d = getattr(m, attr, None)
        if d is not None:  # None: a package still being written (no __init__ yet)
            out.append(d)
    for mod in EXTERNAL_MODELS:
        importlib.import_module(f"{__name__}.{mod}")
    from pyopt.plugins import plugin_dialects  # dialects of loaded plugins
    out.extend(plugin_dialects())
    return out


def make_context(allow_unregistered=False, extra=()) -> Context:
    ctx = Context(allow_unregistered)
    for d in all_dialects():
        ctx.register(d)
    for d in extra:
        ctx.register(d)
    return ctx
