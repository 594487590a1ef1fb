"""Smaller dialect-conversion test passes: value remapping, patterns without a root,
type conversion and materialization failures, a target materialization whose input has no
use yet, block merging."""
from __future__ import annotations

from pyopt.ir.types import BF16, F16, F32, F64, I32, I64, FloatType, IntegerType
from pyopt.pass_registry import register_pass
from pyopt.rewrite.conversion import FAILURE as _FAIL, ConversionConfig, ConversionTarget, \
    TypeConverter, apply_full_conversion, apply_partial_conversion
from pyopt.dialects.func.conversions import function_type_conversion_patterns
from pyopt.ir.diagnostics import MLIRError
from pyopt.dialects.test.legalizer_types import SimpleAType, TestRecursiveType
from passes.test.legalizer.common import FnConversion, FnPattern, \
    producer_rewrite, remark_ops, update_consumer


def _remap_twice(op, adaptor, rw):
    v = rw.get_remapped_value(op.operands[0])
    rw.replace_op_with_new_op(op, op.name, [v, v], op.result_types)
    return True


def _remap_value_in_region(op, adaptor, rw):
    """Moves the region's block into the parent block, then replaces the op by the remapped
    operands of the region's terminator."""
    block = op.regions[0].blocks[0]
    term = block.last
    parent = op.parent
    final = rw.split_block(parent, op)
    rw.merge_blocks(block, parent)
    rw.merge_blocks(final, parent)
    values = rw.get_remapped_values(term.operands)
    if values is None:
        return False
    rw.erase_op(term)
    rw.replace_op(op, values)
    return True


@register_pass("test-remapped-value",
               "Test public remapped value mechanism in ConversionPatternRewriter")
def test_remapped_value(top, ctx, options):
    tc = TypeConverter()
    tc.add_conversion(lambda t: t)
    tc.add_conversion(lambda t: F64 if t is F32 else None)
    patterns = [
        FnConversion("test.one_variadic_out_one_variadic_in1", _remap_twice),
        FnConversion("test.type_producer", producer_rewrite(
            lambda t: t is F32, F64, "expected single f32 operand")),
        FnConversion("test.type_consumer", update_consumer),
        FnConversion("test.remapped_value_region", _remap_value_in_region, tc),
    ]
    target = ConversionTarget(ctx)
    target.add_legal_op("builtin.module", "func.func", "test.return")
    target.add_dynamically_legal_op("test.type_producer", lambda op: op.results[0].type is F64)
    target.add_dynamically_legal_op("test.type_consumer", lambda op: op.operands[0].type is F64)
    target.add_dynamically_legal_op("test.one_variadic_out_one_variadic_in1",
                                    lambda op: len(op.operands) > 1)
    apply_full_conversion(top, target, patterns, ctx)


def _erase_test_op(op, rw):
    if not op.name.startswith("test."):
        return False
    rw.erase_op(op)
    return True


@register_pass("test-legalize-unknown-root-patterns",
               "Test public remapped value mechanism in ConversionPatternRewriter")
def test_legalize_unknown_root_patterns(top, ctx, options):
    target = ConversionTarget(ctx)
    target.add_illegal_dialect("test")
    apply_partial_conversion(top, target, [FnPattern(None, _erase_test_op)], ctx)


def _type_conversion_producer(op, adaptor, rw):
    t = op.results[0].type
    converted = rw.converter.convert_type(t) if rw.converter is not None else t
    if isinstance(t, FloatType):
        t = F64
    elif isinstance(t, IntegerType) and t.width == 16:
        t = I64
    elif isinstance(t, TestRecursiveType) and converted is not t and converted is not None:
        t = converted
    else:
        return False
    rw.replace_op_with_new_op(op, "test.type_producer", [], [t])
    return True


def _signature_conversion_undo(op, adaptor, rw):
    rw.convert_region_types(op.regions[0], rw.converter)
    return False


def _signature_conversion_no_converter(tc):
    def fn(op, adaptor, rw):
        entry = op.regions[0].blocks[0]
        conv = tc.convert_block_signature(entry)
        if conv is None:
            return False
        # (no converter: nothing may materialize the changed argument types)
        rw.modify_op_in_place(op, lambda: rw.apply_signature_conversion(entry, conv, None))
        return True
    return fn


def _consumer_forward(op, adaptor, rw):
    rw.modify_op_in_place(op, lambda: op.set_operands(list(adaptor.operands)))
    return True


def _another_producer(op, rw):
    rw.replace_op_with_new_op(op, "test.type_producer", [], op.result_types)
    return True


@register_pass("test-legalize-type-conversion",
               "Test various type conversion functionalities in DialectConversion")
def test_legalize_type_conversion(top, ctx, options):
    tc = TypeConverter()

    @tc.add_conversion
    def floats(t):
        if t is F64:
            return t
        if t in (BF16, F16, F32):
            return F64
        return None if isinstance(t, IntegerType) else _FAIL

    tc.add_conversion(lambda t: [] if isinstance(t, IntegerType) else None)

    @tc.add_conversion
    def recursive(t, conv):
        """A recursive type becomes one named outer_converted_type whose body is its body
        converted; a reference back to a type being converted becomes !test.smpla."""
        if not isinstance(t, TestRecursiveType):
            return None
        if t.name == "outer_converted_type":
            return t
        if any(x is t for x in conv.call_stack[:-1]):
            return SimpleAType()
        result = TestRecursiveType("outer_converted_type")
        body = conv.convert_type(t.body) if t.body is not None else None
        if body is None or not result.set_body(body):
            return _FAIL
        return result

    @tc.add_source_materialization
    def source(b, t, inputs, loc):
        if t is not F16 and len(inputs) == 1 and inputs[0].type is F64:
            return b.create("test.cast", inputs, [t], loc=loc).results[0]
        if t in (I32, I64) and not inputs:
            return b.create("test.type_producer", [], [t], loc=loc).results[0]
        if isinstance(t, IntegerType) and len(inputs) == 1 and \
                isinstance(inputs[0].type, IntegerType):
            return b.create("test.cast", inputs, [t], loc=loc).results[0]
        return None

    target = ConversionTarget(ctx)
    target.add_dynamically_legal_op("test.type_producer", lambda op: op.results[0].type in (
        F64, I64) or isinstance(op.results[0].type, TestRecursiveType) and
        op.results[0].type.name == "outer_converted_type")
    target.add_dynamically_legal_op("func.func", lambda op: tc.is_signature_legal(
        op.get_attr("function_type").value) and tc.is_legal(
        [a.type for b in op.regions[0].blocks for a in b.args]))
    target.add_dynamically_legal_op("test.cast", lambda op: bool(op.operands) and
                                    op.operands[0].type is F64 and op.results[0].type is F32)
    target.add_dynamically_legal_op("test.signature_conversion_no_converter", lambda op:
                                    tc.is_legal([a.type for a in op.regions[0].blocks[0].args]))
    patterns = [
        FnConversion("test.type_consumer", _consumer_forward, tc),
        FnConversion("test.type_producer", _type_conversion_producer, tc),
        FnConversion("test.signature_conversion_undo", _signature_conversion_undo, tc),
        FnConversion("test.signature_conversion_no_converter",
                     _signature_conversion_no_converter(tc), tc),
        FnPattern("test.another_type_producer", _another_producer),
    ] + function_type_conversion_patterns(tc, forwarding_ops=())
    apply_partial_conversion(top, target, patterns, ctx)


@register_pass("test-target-materialization-with-no-uses",
               "Test a special case of target materialization in DialectConversion")
def test_target_materialization_with_no_uses(top, ctx, options):
    tc = TypeConverter()
    tc.add_conversion(lambda t: t)
    tc.add_conversion(lambda t: (I64 if t.width == 16 else t)
                      if isinstance(t, IntegerType) else None)
    tc.add_target_materialization(
        lambda b, t, inputs, loc: b.create("test.cast", inputs, [t], loc=loc).results[0])
    target = ConversionTarget(ctx)
    target.add_illegal_op("test.type_changer")
    patterns = [FnConversion("test.type_changer",
                      lambda op, adaptor, rw: rw.replace_op(op, list(adaptor.operands)) or True,
                      tc)]
    apply_partial_conversion(top, target, patterns, ctx)


def _merge_blocks(illegal):
    def fn(op, adaptor, rw):
        blocks = op.regions[0].blocks
        first, second = blocks[0], blocks[1]
        branch = first.last
        if illegal:
            rw.set_insertion_point_to_start(second)
            rw.create("test.illegal_op_f", [], [F32], loc=op.loc)
        values = list(branch.operands)
        rw.erase_op(branch)
        rw.merge_blocks(second, first, values)
        rw.modify_op_in_place(op)
        return True
    return fn


def _inside(op, name):
    p = op.parent_op
    while p is not None:
        if p.name == name:
            return p
        p = p.parent_op
    return None


def _merge_single_block_ops(op, adaptor, rw):
    if _inside(op, op.name) is None:
        return False
    inner = op.regions[0].blocks[0]
    term = inner.last
    rw.inline_block_before(inner, op.parent, op)
    rw.erase_op(term)
    rw.erase_op(op)
    return True


@register_pass("test-merge-blocks", "Test Merging operation in ConversionPatternRewriter")
def test_merge_blocks(top, ctx, options):
    patterns = [FnConversion("test.merge_blocks", _merge_blocks(False)),
                FnConversion("test.undo_blocks_merge", _merge_blocks(True)),
                FnConversion("test.SingleBlockImplicitTerminator", _merge_single_block_ops)]
    target = ConversionTarget(ctx)
    target.add_legal_op("func.func", "builtin.module", "test.finish", "test.br",
                        "test.type_consumer", "test.type_producer", "test.return")
    target.add_illegal_op("test.illegal_op_f")
    target.add_dynamically_legal_op("test.merge_blocks", lambda op: len(op.regions[0].blocks)
                                    == 1)
    target.add_dynamically_legal_op("test.br", lambda op: _inside(op, "test.merge_blocks")
                                    is not None)
    target.add_dynamically_legal_op("test.SingleBlockImplicitTerminator", lambda op: _inside(
        op, "test.SingleBlockImplicitTerminator") is None)
    config = ConversionConfig()
    config.unlegalized_ops = set()
    try:
        apply_partial_conversion(top, target, patterns, ctx, config)
    except MLIRError:
        pass
    remark_ops(ctx, config.unlegalized_ops, "is not legalizable")
