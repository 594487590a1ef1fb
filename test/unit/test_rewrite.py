"""The Python rewriting API: patterns, the PatternRewriter, the greedy driver, the pass
manager."""
from __future__ import annotations

import pytest

from pyopt.dialects import make_context
from pyopt.ir.location import SourceBuffer
from pyopt.ir.types import IntegerType
from pyopt.pass_manager import PassManager, PipelineError, parse_pipeline, from_flags
from pyopt.pass_registry import register_pass, PASSES
from pyopt.pass_registry import add_pass_library
add_pass_library("passes.registry")
from pyopt.rewrite import (GreedyConfig, PatternRewriter, RewritePattern, apply_patterns_greedily,
                           pattern, is_trivially_dead)
from pyopt.syntax.printer import print_op
from pyopt.tool import parse_module

I32 = IntegerType(32)


def parse(text):
    ctx = make_context()
    module, _ = parse_module(SourceBuffer("t", text), ctx)
    return module, ctx


def func_body(module):
    return module.regions[0].blocks[0].first.regions[0].blocks[0]


SRC = """func.func @f(%a: i32, %b: i32) -> i32 {
  %0 = arith.subi %a, %b : i32
  %1 = arith.muli %0, %0 : i32
  return %1 : i32
}"""


def test_pattern_replaces_op_and_driver_cleans_up():
    module, ctx = parse(SRC)

    @pattern("arith.subi", benefit=2)
    def sub_to_add(op, rw):
        rw.replace_op_with_new_op(op, "arith.addi", [op.operand(0), op.operand(1)], [I32])
        return True

    assert apply_patterns_greedily(module.regions[0].blocks[0].first, [sub_to_add], ctx)
    text = print_op(module)
    assert "arith.addi %arg0, %arg1" in text and "subi" not in text


def test_class_pattern_and_benefit_order():
    module, ctx = parse(SRC)
    calls = []

    class Low(RewritePattern):
        root = "arith.muli"
        benefit = 1

        def match_and_rewrite(self, op, rw):
            calls.append("low")
            return False

    class High(Low):
        benefit = 5

        def match_and_rewrite(self, op, rw):
            calls.append("high")
            return False

    apply_patterns_greedily(module.regions[0].blocks[0].first, [Low(), High()], ctx)
    assert calls[:2] == ["high", "low"]


def test_non_convergence_hits_iteration_limit():
    module, ctx = parse(SRC)

    @pattern("arith.subi")
    def flip(op, rw):  # swaps operands forever
        rw.modify_op_in_place(op, lambda: op.set_operands([op.operand(1), op.operand(0)]))
        return True

    fn = module.regions[0].blocks[0].first
    # the op re-enters the worklist after each flip: bound rewrites and iterations
    cfg = GreedyConfig(max_iterations=3, max_num_rewrites=5)
    assert not apply_patterns_greedily(fn, [flip], ctx, cfg)


def test_rewriter_block_operations():
    module, ctx = parse(SRC)
    body = func_body(module)
    rw = PatternRewriter(ctx)
    mul = body.first.next
    tail = rw.split_block(body, mul)
    assert len(body.parent.blocks) == 2 and tail.first is mul
    rw.merge_blocks(tail, body)
    assert len(body.parent.blocks) == 1 and body.first.next is mul
    rw.set_insertion_point(mul)
    c = rw.create("arith.constant", result_types=[I32],
                  properties={"value": __import__("pyopt.ir.attributes", fromlist=["x"])
                              .IntegerAttr(I32, 3)})
    assert c.next is mul and c.opdef is ctx.lookup_op("arith.constant")
    assert is_trivially_dead(c)
    rw.erase_op(c)
    assert body.first.next is mul


def test_inline_region_before():
    module, ctx = parse("""func.func @f(%c: i1) -> i32 {
  %0 = scf.execute_region -> i32 {
    %k = arith.constant 1 : i32
    scf.yield %k : i32
  }
  return %0 : i32
}""")
    body = func_body(module)
    exe = body.first
    rw = PatternRewriter(ctx)
    inner = exe.regions[0].blocks[0]
    yield_op = inner.last
    val = yield_op.operand(0)
    rw.erase_op(yield_op)
    rw.inline_block_before(inner, body, exe)
    rw.replace_op(exe, [val])
    assert "execute_region" not in print_op(module)
    assert "return %c1_i32" in print_op(module)


def test_pipeline_parsing_and_nesting():
    pm = parse_pipeline("builtin.module(func.func(cse, canonicalize{max-iterations=3 "
                        "top-down=false}), symbol-dce)")
    assert pm.anchor == "builtin.module"
    nested = pm.items[0]
    assert nested.anchor == "func.func"
    assert [i.name for i in nested.items] == ["cse", "canonicalize"]
    assert nested.items[1].options["max-iterations"] == 3
    assert nested.items[1].options["top-down"] is False
    with pytest.raises(PipelineError) as e:
        parse_pipeline("builtin.module(func.func(nope))")
    assert "'nope' does not refer to a registered pass" in e.value.render()


def test_custom_pass_runs_in_pipeline_with_statistics():
    seen = []

    @register_pass("test-count-funcs", "Count funcs", statistics=[("funcs", "Functions")],
                   anchor="func.func")
    def count(op, ctx, options):
        seen.append(op.name)
        return {"funcs": 1}

    try:
        module, ctx = parse(SRC + "\nfunc.func @g() { return }")
        pm = PassManager(from_flags(["test-count-funcs"]), statistics=True)
        pm.run(module, ctx)
        assert seen == ["func.func", "func.func"]
        assert list(pm.stats.values()) == [{"funcs": 2}]
    finally:
        del PASSES["test-count-funcs"]


def test_pass_exception_is_reported_with_pass_name():
    from pyopt.ir.diagnostics import MLIRError

    @register_pass("test-boom", "Throws")
    def boom(op, ctx, options):
        raise KeyError("x")

    try:
        module, ctx = parse(SRC)
        with pytest.raises(MLIRError) as e:
            PassManager(from_flags(["test-boom"])).run(module, ctx)
        assert "internal error in pass 'test-boom'" in e.value.diag.message
    finally:
        del PASSES["test-boom"]
