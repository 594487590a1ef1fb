"""pyopt/syntax/printer_split.py: a module printed by two processes is the text one process
prints (aliases met on either side named once and in order, distinct ids, locations
printed after the module), and a child that gives no part leaves the parent to print it."""
import glob
import os

import pytest

from pyopt.dialects import make_context
from pyopt.ir.diagnostics import MLIRError
from pyopt.ir.location import SourceBuffer
from pyopt.syntax import printer_split
from pyopt.syntax.printer import Printer, PrintFlags
from pyopt.tool import parse_module, split_chunks

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork")

TEST = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
INPUTS = sorted(glob.glob(os.path.join(TEST, "Dialect", "LLVMIR", "*.mlir")) +
                glob.glob(os.path.join(TEST, "IR", "*.mlir")) +
                glob.glob(os.path.join(TEST, "Target", "LLVMIR", "*.mlir")))

# aliases on both sides (one shared, one only in the second half), a distinct attribute
# used on both sides, locations with their own aliases
MODULE = """
#shared = #llvm.tbaa_root<id = "shared root">
#late = #llvm.tbaa_root<id = "only in the second half">
#scope_dom = #llvm.alias_scope_domain<id = distinct[7]<>, description = "d">
#scope = #llvm.alias_scope<id = distinct[3]<>, domain = #scope_dom>
module {
  llvm.func @a(%p: !llvm.ptr) -> i32 {
    %0 = llvm.load %p {alias_scopes = [#scope]} : !llvm.ptr -> i32 loc("a.c":1:2)
    llvm.return %0 : i32 loc(fused<#shared>["a.c":3:4])
  }
  llvm.func @b(%p: !llvm.ptr) -> i32 {
    %0 = llvm.load %p {noalias_scopes = [#scope]} : !llvm.ptr -> i32 loc("b.c":1:2)
    llvm.return %0 : i32 loc(fused<#late>["b.c":5:6])
  }
  llvm.func @c(%p: !llvm.ptr) -> i32 {
    %0 = llvm.load %p {alias_scopes = [#scope]} : !llvm.ptr -> i32 loc(fused<#shared>["c.c":1:2])
    llvm.return %0 : i32
  }
}
"""


def _print(text, flags, split, monkeypatch):
    ctx = make_context()
    try:
        module, _ = parse_module(SourceBuffer("t", text), ctx)
    except MLIRError:
        return None
    monkeypatch.setattr(printer_split, "MIN_OPS", 0 if split else 1 << 62)
    try:
        return printer_split.print_top(Printer(flags, ctx), module)
    except Exception as e:  # (the same failure either way)
        return type(e).__name__


@pytest.mark.parametrize("flags", [PrintFlags(), PrintFlags(debuginfo=True),
                                   PrintFlags(debuginfo=True, pretty_debuginfo=True)],
                         ids=["default", "debuginfo", "pretty"])
def test_aliases_distinct_ids_and_locations_across_the_halves(flags, monkeypatch):
    one = _print(MODULE, flags, False, monkeypatch)
    parts = []
    real = printer_split._take
    monkeypatch.setattr(printer_split, "_take", lambda p, top, part: parts.append(part) or
                        real(p, top, part))
    two = _print(MODULE, flags, True, monkeypatch)
    assert two == one
    assert len(parts) == 1 and parts[0] is not None  # (the child's part was spliced in)
    assert one.count("distinct[0]") == 1 and "distinct[1]" in one
    assert one.count("#llvm.tbaa_root<") == (2 if flags.debuginfo else 0)


def test_no_part_from_the_child(monkeypatch):
    one = _print(MODULE, PrintFlags(debuginfo=True), False, monkeypatch)
    monkeypatch.setattr(printer_split, "print_part", lambda *a: None)
    assert _print(MODULE, PrintFlags(debuginfo=True), True, monkeypatch) == one


def test_the_child_prints_the_second_half(monkeypatch):
    ctx = make_context()
    module, _ = parse_module(SourceBuffer("t", MODULE), ctx)
    ops = list(printer_split._body(module))
    text, aliases = printer_split.print_part(Printer(PrintFlags(), ctx), module, ops[2:])
    assert text.startswith("  llvm.func @c(") and "@a" not in text
    assert [a[0] for a in aliases] == ["alias_scope", "alias_scope_domain"]


@pytest.mark.parametrize("path", INPUTS, ids=lambda p: os.path.relpath(p, TEST))
def test_lit_inputs_print_the_same_in_two_processes(path, monkeypatch):
    text = open(path, encoding="utf-8").read()
    for start, end in split_chunks(text):
        chunk = text[start:end]
        for flags in (PrintFlags(), PrintFlags(debuginfo=True)):
            assert _print(chunk, flags, True, monkeypatch) == \
                _print(chunk, flags, False, monkeypatch)
