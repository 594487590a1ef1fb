"""pyreduce's reducer as a Python API: the driver with an in-process interestingness
predicate, and each reduction keeping the IR valid."""
from pyopt.dialects import make_context
from pyopt.ir.location import SourceBuffer
from pyopt.pass_registry import add_pass_library
from pyopt.reduce.cfg_edits import MergeBlocks, SimplifyBranches, ThreadJumps
from pyopt.reduce.driver import ReduceError, Reducer
from pyopt.reduce.func_edits import DropFunctionArguments, DropFunctionResults, EraseSymbols
from pyopt.reduce.op_edits import BypassOps, DropAttributes, EraseOps, InlineRegions
from pyopt.reduce.tester import printed_if_valid
from pyopt.tool import parse_module

import pytest

add_pass_library("passes.registry")


class Predicate:
    """A tester in-process: interesting while `fn(text)`; remembers what it was shown."""

    def __init__(self, fn):
        self.fn = fn
        self.tests_run = 0
        self.seen = []

    def is_interesting(self, text):
        self.tests_run += 1
        self.seen.append(text)
        return self.fn(text)


def _parse(src):
    ctx = make_context()
    module, _ = parse_module(SourceBuffer("t.mlir", src), ctx)
    return module, ctx


def _reduce(src, fn, reductions=None, pass_steps=()):
    module, ctx = _parse(src)
    tester = Predicate(fn)
    out = Reducer(ctx, tester, None, reductions, pass_steps).run(module)
    return printed_if_valid(out, ctx), tester, ctx


PROGRAM = """
func.func private @helper(%x: i32, %y: i32) -> (i32, i32) {
  %0 = arith.muli %x, %y : i32
  %1 = arith.addi %0, %x : i32
  return %1, %0 : i32, i32
}
func.func @main(%a: i32, %b: i32, %c: i1) -> i32 {
  %0:2 = func.call @helper(%a, %b) : (i32, i32) -> (i32, i32)
  cf.cond_br %c, ^bb1, ^bb2(%0#0 : i32)
^bb1:
  %1 = arith.remui %0#1, %b : i32
  cf.br ^bb2(%1 : i32)
^bb2(%r: i32):
  %2 = arith.xori %r, %a : i32
  return %2 : i32
}
"""


def test_reduces_to_the_property_and_stays_valid():
    text, tester, ctx = _reduce(PROGRAM, lambda t: "arith.remui" in t)
    assert "arith.remui" in text
    assert "helper" not in text and "cf.cond_br" not in text and "arith.xori" not in text
    # every text the tester saw verifies (a candidate failing verification is never shown)
    for seen in tester.seen:
        assert printed_if_valid(_parse(seen)[0], ctx) is not None
    assert text.count("\n") < 8


def test_deterministic():
    first = _reduce(PROGRAM, lambda t: "arith.muli" in t)[0]
    assert first == _reduce(PROGRAM, lambda t: "arith.muli" in t)[0]


def test_uninteresting_input_is_refused():
    module, ctx = _parse(PROGRAM)
    with pytest.raises(ReduceError, match="uninterested module"):
        Reducer(ctx, Predicate(lambda t: False), None).run(module)


def _apply(red, src, pick=None):
    module, ctx = _parse(src)
    sites = red.sites(module)
    chosen = sites if pick is None else [s for s in sites if pick(s)]
    assert red.apply(module, ctx, chosen)
    return printed_if_valid(module, ctx)


def test_erase_ops_replaces_used_results_by_arguments():
    module, ctx = _parse(PROGRAM)
    red = EraseOps()
    ops = list(module.walk_ops())
    call = next(i for i, op in enumerate(ops) if op.name == "func.call")
    assert red.apply(module, ctx, [call])
    text = printed_if_valid(module, ctx)
    assert text is not None and "func.call" not in text
    assert "cf.cond_br %arg2, ^bb1, ^bb2(%arg0 : i32)" in text


def test_drop_function_arguments_and_results_edit_the_calls():
    text = _apply(DropFunctionArguments(), PROGRAM, pick=lambda s: s == (1, 1))
    assert "func.func private @helper(%arg0: i32) -> (i32, i32)" in text
    assert "call @helper(%arg0) : (i32) -> (i32, i32)" in text
    text = _apply(DropFunctionResults(), PROGRAM, pick=lambda s: s == (1, 0))
    assert "func.func private @helper(%arg0: i32, %arg1: i32) -> i32" in text
    assert "call @helper(%arg0, %arg1) : (i32, i32) -> i32" in text


def test_erase_symbols_takes_the_calls_along():
    text = _apply(EraseSymbols(), PROGRAM, pick=lambda i: i == 1)
    assert "@helper" not in text and "func.func @main" in text


def test_branches_become_unconditional_and_blocks_merge():
    text = _apply(SimplifyBranches(), PROGRAM, pick=lambda s: s[1] == 0)
    assert "cf.br ^bb1" in text and "cf.cond_br" not in text
    text = _apply(MergeBlocks(), text)
    assert "^bb" not in text and "arith.remui" in text


def test_thread_jumps_and_inline_regions():
    src = """
func.func @f(%c: i1, %x: index) -> index {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb2
^bb2:
  %r = scf.if %c -> index {
    %y = arith.addi %x, %x : index
    scf.yield %y : index
  } else {
    scf.yield %x : index
  }
  return %r : index
}
"""
    text = _apply(ThreadJumps(), src)
    assert "cf.cond_br %arg0, ^bb1, ^bb1" in text
    text = _apply(InlineRegions(), src, pick=lambda s: s[1] == 0)
    assert "scf.if" not in text and "return %0 : index" in text


def test_bypass_ops_shortcuts_a_chain_and_drops_the_dead_op():
    src = """
func.func @f(%a: i64, %b: i64) -> i64 {
  %0 = arith.subi %a, %b : i64
  %1 = arith.xori %0, %b : i64
  %2 = arith.addi %a, %1 : i64
  return %2 : i64
}
"""
    module, ctx = _parse(src)
    ops = list(module.walk_ops())
    add = next(i for i, op in enumerate(ops) if op.name == "arith.addi")
    assert BypassOps().apply(module, ctx, [(add, 1)])
    text = printed_if_valid(module, ctx)
    assert "arith.xori" not in text and "arith.addi %arg0, %0 : i64" in text


def test_drop_attributes_keeps_what_the_property_needs():
    src = """
func.func @f(%a: i32) -> i32 attributes {llvm.emit_c_interface, keep.me = 1 : i32} {
  %0 = arith.addi %a, %a {note = "x"} : i32
  return %0 : i32
}
"""
    text, _, _ = _reduce(src, lambda t: "keep.me" in t, reductions=[DropAttributes()])
    assert "keep.me" in text and "emit_c_interface" not in text and "note" not in text


def test_progress_plain_lines_and_live_line():
    import io
    from pyopt.reduce.progress import Progress
    big, small = "module {\n" + "  x\n" * 8 + "}", "module {\n}"
    out = io.StringIO()
    p = Progress(out, live=False)
    p.begin(big)
    p.update(small, 3, "erase-ops")  # (plain mode: nothing per test)
    p.round_done(1, small, 3)
    p.end(small, 4)
    lines = out.getvalue().splitlines()
    assert lines[0] == "pyreduce: input: 10 lines (%d bytes)" % len(big)
    assert lines[1].startswith("pyreduce: round 1: 10 -> 2 lines")
    assert lines[2].startswith("pyreduce: done: 10 -> 2 lines") and "4 tests run" in lines[2]
    out = io.StringIO()
    p = Progress(out, live=True)
    p.begin(big)
    p.update(small, 3, "erase-ops")
    p.end(small, 4)
    text = out.getvalue()
    assert "\r" in text and "[erase-ops]" in text and "pyreduce: done: 10 -> 2 lines" in text
