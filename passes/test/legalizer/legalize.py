"""-test-legalize-patterns: pattern depth and benefit, rollback of every kind of IR change,
1:N / 1:0 / 1:1 block argument conversion with materializations, folding, bounded recursion;
in the partial, full or analysis mode -test-legalize-mode selects (a tool-level option, as in
mlir-opt)."""
from __future__ import annotations

from pyopt.ir.attributes import IntegerAttr, StringAttr, UnitAttr
from pyopt.ir.core import Block
from pyopt.ir.types import BF16, F16, F32, F64, I32, I64, IntegerType
from pyopt.pass_registry import PassOption, global_option, register_global_option, register_pass
from pyopt.rewrite.conversion import ConversionConfig, ConversionTarget, TypeConverter, \
    apply_analysis_conversion, apply_full_conversion, apply_partial_conversion
from pyopt.dialects.func.conversions import function_type_conversion_patterns
from pyopt.rewrite.conversion.rewriter import CAST
from pyopt.rewrite.matchers import defining
from pyopt.ir.diagnostics import MLIRError
from passes.test.legalizer.common import DumpNotifications, FnConversion, \
    FnPattern, producer_rewrite, remark_ops, report_failure, update_consumer


register_global_option(PassOption("test-legalize-mode", ("analysis", "full", "partial"),
                                  "partial", "The legalization mode to use with the test "
                                  "driver"))


def _replace_with(op_name, status=None):
    """op -> `op_name` with op's result types (and a `status` property)."""
    def fn(op, rw):
        props = {"status": StringAttr(status)} if status else None
        rw.replace_op_with_new_op(op, op_name, [], op.result_types, properties=props)
        return True
    return fn


def _generated_patterns():
    """The declarative patterns of upstream's test dialect: the shorter route to a legal op
    must win, and of equally long routes the one with the higher benefit."""
    return [
        FnPattern("test.illegal_op_a", _replace_with("test.legal_op_a", "Success")),
        FnPattern("test.illegal_op_a", _replace_with("test.illegal_op_b")),
        FnPattern("test.illegal_op_b", _replace_with("test.legal_op_a", "Failure")),
        FnPattern("test.illegal_op_c", _replace_with("test.illegal_op_d")),
        FnPattern("test.illegal_op_d", _replace_with("test.legal_op_a", "Failure")),
        FnPattern("test.illegal_op_c", _replace_with("test.illegal_op_e"), benefit=11),
        FnPattern("test.illegal_op_e", _replace_with("test.legal_op_a", "Success")),
        FnPattern("test.rewrite", lambda op, rw: rw.replace_op(op, [op.operands[0]]) or True),
        FnPattern("test.one_variadic_out_one_variadic_in1", _replace_variadic),
    ]


def _replace_variadic(op, rw):
    rw.replace_op_with_new_op(op, "test.one_variadic_out_one_variadic_in2", op.operands,
                              op.result_types)
    return True


def _inline_region(op, adaptor, rw):
    """test.region: its region moves (or a clone of it goes) to the end of the parent region."""
    parent = op.parent.parent
    region = op.regions[0]
    if op.get_attr("legalizer.should_clone") is not None:
        rw.clone_region_before(region, parent)
    else:
        rw.inline_region_before(region, parent)
    if op.get_attr("legalizer.erase_old_blocks") is not None:
        while region.blocks:
            rw.erase_block(region.blocks[0])
    rw.erase_op(op)
    return True


def _region_builder(op, rw):
    """Builds a test.region holding an explicitly illegal op: this pattern must fail."""
    new = rw.create("test.region", regions=1, loc=op.loc)
    rw.create_block(new.regions[0], [I64])
    rw.create("test.illegal_op_f", [], [I32], loc=op.loc)
    rw.create("test.valid", loc=op.loc)
    rw.erase_op(op)
    return True


def _create_block(illegal):
    def fn(op, rw):
        region = op.parent.parent
        rw.create_block(region, [I32, I32], [op.loc, op.loc])
        if illegal:
            rw.create("test.illegal_op_f", [], [I32], loc=op.loc)
        rw.create("test.finish", loc=op.loc)
        rw.erase_op(op)
        return True
    return fn


def _undo_block_arg_replace(op, adaptor, rw):
    bad = rw.create("test.illegal_op_f", [], [F32], loc=op.loc)
    rw.replace_uses_of_block_argument(op.regions[0].blocks[0].args[0], bad.results[0])
    rw.modify_op_in_place(op)
    return True


def _undo_move_op_before(op, adaptor, rw):
    rw.move_op_before(op, op.parent_op)
    rw.replace_op_with_new_op(op, "test.illegal_op_f", [], [F32])
    return True


def _undo_block_erase(op, adaptor, rw):
    second = op.regions[0].blocks[1]
    rw.set_insertion_point_to_start(second)
    rw.create("test.illegal_op_f", [], [F32], loc=op.loc)
    rw.erase_block(second)
    rw.modify_op_in_place(op)
    return True


def _undo_properties_change(op, adaptor, rw):
    if op.get_attr("modify_inplace") is None:
        return False
    rw.modify_op_in_place(op, lambda: op.properties.__setitem__("a", IntegerAttr(42, I64)))
    return True


def _drop_region_op(op, adaptor, rw):
    """Converts the region's entry signature, then drops the op."""
    tc = rw.converter
    region = op.regions[0]
    conv = tc.convert_block_signature(region.blocks[0])
    if conv is None or rw.convert_region_types(region, tc, conv) is None:
        return False
    rw.erase_op(op)
    return True


def _passthrough_invalid(op, adaptor, rw):
    rw.replace_op_with_new_op(op, "test.valid", list(adaptor.operands), [])
    return True


def _split_return(op, adaptor, rw):
    """A test.return of one f32 whose converted operand is a cast of (f16, f16) returns those."""
    if len(op.operands) != 1 or op.operands[0].type is not F32:
        return False
    d = defining(adaptor.operands[0], CAST)
    if d is None:
        return False
    rw.replace_op_with_new_op(op, "test.return", list(d.operands), [])
    return True


def _replace_non_root(op, rw):
    t = op.results[0].type
    bad = rw.create("test.illegal_op_f", [], [t], loc=op.loc)
    good = rw.create("test.legal_op_b", [], [t], loc=op.loc)
    rw.replace_op(bad, good)
    rw.replace_op(op, bad)
    return True


def _bounded_recursion(op, rw):
    depth = op.get_attr("depth").value
    rw.modify_op_in_place(op, lambda: op.properties.__setitem__(
        "depth", IntegerAttr(depth - 1, I64)))
    return True


def _illegal_with_region(op, rw):
    """Replaced by an op whose region's terminator is built before the op itself."""
    from pyopt.ir.core import Operation, Region
    term = Operation("test.illegal_op_terminator", rw.ctx.ops.get("test.illegal_op_terminator"),
                     [], [], {}, {}, (), (), op.loc)
    body = Block()
    body.append(term)
    new = rw.create("test.illegal_op_with_region", regions=[Region([body])], loc=op.loc)
    rw.replace_op(op, new)
    return True


def _blackhole(op, rw):
    producer = op.operands[0].defining_op()
    rw.erase_op(op)
    rw.erase_op(producer)
    return True


def _create_unregistered(op, rw):
    c = rw.create("arith.constant", [], [I32], properties={"value": IntegerAttr(0, I32)},
                  loc=op.loc)
    rw.replace_op_with_new_op(op, "test.legal_op_c", [c.results[0]], [I32])
    return True


def _test_type_converter():
    tc = TypeConverter()

    @tc.add_conversion
    def convert(t):
        if isinstance(t, IntegerType) and t.signedness == 0 and t.width == 16:
            return []
        if t is I64:
            return F64
        if isinstance(t, IntegerType) and t.width == 42:
            return IntegerType(43, t.signedness)
        if t is F32:
            return [F16, F16]
        return t

    def cast(b, t, inputs, loc):
        return b.create("test.cast", inputs, [t], loc=loc).results[0]
    tc.add_argument_materialization(cast)
    tc.add_source_materialization(cast)
    return tc


def _legalize_patterns(tc):
    plain = [
        FnConversion("test.region", _inline_region),
        FnPattern("test.region_builder", _region_builder),
        FnPattern("test.create_block", _create_block(False)),
        FnPattern("test.create_illegal_block", _create_block(True)),
        FnConversion("test.undo_block_arg_replace", _undo_block_arg_replace),
        FnConversion("test.undo_block_erase", _undo_block_erase),
        FnConversion("test.invalid", _passthrough_invalid),
        FnConversion("test.return", _split_return),
        FnConversion("test.type_producer", producer_rewrite(lambda t: t is I32, F32)),
        FnConversion("test.type_producer", producer_rewrite(
            lambda t: t is F32, F64, "expected single f32 operand")),
        FnConversion("test.type_producer", producer_rewrite(None, BF16), benefit=10),
        FnConversion("test.type_consumer", update_consumer),
        FnPattern("test.replace_non_root", _replace_non_root),
        FnPattern("test.recursive_rewrite", _bounded_recursion, bounded=True),
        FnPattern("test.illegal_op_with_region_anchor", _illegal_with_region),
        FnPattern("test.blackhole", _blackhole),
        FnPattern("test.illegal_op_g", _create_unregistered),
        FnConversion("test.hoist_me", _undo_move_op_before),
        FnConversion("test.with_properties", _undo_properties_change),
        FnConversion("test.drop_region_op", _drop_region_op, tc),
    ]
    return _generated_patterns() + plain + function_type_conversion_patterns(
        tc, forwarding_ops=("func.call",))


@register_pass("test-legalize-patterns", "Run test dialect legalization patterns")
def test_legalize_patterns(top, ctx, options):
    tc = _test_type_converter()
    patterns = _legalize_patterns(tc)
    target = ConversionTarget(ctx)
    target.add_legal_op("builtin.module", "test.legal_op_a", "test.legal_op_b", "test.legal_op_c",
                        "test.cast", "test.valid", "test.finish", "test.one_region_op")
    target.add_illegal_op("test.illegal_op_f", "test.region_builder", "test.op_with_region_fold")
    target.add_dynamically_legal_op("test.return", lambda op: all(
        v.type is not F32 for v in op.operands))
    target.add_dynamically_legal_op("func.func", lambda op: tc.is_signature_legal(
        op.get_attr("function_type").value) and tc.is_legal(
        [a.type for b in op.regions[0].blocks for a in b.args]))
    target.add_dynamically_legal_op("func.call", tc.is_legal)
    target.add_dynamically_legal_op("test.illegal_op_g", lambda op: False)
    target.add_dynamically_legal_op("test.type_producer", lambda op: op.results[0].type is F64)
    target.add_dynamically_legal_op("test.type_consumer", lambda op: op.operands[0].type is F64)
    target.mark_op_recursively_legal(["func.func", "builtin.module"], lambda op: isinstance(
        op.get_attr("test.recursively_legal"), UnitAttr))
    target.add_dynamically_legal_op("test.recursive_rewrite",
                                    lambda op: op.get_attr("depth").value == 0)
    target.add_dynamically_legal_op("test.op_in_place_self_fold",
                                    lambda op: op.get_attr("folded") is not None)
    mode = global_option("test-legalize-mode")
    config = ConversionConfig(include_root=True)
    if mode == "partial":
        config.unlegalized_ops = set()
        config.listener = DumpNotifications(ctx)
        try:
            apply_partial_conversion(top, target, patterns, ctx, config)
        except MLIRError as err:
            report_failure(ctx, err, top, "applyPartialConversion")
        remark_ops(ctx, config.unlegalized_ops, "is not legalizable")
        return
    if mode == "full":
        target.mark_unknown_op_dynamically_legal(
            lambda op: isinstance(op.get_attr("test.dynamically_legal"), UnitAttr))
        config.listener = DumpNotifications(ctx)
        try:
            apply_full_conversion(top, target, patterns, ctx, config)
        except MLIRError as err:
            report_failure(ctx, err, top, "applyFullConversion")
        return
    legal = apply_analysis_conversion(top, target, patterns, ctx, config)
    remark_ops(ctx, legal, "is legalizable")
