"""--verify-roundtrip: the parsed IR, printed in the generic form with locations, must parse
back (into a fresh context) and print identically, and so must the IR written as bytecode and
read back; checked before any pass runs, as mlir-opt 19 does."""
from __future__ import annotations

from pyopt.ir.diagnostics import MLIRError


def _generic_text(op, ctx):
    from pyopt.syntax.printer import Printer, PrintFlags
    return Printer(PrintFlags(generic=True, debuginfo=True), ctx).print_top(op)


def verify_roundtrip(op, ctx, allow_unregistered, typed_pointers=False):
    """The textual check, then the bytecode one (both reported when both fail)."""
    errors = []
    for use_bytecode in (False, True):
        try:
            _verify_roundtrip(op, ctx, allow_unregistered, typed_pointers, use_bytecode)
        except MLIRError as e:
            errors.append(e)
    if errors:
        errors[0].more = tuple(errors[0].more) + tuple(e.diag for e in errors[1:])
        raise errors[0]


def _verify_roundtrip(op, ctx, allow_unregistered, typed_pointers, use_bytecode):
    from pyopt.dialects import make_context
    from pyopt.ir.location import SourceBuffer
    from pyopt.ir.verifier import op_error, verify
    from pyopt.tool import parse_module
    kind = "bytecode" if use_bytecode else "textual"
    reference = _generic_text(op, ctx)
    source = reference
    if use_bytecode:
        from pyopt.bytecode import write_bytecode
        try:
            source = write_bytecode(op, ctx).decode("utf-8", "surrogateescape")
        except MLIRError:
            raise op_error(op, "failed to write bytecode, cannot verify round-trip.\n")
    ctx2 = make_context(allow_unregistered)
    try:
        again, _ = parse_module(SourceBuffer("roundtrip", source), ctx2,
                                typed_pointers=typed_pointers)
        verify(again, ctx2)
    except MLIRError:
        raise op_error(op, f"failed to parse {kind} content back, cannot verify round-trip.\n")
    if len(again.regions[0].blocks[0].ops) == 1 and op.name != "builtin.module":
        again = again.regions[0].blocks[0].ops[0]  # the implicit module around a non-module
    roundtrip = _generic_text(again, ctx2)
    if roundtrip != reference:
        raise op_error(op, f"{kind} roundTrip testing roundtripped module differs from "
                           f"reference:\n<<<<<<Reference\n{reference}\n=====\n{roundtrip}\n"
                           f">>>>>roundtripped\n")


class RoundTripThen:
    """A pipeline that checks the round trip first, then runs `pipeline` (a PassManager or
    None) - what tool.run expects of options.pipeline."""

    def __init__(self, pipeline, allow_unregistered):
        self.pipeline = pipeline
        self.allow_unregistered = allow_unregistered

    def __iter__(self):
        return iter(())

    def run(self, op, ctx, engine=None, timer=None):
        from pyopt.dialects.llvm.typed_pointers import asks_typed_pointers
        verify_roundtrip(op, ctx, self.allow_unregistered, asks_typed_pointers(self.pipeline))
        if self.pipeline:
            self.pipeline.run(op, ctx, engine, timer=timer)
