"""Interface models of the func ops: CallOpInterface (func.call, func.call_indirect) and
CallableOpInterface (func.func)."""
from __future__ import annotations

from pyopt.interfaces import attach
from pyopt.interfaces import control_flow as cf
from pyopt.dialects.func.ops import CALL, CALL_INDIRECT, FUNC


def attach_models():
    attach(CALL, cf.CALL, cf.CALL_MODEL)
    attach(CALL_INDIRECT, cf.CALL, cf.INDIRECT_CALL_MODEL)
    attach(FUNC, cf.CALLABLE, cf.CALLABLE_MODEL)
