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
    "pdl": "PDL",
    "transform": "TRANSFORM",
}


# Modules attaching interface models to ops of dialects that do not attach them themselves
# (yet): loaded with the first of those dialects.
EXTERNAL_MODELS = {"int_range_models": ("arith", "index", "test")}
_MODELS_OF = {}
for _mod, _names in EXTERNAL_MODELS.items():
    for _name in _names:
        _MODELS_OF.setdefault(_name, []).append(_mod)
_RANK = {name: i for i, name in enumerate(DIALECT_MODULES)}


def _import_dialect(name):
    """The Dialect object of pyopt.dialects.<name>, imported now; None if there is none."""
    attr = DIALECT_MODULES.get(name)
    if attr is None:
        return None
    try:
        m = importlib.import_module(f"{__name__}.{name}")
    except ModuleNotFoundError as e:
        if e.name == f"{__name__}.{name}":
            return None  # not written yet
        raise
    d = getattr(m, attr, None)  # None: a package still being written (no __init__ yet)
    for mod in _MODELS_OF.get(name, ()):
        importlib.import_module(f"{__name__}.{mod}")
    return d


def all_dialects():
    """Every dialect pyopt knows (all imported), then those of loaded plugins."""
    out = [d for d in map(_import_dialect, DIALECT_MODULES) if d is not None]
    from pyopt.plugins import plugin_dialects  # dialects of loaded plugins
    out.extend(plugin_dialects())
    return out


def _load(name):
    """The dialect `name` of pyopt or of a plugin loaded so far, imported now; or None."""
    from pyopt.plugins import plugin_dialects
    for d in plugin_dialects():
        if d.name == name:
            return d
    return _import_dialect(name)


def _names():
    from pyopt.plugins import plugin_dialects
    return list(DIALECT_MODULES) + [d.name for d in plugin_dialects()]


_load.names = _names


def _rank(name):
    return _RANK.get(name, len(_RANK))


def make_context(allow_unregistered=False, extra=()) -> Context:
    """A context in which every known dialect (and every dialect of a loaded plugin) is
    registered and loaded on first use; `extra` dialects are loaded now."""
    ctx = Context(allow_unregistered, loader=_load, rank=_rank)
    ctx.load_dialect("builtin")
    for d in extra:
        ctx.register(d)
    return ctx
