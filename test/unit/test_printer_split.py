"""pyopt/syntax/printer_split.py: a module printed by two processes is the text one process
prints (aliases met on either side named once and in order, distinct ids, locations
printed after the module)."""
import glob
import os

import pytest

from pyopt.dialects import make_context
from pyopt.forked import ForkedCall
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


def _body(module):
    op = module.regions[0].blocks[0].first
    while op is not None:
        yield op
        op = op.next


def _in_child(flags, ctx, module, ops):
    printer_split.enter_child()
    return printer_split.print_part(Printer(flags, ctx), module, ops)


def _print(text, flags, split, monkeypatch=None):
    """The module's text printed by one process, or with the second half of its body
    printed by a child (None: cannot be split)."""
    ctx = make_context()
    try:
        module, _ = parse_module(SourceBuffer("t", text), ctx)
    except MLIRError:
        return "parse error"
    printer = Printer(flags, ctx)
    ops = list(_body(module)) if module.regions and module.regions[0].blocks else []
    if split:
        if len(ops) < 2 or not printer_split.can_split(printer):
            return None
        call = ForkedCall(_in_child, flags, ctx, module, ops[len(ops) // 2:])
        part = call.result()
        if part is None:
            return None
        printer_split.splice_at(printer, module, ops[len(ops) // 2], lambda: part)
    try:
        return printer.print_top(module)
    except Exception as e:  # (the same failure either way)
        return type(e).__name__


@pytest.mark.parametrize("flags", [PrintFlags(), PrintFlags(debuginfo=True),
                                   PrintFlags(debuginfo=True, pretty_debuginfo=True)],
                         ids=["default", "debuginfo", "pretty"])
def test_aliases_distinct_ids_and_locations_across_the_halves(flags):
    one = _print(MODULE, flags, False)
    assert _print(MODULE, flags, True) == one
    assert one.count("distinct[0]") == 1 and "distinct[1]" in one
    assert one.count("#llvm.tbaa_root<") == (2 if flags.debuginfo else 0)


def test_the_child_prints_the_second_half():
    ctx = make_context()
    module, _ = parse_module(SourceBuffer("t", MODULE), ctx)
    ops = list(_body(module))
    text, aliases = printer_split.print_part(Printer(PrintFlags(), ctx), module, ops[2:])
    assert text.startswith("  llvm.func @c(") and "@a" not in text
    assert [a[0] for a in aliases] == ["alias_scope", "alias_scope_domain"]


SPLIT = []  # (chunks printed in two processes)


@pytest.mark.parametrize("path", INPUTS, ids=lambda p: os.path.relpath(p, TEST))
def test_lit_inputs_print_the_same_in_two_processes(path):
    text = open(path, encoding="utf-8").read()
    for start, end in split_chunks(text):
        chunk = text[start:end]
        for flags in (PrintFlags(), PrintFlags(debuginfo=True)):
            two = _print(chunk, flags, True)
            if two is not None:
                SPLIT.append(path)
                assert two == _print(chunk, flags, False)


def test_most_lit_inputs_could_be_split():
    assert len(set(SPLIT)) > len(INPUTS) // 2
