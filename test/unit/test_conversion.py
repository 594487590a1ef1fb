"""The dialect conversion API: legality, type conversion and materializations, adaptors,
rollback of failed patterns, partial / full / analysis conversion."""
from __future__ import annotations

import pytest

from pyopt.dialects import make_context
from pyopt.ir.location import SourceBuffer
from pyopt.ir.types import IntegerType, INDEX, RankedTensorType, TupleType
from pyopt.rewrite.conversion import (ConversionTarget, ConversionPattern, FAILURE,
                                      OpConversionPattern, TypeConverter,
                                      apply_analysis_conversion, apply_full_conversion,
                                      apply_partial_conversion, conversion_pattern,
                                      unrealized_cast_materialization)
from pyopt.ir.diagnostics import MLIRError
from pyopt.syntax.printer import print_op
from pyopt.tool import parse_module

I32, I64 = IntegerType(32), IntegerType(64)


def parse(text, unregistered=True):
    ctx = make_context(unregistered)
    module, _ = parse_module(SourceBuffer("t", text), ctx)
    return module, ctx


SRC = """func.func @f(%a: i32, %b: i32) -> i32 {
  %0 = arith.addi %a, %b : i32
  %1 = arith.muli %0, %0 : i32
  return %1 : i32
}"""


# -- legality -----------------------------------------------------------------------------------
def test_target_precedence_op_over_dialect_over_unknown():
    module, ctx = parse(SRC)
    ops = {o.name: o for o in module.walk_ops()}
    t = ConversionTarget(ctx)
    assert t.is_legal(ops["arith.addi"]) is None  # unknown
    t.add_illegal_dialect("arith")
    t.add_legal_op("arith.muli")
    t.add_dynamically_legal_op("func.return", lambda op: len(op.operands) == 0)
    t.mark_unknown_op_dynamically_legal(lambda op: True)
    assert t.is_legal(ops["arith.addi"]) is False
    assert t.is_legal(ops["arith.muli"]) is True
    assert t.is_legal(ops["func.return"]) is False
    assert t.is_legal(ops["func.func"]) is True  # via the unknown-op callback
    # a dynamic callback returning None defers to the dialect action
    t.add_dynamically_legal_op("arith.addi", lambda op: None)
    assert t.is_legal(ops["arith.addi"]) is False


def test_partial_conversion_leaves_unknown_ops_and_fails_on_illegal():
    module, ctx = parse(SRC)
    t = ConversionTarget(ctx)
    t.add_illegal_op("arith.muli")
    before = print_op(module)
    with pytest.raises(MLIRError) as e:
        apply_partial_conversion(module, t, [], ctx)
    assert e.value.diag.message == ("failed to legalize operation 'arith.muli' that was "
                                    "explicitly marked illegal")
    assert print_op(module) == before


def test_full_conversion_requires_every_op_legal():
    module, ctx = parse(SRC)
    t = ConversionTarget(ctx)
    t.add_legal_dialect("func")
    t.add_legal_op("arith.addi", "builtin.module")
    with pytest.raises(MLIRError) as e:
        apply_full_conversion(module, t, [], ctx)
    assert e.value.diag.message == "failed to legalize operation 'arith.muli'"


def muli_to_shli_pattern():
    @conversion_pattern("arith.muli")
    def lower(op, adaptor, rw):
        rw.replace_op_with_new_op(op, "arith.addi", [adaptor[0], adaptor[1]], [I32])
        return True
    return lower


def test_analysis_conversion_reports_legalizable_ops_without_changing_ir():
    module, ctx = parse(SRC)
    t = ConversionTarget(ctx)
    t.add_illegal_op("arith.muli")
    t.add_legal_op("arith.addi")
    before = print_op(module)
    ops = apply_analysis_conversion(module, t, [muli_to_shli_pattern()], ctx)
    assert print_op(module) == before
    assert {o.name for o in ops} >= {"arith.muli", "arith.addi"}


# -- rollback -----------------------------------------------------------------------------------
class HalfwayFailure(OpConversionPattern):
    """Creates ops, modifies IR, then gives up: all of it must be undone."""
    root = "arith.muli"
    benefit = 2

    def match_and_rewrite(self, op, adaptor, rw):
        rw.create("arith.constant", [], [I32],
                  properties={"value": __import__("pyopt.ir.attributes", fromlist=["x"])
                              .IntegerAttr(I32, 7)})
        rw.modify_op_in_place(op, lambda: op.set_operands([adaptor[1], adaptor[1]]))
        blk = op.parent
        rw.split_block(blk, op)
        rw.replace_op_with_new_op(op, "arith.subi", [adaptor[0], adaptor[1]], [I32])
        return rw.notify_match_failure(op, "changed my mind")


def test_failed_pattern_is_rolled_back_and_next_pattern_applies():
    module, ctx = parse(SRC)
    t = ConversionTarget(ctx)
    t.add_illegal_op("arith.muli")
    t.add_legal_dialect("arith", "func")
    t.add_illegal_op("arith.muli")
    p = muli_to_shli_pattern()
    apply_partial_conversion(module, t, [HalfwayFailure(), p], ctx)
    text = print_op(module)
    assert "arith.constant" not in text and "arith.subi" not in text
    assert text.count("^bb") == 0
    assert "%1 = arith.addi %0, %0 : i32" in text


def test_created_op_that_cannot_be_legalized_fails_the_pattern():
    module, ctx = parse(SRC)
    t = ConversionTarget(ctx)
    t.add_legal_dialect("func")
    t.add_legal_op("arith.addi")
    t.add_illegal_op("arith.muli", "arith.subi")

    @conversion_pattern("arith.muli")
    def to_subi(op, adaptor, rw):  # produces another illegal op with no pattern
        rw.replace_op_with_new_op(op, "arith.subi", list(adaptor), [I32])
        return True
    before = print_op(module)
    with pytest.raises(MLIRError):
        apply_partial_conversion(module, t, [to_subi], ctx)
    assert print_op(module) == before


def test_created_ops_are_legalized_recursively():
    module, ctx = parse(SRC)
    t = ConversionTarget(ctx)
    t.add_legal_dialect("func")
    t.add_legal_op("arith.addi")
    t.add_illegal_op("arith.muli", "arith.subi")

    @conversion_pattern("arith.muli")
    def to_subi(op, adaptor, rw):
        rw.replace_op_with_new_op(op, "arith.subi", list(adaptor), [I32])
        return True

    @conversion_pattern("arith.subi")
    def to_addi(op, adaptor, rw):
        rw.replace_op_with_new_op(op, "arith.addi", list(adaptor), [I32])
        return True
    apply_partial_conversion(module, t, [to_subi, to_addi], ctx)
    assert "%1 = arith.addi %0, %0 : i32" in print_op(module)


# -- type conversion ----------------------------------------------------------------------------
def test_type_converter_order_cache_and_failure():
    tc = TypeConverter()
    calls = []
    tc.add_conversion(lambda t: (calls.append(t), t)[1])
    tc.add_conversion(lambda t: I64 if t is I32 else None)
    tc.add_conversion(lambda t: FAILURE if t is INDEX else None)
    assert tc.convert_type(I32) is I64
    assert tc.convert_type(INDEX) is None
    assert tc.convert_type(I64) is I64
    tc.convert_type(I64)
    assert calls == [I64]  # cached
    assert tc.is_legal(I64) and not tc.is_legal(I32)


def test_one_to_n_and_recursive_types():
    tc = TypeConverter()
    tc.add_conversion(lambda t: t)

    def flatten(t, conv):
        if type(t) is not TupleType:
            return None
        out = []
        for e in t.types:
            r = conv.convert_type_1n(e)
            if r is None:
                return FAILURE
            out.extend(r)
        return out
    tc.add_conversion(flatten)
    nested = TupleType([I32, TupleType([I64, INDEX])])
    assert tc.convert_type_1n(nested) == [I32, I64, INDEX]
    assert tc.convert_type(nested) is None  # not 1:1
    assert tc.convert_type_1n(TupleType([])) == []
    conv = tc.convert_signature_args([I32, nested])
    assert conv.converted_types == [I32, I32, I64, INDEX]
    assert conv.get_input_mapping(1) == (1, 3)


def widen_converter():
    tc = TypeConverter()
    tc.add_conversion(lambda t: t)
    tc.add_conversion(lambda t: I64 if t is I32 else None)
    tc.add_source_materialization(unrealized_cast_materialization)
    tc.add_target_materialization(unrealized_cast_materialization)
    return tc


def test_adaptor_and_source_materialization_for_unconverted_users():
    module, ctx = parse("""func.func @f(%a: i32, %b: i32) -> i32 {
  %0 = arith.addi %a, %b : i32
  "test.use"(%0) : (i32) -> ()
  return %0 : i32
}""")
    tc = widen_converter()
    seen = []

    class Widen(OpConversionPattern):
        root = "arith.addi"

        def match_and_rewrite(self, op, adaptor, rw):
            seen.append([v.type for v in adaptor.operands] + [adaptor.lhs.type])
            rw.replace_op_with_new_op(op, "arith.addi", [adaptor.lhs, adaptor.rhs], [I64])
            return True
    t = ConversionTarget(ctx)
    t.add_dynamically_legal_op("arith.addi", tc.is_legal)
    apply_partial_conversion(module, t, [Widen(tc)], ctx)
    assert seen == [[I64, I64, I64]]  # operands converted by target materializations
    text = print_op(module)
    # target casts are inserted at the start of the block (after the def for op results)
    assert "%0 = builtin.unrealized_conversion_cast %arg1 : i32 to i64" in text
    assert "%1 = builtin.unrealized_conversion_cast %arg0 : i32 to i64" in text
    assert "%2 = arith.addi %1, %0 : i64" in text
    assert "%3 = builtin.unrealized_conversion_cast %2 : i64 to i32" in text  # live users
    assert "\"test.use\"(%3)" in text and "return %3 : i32" in text


def test_missing_materialization_is_an_error():
    module, ctx = parse("""func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}""")
    tc = TypeConverter()
    tc.add_conversion(lambda t: t)
    tc.add_conversion(lambda t: I64 if t is I32 else None)
    tc.add_target_materialization(unrealized_cast_materialization)  # but no source one

    @conversion_pattern("arith.addi", type_converter=tc)
    def widen(op, adaptor, rw):
        rw.replace_op_with_new_op(op, "arith.addi", list(adaptor), [I64])
        return True
    t = ConversionTarget(ctx)
    t.add_dynamically_legal_op("arith.addi", tc.is_legal)
    with pytest.raises(MLIRError) as e:
        apply_partial_conversion(module, t, [widen], ctx)
    assert "failed to materialize conversion for result #0 of operation 'arith.addi' that " \
           "remained live after conversion" in e.value.diag.message
    assert e.value.diag.notes and "see existing live user here" in e.value.diag.notes[0].message


def test_signature_conversion_of_blocks_with_argument_materialization():
    module, ctx = parse("""func.func @f(%a: i32) -> i32 {
  "test.use"(%a) : (i32) -> ()
  return %a : i32
}""")
    tc = widen_converter()
    from pyopt.ir.attributes import TypeAttr

    class Sig(OpConversionPattern):
        root = "func.func"

        def match_and_rewrite(self, op, adaptor, rw):
            conv, ft = self.type_converter.convert_function_type(
                op.get_attr("function_type").value)
            rw.convert_region_types(op.regions[0], self.type_converter, conv)
            rw.modify_op_in_place(op, lambda: op.properties.__setitem__("function_type",
                                                                          TypeAttr(ft)))
            return True
    t = ConversionTarget(ctx)
    t.add_dynamically_legal_op("func.func", tc.is_function_legal)
    apply_partial_conversion(module, t, [Sig(tc)], ctx)
    text = print_op(module)
    assert "func.func @f(%arg0: i64) -> i64" in text
    assert "%0 = builtin.unrealized_conversion_cast %arg0 : i64 to i32" in text
    assert "\"test.use\"(%0)" in text


def test_full_conversion_with_tensor_types_round_trips_printing():
    module, ctx = parse(SRC)
    t = ConversionTarget(ctx)
    t.add_legal_dialect("arith", "func", "builtin")
    apply_full_conversion(module, t, [], ctx)  # everything legal: nothing changes
    assert "arith.muli %0, %0 : i32" in print_op(module)
    assert RankedTensorType([2], I32)  # (types used by the poly example are constructible)


def test_pattern_class_without_converter_gets_unconverted_operands():
    module, ctx = parse(SRC)
    got = []

    class Look(ConversionPattern):
        root = "arith.muli"

        def match_and_rewrite(self, op, adaptor, rw):
            got.append(adaptor.operands == op.operands)
            rw.erase_op(op)
            return True
    t = ConversionTarget(ctx)
    t.add_illegal_op("arith.muli")
    with pytest.raises(MLIRError) as e:  # erased, but its result is still used by return
        apply_partial_conversion(module, t, [Look()], ctx)
    assert got == [True]
    assert e.value.diag.message == "failed to legalize operation 'arith.muli' marked as erased"


def test_function_type_conversion_patterns_follow_values_across_blocks_and_calls():
    from pyopt.rewrite.conversion.func_conversions import function_type_conversion_patterns
    module, ctx = parse("""func.func @g(%x: i32) -> i32 {
  return %x : i32
}
func.func @f(%a: i32, %c: i1) -> i32 {
  cf.cond_br %c, ^bb1(%a : i32), ^bb2(%a : i32)
^bb1(%x: i32):
  %y = arith.addi %x, %x : i32
  cf.br ^bb2(%y : i32)
^bb2(%z: i32):
  %r = func.call @g(%z) : (i32) -> i32
  return %r : i32
}""", unregistered=False)
    tc = widen_converter()

    @conversion_pattern("arith.addi", type_converter=tc)
    def widen(op, adaptor, rw):
        rw.replace_op_with_new_op(op, "arith.addi", list(adaptor), [I64])
        return True
    t = ConversionTarget(ctx)
    t.add_dynamically_legal_op("func.func", tc.is_function_legal)
    t.add_dynamically_legal_op(["arith.addi", "func.return", "func.call", "cf.br", "cf.cond_br"],
                               tc.is_legal)
    apply_partial_conversion(module, t, [widen] + function_type_conversion_patterns(tc), ctx)
    text = print_op(module)
    assert "i32" not in text.replace("i1", ""), text  # nothing of the old type is left
    assert "func.func @f(%arg0: i64, %arg1: i1) -> i64" in text
    assert "cf.cond_br %arg1, ^bb1(%arg0 : i64), ^bb2(%arg0 : i64)" in text
    assert "^bb1(%0: i64):" in text and "%3 = call @g(%2) : (i64) -> i64" in text
