"""The cf (ControlFlow) dialect: cf.br, cf.cond_br, cf.switch, cf.assert.

ops.py declares the ops, canonicalize.py holds the folds and canonicalization patterns,
interfaces.py the BranchOpInterface models."""
from __future__ import annotations

from pyopt.ir.opdef import Dialect
from pyopt.dialects.cf.ops import (  # noqa: F401  (the dialect's public names)
    OPS, ASSERT, BR, COND_BR, SWITCH, verify_successor_operands, _case_groups)

CF = Dialect("cf", OPS)

from pyopt.dialects.cf.interfaces import attach_models as _attach_interface_models  # noqa: E402
_attach_interface_models()
from pyopt.dialects.cf.canonicalize import attach as _attach_canonicalization  # noqa: E402
_attach_canonicalization(CF)
