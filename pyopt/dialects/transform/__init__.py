"""The transform dialect (MLIR 19): transform IR that schedules rewrites of payload IR, run by
`-transform-interpreter` (passes/transform/).

Modules: types.py (handle and parameter types, constraints, enums), extension.py (how ops join
the dialect and the interpreter: read its docstring to add transform ops), failures.py
(silenceable and definite failures), state.py (the interpreter state: handles, invalidation,
applying one op), control_ops.py (sequence, named_sequence, include, foreach, alternatives),
verifiers.py. Extension ops live in `ext_*.py` modules of this package (imported here) or in
modules listed in extension.EXTENSION_MODULES.
"""
from __future__ import annotations

import importlib
import os
import pkgutil

from pyopt.ir.opdef import Dialect
from pyopt.dialects.transform import extension
from pyopt.dialects.transform.types import parse_transform_type
from pyopt.dialects.transform import (control_ops, handle_ops, match_ops,  # noqa: F401
                                      pattern_ops, conversion_ops)
from pyopt.dialects.transform.dialect_attrs import verify_transform_attribute

for _m in sorted(m.name for m in pkgutil.iter_modules([os.path.dirname(__file__)])):
    if _m.startswith("ext_"):
        importlib.import_module(f"{__name__}.{_m}")
for _name in list(extension.EXTENSION_MODULES):
    importlib.import_module(_name)

TRANSFORM = Dialect("transform", extension.OPS, parse_type=parse_transform_type,
                    verify_op_attribute=verify_transform_attribute)
extension._set_dialect(TRANSFORM)
