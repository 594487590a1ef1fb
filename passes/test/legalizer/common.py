"""What the dialect-conversion test passes share: patterns built from functions, the
listener that prints every change (upstream's DumpNotifications), diagnostics and remarks
reported the way upstream's test passes report them."""
from __future__ import annotations

from pyopt.ir.types import F64
from pyopt.rewrite.conversion import ConversionPattern
from pyopt.rewrite.pattern import RewritePattern
from pyopt.ir.diagnostics import Diagnostic, MLIRError
from pyopt.syntax.printer import op_for_diagnostic


class FnPattern(RewritePattern):
    """A rewrite pattern from a function `fn(op, rewriter) -> bool`."""

    def __init__(self, root, fn, benefit=1, bounded=False):
        super().__init__(root, benefit, fn)
        self.bounded_recursion = bounded


class FnConversion(ConversionPattern):
    """A conversion pattern from a function `fn(op, adaptor, rewriter) -> bool`."""

    def __init__(self, root, fn, converter=None, benefit=1):
        super().__init__(converter, root, benefit, fn)


def producer_rewrite(check, new_type, reason=None):
    def fn(op, adaptor, rw):
        if check is not None and not check(op.results[0].type):
            return rw.notify_match_failure(op, reason) if reason else False
        rw.replace_op_with_new_op(op, "test.type_producer", [], [new_type])
        return True
    return fn


def update_consumer(op, adaptor, rw):
    if adaptor.operands[0].type is not F64:
        return False
    rw.replace_op_with_new_op(op, "test.type_consumer", [adaptor.operands[0]], [])
    return True


def emit(ctx, diag):
    engine = getattr(ctx, "diag_engine", None)
    if engine is None:
        if diag.severity == "error":
            raise MLIRError(diag)
        return
    engine.emit(diag)


def report_failure(ctx, err, top, what):
    """A failed conversion reports its error, then the remark upstream's test pass adds."""
    d = err.diag
    op = getattr(err, "op", None)
    engine = getattr(ctx, "diag_engine", None)
    if op is not None and engine is not None and engine.collector is None:
        d.attach_note("see current operation: " + op_for_diagnostic(op), op.loc)
    emit(ctx, d)
    for d in err.more:
        emit(ctx, d)
    emit(ctx, Diagnostic("remark", top.loc, f"{what} failed"))


def remark_ops(ctx, ops, text):
    for op in sorted(ops, key=_position):
        emit(ctx, Diagnostic("remark", op.loc, f"op '{op.name}' {text}"))


def _position(op):
    loc = op.loc
    return (getattr(loc, "line", 0) or 0, getattr(loc, "col", 0) or 0)


class DumpNotifications:
    """Prints every change the conversion commits (upstream's DumpNotifications listener)."""

    def __init__(self, ctx):
        self.ctx = ctx

    def _out(self, text):
        self.ctx.write_stdout(text + "\n")

    def notify_block_inserted(self, block, was_linked):
        parent = block.parent.parent if block.parent is not None else None
        where = f"into {parent.name}: " if parent is not None else "into unknown op: "
        self._out("notifyBlockInserted " + where + ("was linked" if was_linked else
                                                    "was unlinked"))

    def notify_op_inserted(self, op, previous=None):
        self._out(f"notifyOperationInserted: {op.name}, " +
                  ("was unlinked" if previous is None else previous))

    def notify_block_erased(self, block):
        self._out("notifyBlockErased")

    def notify_op_erased(self, op):
        self._out(f"notifyOperationErased: {op.name}")

    def notify_op_modified(self, op):
        self._out(f"notifyOperationModified: {op.name}")

    def notify_op_replaced(self, op, values):
        self._out(f"notifyOperationReplaced: {op.name}")

    def notify_match_failure(self, op, reason):
        pass
