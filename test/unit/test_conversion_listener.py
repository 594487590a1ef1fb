"""Dialect conversion: what a listener is told at commit, blocks moved into another op, region
cloning, value remapping and argument casts without a converter."""
from __future__ import annotations

import pytest

from pyopt.dialects import make_context
from pyopt.ir.location import SourceBuffer
from pyopt.ir.types import F32, F64
from pyopt.rewrite.conversion import (ConversionConfig, ConversionPattern, ConversionTarget,
                                      TypeConverter, apply_partial_conversion)
from pyopt.ir.diagnostics import MLIRError
from pyopt.syntax.printer import print_op
from pyopt.tool import parse_module


def parse(text):
    ctx = make_context(True)
    module, _ = parse_module(SourceBuffer("t", text), ctx)
    return module, ctx


class Log:
    def __init__(self):
        self.lines = []

    def notify_op_inserted(self, op, previous):
        self.lines.append(f"inserted {op.name}" + (f" ({previous})" if previous else ""))

    def notify_op_replaced(self, op, values):
        self.lines.append(f"replaced {op.name}")

    def notify_op_modified(self, op):
        self.lines.append(f"modified {op.name}")

    def notify_op_erased(self, op):
        self.lines.append(f"erased {op.name}")


def pattern(root, fn, tc=None):
    return ConversionPattern(tc, root, 1, fn)


def test_listener_hears_only_the_kept_changes_in_order():
    module, ctx = parse('func.func @f() {\n  %0 = "x.a"() : () -> i32\n'
                        '  "x.use"(%0) : (i32) -> ()\n  return\n}')

    def via_b(op, adaptor, rw):  # leads to an illegal op: rolled back, never reported
        rw.replace_op_with_new_op(op, "x.bad", [], op.result_types)
        return True

    def to_c(op, adaptor, rw):
        rw.replace_op_with_new_op(op, "x.c", [], op.result_types)
        return True
    t = ConversionTarget(ctx)
    t.add_illegal_op("x.a", "x.bad")
    t.add_legal_op("x.c")
    pats = [ConversionPattern(None, "x.a", 2, via_b), pattern("x.a", to_c)]
    config = ConversionConfig()
    config.listener = log = Log()
    apply_partial_conversion(module, t, pats, ctx, config)
    assert log.lines == ["inserted x.c", "replaced x.a", "modified x.use", "erased x.a"]


def test_failed_conversion_reports_nothing():
    module, ctx = parse('func.func @f() {\n  "x.a"() : () -> ()\n  return\n}')
    t = ConversionTarget(ctx)
    t.add_illegal_op("x.a")
    config = ConversionConfig()
    config.listener = log = Log()
    with pytest.raises(MLIRError):
        apply_partial_conversion(module, t, [], ctx, config)
    assert log.lines == []


def _f64_converter():
    tc = TypeConverter()
    tc.add_conversion(lambda t: t)
    tc.add_conversion(lambda t: F64 if t is F32 else None)
    return tc


def test_block_moved_into_function_makes_it_convert_its_new_block():
    # The function is legal until the pattern moves an f32-argument block into its body.
    module, ctx = parse('func.func @f() {\n  "x.region"() ({\n  ^bb0(%a: f32):\n'
                        '    "x.use"(%a) : (f32) -> ()\n  }) : () -> ()\n  return\n}')
    tc = _f64_converter()
    tc.add_source_materialization(lambda b, t, ins, loc: b.create(
        "x.back", ins, [t], loc=loc).results[0])

    def inline(op, adaptor, rw):
        rw.inline_region_before(op.regions[0], op.parent.parent)
        rw.erase_op(op)
        return True

    def signature(op, adaptor, rw):
        return rw.convert_region_types(op.regions[0], tc) is not None and \
            (rw.modify_op_in_place(op) or True)
    t = ConversionTarget(ctx)
    t.add_illegal_op("x.region")
    t.add_dynamically_legal_op("func.func", lambda op: all(
        tc.is_legal(a.type) for b in op.regions[0].blocks for a in b.args))
    apply_partial_conversion(module, t, [pattern("x.region", inline),
                                         pattern("func.func", signature, tc)], ctx)
    text = print_op(module)
    assert "^bb1(%0: f64):" in text and '"x.back"(%0) : (f64) -> f32' in text
    assert "x.region" not in text


def test_cloned_region_is_legalized_and_undone_on_failure():
    module, ctx = parse('func.func @f() {\n  "x.region"() ({\n    "x.bad"() : () -> ()\n'
                        '  }) : () -> ()\n  return\n}')
    before = print_op(module)

    def clone(op, adaptor, rw):
        rw.clone_region_before(op.regions[0], op.parent.parent)
        rw.erase_op(op)
        return True
    t = ConversionTarget(ctx)
    t.add_illegal_op("x.region", "x.bad")
    with pytest.raises(MLIRError) as e:
        apply_partial_conversion(module, t, [pattern("x.region", clone)], ctx)
    assert "x.region" in e.value.diag.message
    assert print_op(module) == before


def test_get_remapped_value_casts_to_the_converted_type():
    module, ctx = parse('func.func @f() {\n  %0 = "x.make"() : () -> f32\n'
                        '  "x.use"(%0) : (f32) -> ()\n  return\n}')
    tc = _f64_converter()
    tc.add_target_materialization(lambda b, t, ins, loc: b.create(
        "x.cast", ins, [t], loc=loc).results[0])
    seen = []

    def use(op, adaptor, rw):
        v = rw.get_remapped_value(op.operands[0])
        seen.append(v.type)
        rw.replace_op_with_new_op(op, "x.use2", [v], [])
        return True
    t = ConversionTarget(ctx)
    t.add_illegal_op("x.use")
    t.add_legal_op("x.use2", "x.cast")  # (an op a pattern creates must be legalizable)
    apply_partial_conversion(module, t, [pattern("x.use", use, tc)], ctx)
    assert seen == [F64]
    assert '"x.cast"(%0) : (f32) -> f64' in print_op(module)


def test_argument_cast_without_converter_must_die():
    module, ctx = parse('func.func @f() {\n  "x.region"() ({\n  ^bb0(%a: f32):\n'
                        '    "x.use"(%a) : (f32) -> ()\n  }) : () -> ()\n  return\n}')
    tc = _f64_converter()

    def convert(op, adaptor, rw):
        block = op.regions[0].blocks[0]
        rw.modify_op_in_place(op, lambda: rw.apply_signature_conversion(
            block, tc.convert_block_signature(block), None))
        return True
    t = ConversionTarget(ctx)
    t.add_dynamically_legal_op("x.region", lambda op: op.regions[0].blocks[0].args[0].type
                               is F64)
    with pytest.raises(MLIRError) as e:
        apply_partial_conversion(module, t, [pattern("x.region", convert)], ctx)
    assert e.value.diag.message == ("failed to legalize unresolved materialization from "
                                    "('f64') to 'f32' that remained live after conversion")
