"""Small helpers the memref lowerings share."""
from __future__ import annotations

from pyopt.ir.attributes import FloatAttr, IntegerAttr
from pyopt.ir.types import FloatType


def module_of(op):
    """The closest enclosing builtin.module (where runtime functions are declared)."""
    p = op.parent_op
    while p is not None and p.name != "builtin.module":
        p = p.parent_op
    return p


def int_or_none(attr):
    return attr.value if isinstance(attr, IntegerAttr) else None


def splat_attr(elements):
    """The single element of a rank-0 dense elements attribute, as a scalar attribute."""
    from pyopt.ir.attributes import DenseElementsAttr
    if type(elements) is not DenseElementsAttr:
        return elements
    et = elements.type.element_type
    raw = elements.values[0]
    return FloatAttr(et, raw) if type(et) is FloatType else IntegerAttr(et, raw)


def promote_descriptor(tc, rw, loc, descriptor):
    """A stack slot holding `descriptor` (promoteOneMemRefDescriptor: the count is an i64)."""
    from pyopt.ir.types import I64
    from passes.conversion.llvm_common import builders as B
    one = B.constant(rw, I64, 1, loc)
    slot = B.alloca(rw, tc.ptr(0, descriptor.type), descriptor.type, one, loc)
    B.store(rw, descriptor, slot, loc)
    return slot


def emit_op_error(rw, op, message):
    """Reports `'name' op message` without failing the conversion (the pattern just does
    not apply, as an emitOpError that returns failure() in a pattern)."""
    from pyopt.ir.diagnostics import Diagnostic
    from pyopt.syntax.printer import op_for_diagnostic
    engine = getattr(rw.ctx, "diag_engine", None)
    if engine is None:
        return False
    d = Diagnostic("error", op.loc, f"'{op.name}' op {message}")
    d.attach_note("see current operation: " + op_for_diagnostic(op), op.loc)
    engine.emit(d)
    return False
