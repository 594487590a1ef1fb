"""Diagnostics a pass reports on an op without failing (Operation::emitRemark / emitWarning /
emitError from a pass that goes on)."""
from __future__ import annotations

from pyopt.ir.diagnostics import Diagnostic
from pyopt.syntax.printer import op_for_diagnostic, print_op


def emit_on_op(ctx, severity, op, message):
    """Operation::emitRemark/emitError from a test pass: reported (with the op in a note
    outside -verify-diagnostics, as mlir-opt) without failing the pass."""
    engine = getattr(ctx, "diag_engine", None)
    if engine is None:
        return
    d = Diagnostic(severity, op.loc, message)
    if engine.collector is None:
        # errors show the op in generic form, remarks as Operation::print writes it
        text = op_for_diagnostic(op) if severity == "error" else print_op(op)
        if severity != "error" and "\n" in text:
            text = "\n" + text
        d.attach_note("see current operation: " + text, op.loc)
    failed = engine.had_error
    engine.emit(d)
    engine.had_error = failed
