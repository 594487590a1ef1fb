"""The func dialect: func.func, func.return, func.call, func.call_indirect, func.constant.

ops.py declares the ops, interfaces.py attaches the call/callable models, inliner.py the
inliner model, conversions.py the type-conversion patterns other conversions share."""
from __future__ import annotations

from pyopt.ir.opdef import Dialect
from pyopt.dialects.func.ops import (  # noqa: F401  (the dialect's public names)
    OPS, FUNC, RETURN, CALL, CALL_INDIRECT, CONSTANT, declare_private_func, _materialize_constant)

FUNC_DIALECT = Dialect("func", OPS)
FUNC_DIALECT.materialize_constant = _materialize_constant

from pyopt.dialects.func.interfaces import attach_models as _attach_interface_models  # noqa: E402
_attach_interface_models()
