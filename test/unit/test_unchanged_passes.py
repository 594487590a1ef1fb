"""A pass that leaves the IR as it found it says so (pass_registry.UNCHANGED): its pass manager
then does not verify the IR again (test/Pass/unchanged-pass-analyses.mlir: the analyses it drops
are still MLIR's). The conversion drivers report whether they changed anything, and the
conversion passes of the LLVM road pass that on."""
from __future__ import annotations

import pyopt.pass_manager as pass_manager
from pyopt.dialects import make_context
from pyopt.ir.location import SourceBuffer
from pyopt.pass_manager import PassManager
from pyopt.pass_pipeline import from_flags
from pyopt.pass_registry import PASSES, UNCHANGED, add_pass_library, register_pass
from pyopt.rewrite.conversion import (ConversionTarget, OpConversionPattern,
                                      apply_full_conversion, apply_partial_conversion)
from pyopt.syntax.printer import print_op
from pyopt.tool import parse_module

SRC = """func.func @f(%a: i32, %b: i32) -> i32 {
  %0 = arith.addi %a, %b : i32
  %1 = arith.xori %0, %b : i32
  return %1 : i32
}"""
FOLDABLE = SRC.replace("arith.xori %0, %b", "arith.addi %0, %c").replace(
    "  %1", "  %c = arith.constant 0 : i32\n  %1")


def parse(text):
    ctx = make_context(False)
    module, _ = parse_module(SourceBuffer("t", text), ctx)
    return module, ctx


def _verifications(monkeypatch):
    seen = []
    real = pass_manager.verify_with
    monkeypatch.setattr(pass_manager, "verify_with",
                        lambda bg, op, ctx: (seen.append(op.name), real(bg, op, ctx)))
    return seen


class _MulToAdd(OpConversionPattern):
    root = "arith.muli"

    def match_and_rewrite(self, op, adaptor, rw):
        rw.replace_op_with_new_op(op, "arith.addi", list(adaptor), [op.results[0].type])
        return True


def test_drivers_report_whether_they_changed_the_ir():
    module, ctx = parse(SRC)
    target = ConversionTarget(ctx)
    target.add_legal_dialect("arith", "func")
    target.add_illegal_op("arith.muli")
    before = print_op(module)
    assert apply_partial_conversion(module, target, [_MulToAdd()], ctx) is False
    assert apply_full_conversion(module, target, [_MulToAdd()], ctx) is False
    assert print_op(module) == before
    module, ctx = parse(SRC.replace("arith.addi %a", "arith.muli %a"))
    assert apply_partial_conversion(module, target, [_MulToAdd()], ctx) is True
    assert "arith.muli" not in print_op(module)


def test_a_fold_alone_is_a_change():
    # the conversion folds `x + 0` to `x` before trying any pattern
    module, ctx = parse(FOLDABLE)
    target = ConversionTarget(ctx)  # (ops of unknown legality are folded too)
    assert apply_partial_conversion(module, target, [], ctx) is True
    assert print_op(module).count("arith.addi") == 1


def test_unchanged_pass_is_not_verified_again(monkeypatch):
    seen = _verifications(monkeypatch)

    @register_pass("test-nothing", "Changes nothing")
    def nothing(op, ctx, options):
        return UNCHANGED

    try:
        module, ctx = parse(SRC)
        PassManager(from_flags(["test-nothing"])).run(module, ctx)
        assert seen == []
    finally:
        del PASSES["test-nothing"]


def test_lowering_passes_with_nothing_left_to_convert_skip_verification(monkeypatch):
    add_pass_library("passes.registry", index="passes.pass_index")  # (as pyopt's driver does)
    seen = _verifications(monkeypatch)
    module, ctx = parse(SRC)
    names = ["convert-func-to-llvm", "convert-arith-to-llvm", "convert-cf-to-llvm",
             "convert-scf-to-cf", "reconcile-unrealized-casts"]
    PassManager(from_flags(names)).run(module, ctx)
    # func-to-llvm converts func and arith; the passes after it find nothing to do
    assert seen == ["builtin.module"]
    assert "llvm.func" in print_op(module)
    seen.clear()
    module, ctx = parse(SRC)
    PassManager(from_flags(["convert-arith-to-llvm", "convert-func-to-llvm"])).run(module, ctx)
    assert seen == ["builtin.module", "builtin.module"]
