"""ViewLikeOpInterface: an op whose result is a view of (aliases) one of its operands, the
view source (memref.subview, memref.cast, ...). Buffer analyses follow aliasing through it.
A model is any object with `source(op) -> Value`; `SOURCE_OPERAND_0` is the usual one."""
from __future__ import annotations

VIEW_LIKE = "ViewLikeOpInterface"


class _Operand0:
    def source(self, op):
        return op.operand_slots[0].value


SOURCE_OPERAND_0 = _Operand0()


def view_source(op):
    """getViewSource, or None when `op` is not view-like."""
    d = op.opdef
    m = None if d is None else d.extra.get(VIEW_LIKE)
    return None if m is None else m.source(op)
