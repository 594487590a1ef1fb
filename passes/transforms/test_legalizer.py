"""Test passes of the dialect conversion framework (mlir-opt's -test-legalize-patterns and
friends). They drive pyopt.rewrite.conversion with small patterns over the test dialect's ops
(pyopt/dialects/test/legalizer_ops.py) so that its corner cases can be checked from lit tests:
pattern depth and benefit, rollback of every kind of IR change, type conversion with 1:N and
dropped values, materializations, block merging, value remapping.
"""
from __future__ import annotations

from pyopt.ir.attributes import BoolAttr, IntegerAttr, StringAttr, TypeAttr, UnitAttr
from pyopt.ir.core import Block
from pyopt.ir.opdef import TERMINATOR
from pyopt.ir.types import BF16, F16, F32, F64, I32, I64, FloatType, IntegerType
from pyopt.pass_registry import PassOption, global_option, register_global_option, \
    register_pass
from pyopt.rewrite.conversion import ConversionConfig, ConversionPattern, ConversionTarget, \
    TypeConverter, apply_analysis_conversion, apply_full_conversion, apply_partial_conversion
from pyopt.rewrite.conversion.func_conversions import function_type_conversion_patterns
from pyopt.rewrite.conversion.rewriter import CAST
from pyopt.rewrite.pattern import RewritePattern
from pyopt.syntax.diagnostics import Diagnostic, MLIRError
from pyopt.syntax.printer import op_for_diagnostic
from pyopt.dialects.test.legalizer_types import SimpleAType, TestRecursiveType

register_global_option(PassOption("test-legalize-mode", ("analysis", "full", "partial"),
                                  "partial", "The legalization mode to use with the test "
                                  "driver"))


# -- pattern helpers ------------------------------------------------------------------------------
class _Fn(RewritePattern):
    """A rewrite pattern from a function `fn(op, rewriter) -> bool`."""

    def __init__(self, root, fn, benefit=1, bounded=False):
        super().__init__(root, benefit, fn)
        self.bounded_recursion = bounded


class _Conv(ConversionPattern):
    """A conversion pattern from a function `fn(op, adaptor, rewriter) -> bool`."""

    def __init__(self, root, fn, converter=None, benefit=1):
        super().__init__(converter, root, benefit, fn)


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
        _Fn("test.illegal_op_a", _replace_with("test.legal_op_a", "Success")),
        _Fn("test.illegal_op_a", _replace_with("test.illegal_op_b")),
        _Fn("test.illegal_op_b", _replace_with("test.legal_op_a", "Failure")),
        _Fn("test.illegal_op_c", _replace_with("test.illegal_op_d")),
        _Fn("test.illegal_op_d", _replace_with("test.legal_op_a", "Failure")),
        _Fn("test.illegal_op_c", _replace_with("test.illegal_op_e"), benefit=11),
        _Fn("test.illegal_op_e", _replace_with("test.legal_op_a", "Success")),
        _Fn("test.rewrite", lambda op, rw: rw.replace_op(op, [op.operands[0]]) or True),
        _Fn("test.one_variadic_out_one_variadic_in1", _replace_variadic),
    ]


def _replace_variadic(op, rw):
    rw.replace_op_with_new_op(op, "test.one_variadic_out_one_variadic_in2", op.operands,
                              op.result_types)
    return True


# -- region and block rewrites --------------------------------------------------------------------
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


# -- type conversion rewrites ---------------------------------------------------------------------
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
    d = adaptor.operands[0].defining_op() if hasattr(adaptor.operands[0], "defining_op") \
        else None
    if d is None or d.name != CAST:
        return False
    rw.replace_op_with_new_op(op, "test.return", list(d.operands), [])
    return True


def _producer(check, new_type, reason=None):
    def fn(op, adaptor, rw):
        if check is not None and not check(op.results[0].type):
            return rw.notify_match_failure(op, reason) if reason else False
        rw.replace_op_with_new_op(op, "test.type_producer", [], [new_type])
        return True
    return fn


def _update_consumer(op, adaptor, rw):
    if adaptor.operands[0].type is not F64:
        return False
    rw.replace_op_with_new_op(op, "test.type_consumer", [adaptor.operands[0]], [])
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
        _Conv("test.region", _inline_region),
        _Fn("test.region_builder", _region_builder),
        _Fn("test.create_block", _create_block(False)),
        _Fn("test.create_illegal_block", _create_block(True)),
        _Conv("test.undo_block_arg_replace", _undo_block_arg_replace),
        _Conv("test.undo_block_erase", _undo_block_erase),
        _Conv("test.invalid", _passthrough_invalid),
        _Conv("test.return", _split_return),
        _Conv("test.type_producer", _producer(lambda t: t is I32, F32)),
        _Conv("test.type_producer", _producer(lambda t: t is F32, F64,
                                              "expected single f32 operand")),
        _Conv("test.type_producer", _producer(None, BF16), benefit=10),
        _Conv("test.type_consumer", _update_consumer),
        _Fn("test.replace_non_root", _replace_non_root),
        _Fn("test.recursive_rewrite", _bounded_recursion, bounded=True),
        _Fn("test.illegal_op_with_region_anchor", _illegal_with_region),
        _Fn("test.blackhole", _blackhole),
        _Fn("test.illegal_op_g", _create_unregistered),
        _Conv("test.hoist_me", _undo_move_op_before),
        _Conv("test.with_properties", _undo_properties_change),
        _Conv("test.drop_region_op", _drop_region_op, tc),
    ]
    return _generated_patterns() + plain + function_type_conversion_patterns(
        tc, forwarding_ops=("func.call",))


def _emit(ctx, diag):
    engine = getattr(ctx, "diag_engine", None)
    if engine is None:
        if diag.severity == "error":
            raise MLIRError(diag)
        return
    engine.emit(diag)


def _report_failure(ctx, err, top, what):
    """A failed conversion reports its error, then the remark upstream's test pass adds."""
    d = err.diag
    op = getattr(err, "op", None)
    engine = getattr(ctx, "diag_engine", None)
    if op is not None and engine is not None and engine.collector is None:
        d.attach_note("see current operation: " + op_for_diagnostic(op), op.loc)
    _emit(ctx, d)
    for d in err.more:
        _emit(ctx, d)
    _emit(ctx, Diagnostic("remark", top.loc, f"{what} failed"))


def _remark(ctx, ops, text):
    for op in sorted(ops, key=_position):
        _emit(ctx, Diagnostic("remark", op.loc, f"op '{op.name}' {text}"))


def _position(op):
    loc = op.loc
    return (getattr(loc, "line", 0) or 0, getattr(loc, "col", 0) or 0)


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
        config.listener = _DumpNotifications(ctx)
        try:
            apply_partial_conversion(top, target, patterns, ctx, config)
        except MLIRError as err:
            _report_failure(ctx, err, top, "applyPartialConversion")
        _remark(ctx, config.unlegalized_ops, "is not legalizable")
        return
    if mode == "full":
        target.mark_unknown_op_dynamically_legal(
            lambda op: isinstance(op.get_attr("test.dynamically_legal"), UnitAttr))
        config.listener = _DumpNotifications(ctx)
        try:
            apply_full_conversion(top, target, patterns, ctx, config)
        except MLIRError as err:
            _report_failure(ctx, err, top, "applyFullConversion")
        return
    legal = apply_analysis_conversion(top, target, patterns, ctx, config)
    _remark(ctx, legal, "is legalizable")


class _DumpNotifications:
    """Prints every change the conversion commits (upstream's DumpNotifications listener)."""

    def __init__(self, ctx):
        self.ctx = ctx

    def _out(self, text):
        out = getattr(self.ctx, "pass_stdout", None)
        if out is None:
            import sys
            sys.stdout.write(text + "\n")
        else:
            out.append(text + "\n")

    def notify_block_inserted(self, block, was_linked):
        parent = block.parent.parent if block.parent is not None else None
        where = f"into {parent.name}: " if parent is not None else "into unknown op: "
        self._out("notifyBlockInserted " + where + ("was linked" if was_linked else
                                                    "was unlinked"))

    def notify_op_inserted(self, op, previous=None):
        self._out(f"notifyOperationInserted: {op.name}, " +
                  ("was unlinked" if previous is None else previous))

    def notify_block_erased(self, block):
        self._out("notifyBlockErased")

    def notify_op_erased(self, op):
        self._out(f"notifyOperationErased: {op.name}")

    def notify_op_modified(self, op):
        self._out(f"notifyOperationModified: {op.name}")

    def notify_op_replaced(self, op, values):
        self._out(f"notifyOperationReplaced: {op.name}")

    def notify_match_failure(self, op, reason):
        pass


# -- test-remapped-value ---------------------------------------------------------------------------
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
        _Conv("test.one_variadic_out_one_variadic_in1", _remap_twice),
        _Conv("test.type_producer", _producer(lambda t: t is F32, F64,
                                              "expected single f32 operand")),
        _Conv("test.type_consumer", _update_consumer),
        _Conv("test.remapped_value_region", _remap_value_in_region, tc),
    ]
    target = ConversionTarget(ctx)
    target.add_legal_op("builtin.module", "func.func", "test.return")
    target.add_dynamically_legal_op("test.type_producer", lambda op: op.results[0].type is F64)
    target.add_dynamically_legal_op("test.type_consumer", lambda op: op.operands[0].type is F64)
    target.add_dynamically_legal_op("test.one_variadic_out_one_variadic_in1",
                                    lambda op: len(op.operands) > 1)
    apply_full_conversion(top, target, patterns, ctx)


# -- test-legalize-unknown-root-patterns ---------------------------------------------------------
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
    apply_partial_conversion(top, target, [_Fn(None, _erase_test_op)], ctx)


# -- test-legalize-type-conversion ---------------------------------------------------------------
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
        _Conv("test.type_consumer", _consumer_forward, tc),
        _Conv("test.type_producer", _type_conversion_producer, tc),
        _Conv("test.signature_conversion_undo", _signature_conversion_undo, tc),
        _Conv("test.signature_conversion_no_converter", _signature_conversion_no_converter(tc),
              tc),
        _Fn("test.another_type_producer", _another_producer),
    ] + function_type_conversion_patterns(tc, forwarding_ops=())
    apply_partial_conversion(top, target, patterns, ctx)


from pyopt.rewrite.conversion import FAILURE as _FAIL  # noqa: E402


# -- test-target-materialization-with-no-uses ----------------------------------------------------
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
    patterns = [_Conv("test.type_changer",
                      lambda op, adaptor, rw: rw.replace_op(op, list(adaptor.operands)) or True,
                      tc)]
    apply_partial_conversion(top, target, patterns, ctx)


# -- test-merge-blocks -------------------------------------------------------------------------------
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
    patterns = [_Conv("test.merge_blocks", _merge_blocks(False)),
                _Conv("test.undo_blocks_merge", _merge_blocks(True)),
                _Conv("test.SingleBlockImplicitTerminator", _merge_single_block_ops)]
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
    _remark(ctx, config.unlegalized_ops, "is not legalizable")


# -- test-pattern-selective-replacement ------------------------------------------------------------
def _selective_replace(op, rw):
    if len(op.operands) != 2:
        return False
    a, b = op.operands
    rw.replace_uses_if(op.results[0], a, lambda u: u.owner.opdef is not None and
                       TERMINATOR in u.owner.opdef.traits)
    rw.replace_op(op, [b])
    return True


@register_pass("test-pattern-selective-replacement",
               "Test selective replacement in the PatternRewriter")
def test_pattern_selective_replacement(top, ctx, options):
    from pyopt.rewrite.greedy import apply_patterns_greedily
    apply_patterns_greedily(top, [_Fn("test.cast", _selective_replace)], ctx)


_UNUSED = (TypeAttr,)


# -- test-strict-pattern-driver ---------------------------------------------------------------------
# Patterns for the op-list greedy driver: which ops a change may bring onto the worklist under
# each strictness, as the listener hears it.
def _insert_same_op(op, rw):
    if op.get_attr("skip") is not None:
        return False
    new = rw.create(op.name, op.operands, op.result_types, loc=op.loc)
    rw.modify_op_in_place(op, lambda: op.attributes.__setitem__("skip", BoolAttr(True)))
    new.attributes["skip"] = BoolAttr(True)
    return True


def _replace_with_new_op(op, rw):
    if op.get_attr("create_erase_op") is not None:
        new = rw.create("test.erase_op", loc=op.loc)
    else:
        new = rw.create("test.new_op", op.operands, op.result_types, loc=op.loc)
    rw.replace_all_op_uses_with(op, new.results)
    rw.erase_op(op)
    return True


def _erase(op, rw):
    rw.erase_op(op)
    return True


def _change_block(op, rw):
    succ = op.successors
    if len(succ) < 2 or succ[0] is succ[1]:
        return False
    rw.replace_all_block_uses_with(succ[0], succ[1])
    return True


def _implicit_change(op, rw):
    if not op.successors or op.successors[0] is op.parent:
        return False
    rw.modify_op_in_place(op, lambda: op.set_successor(0, op.parent))
    return True


def _move_before_parent(op, rw):
    parent = op.parent_op
    if parent is None or parent.name == "func.func":  # (not past a function)
        return False
    rw.move_op_before(op, parent)
    return True


def _inline_blocks_into_parent(op, rw):
    changed = False
    for r in op.regions:
        while r.blocks:
            rw.inline_block_before(r.blocks[0], op.parent, op)
            changed = True
    return changed


def _split_block_here(op, rw):
    rw.split_block(op.parent, op)
    new = rw.create("test.new_op", op.operands, op.result_types, loc=op.loc)
    rw.replace_op(op, new)
    return True


def _clone_me(op, rw):
    if op.get_attr("was_cloned") is not None:
        return False
    new = rw.clone(op)
    new.attributes["was_cloned"] = UnitAttr()
    return True


def _clone_region_before(op, rw):
    if op.get_attr("was_cloned") is not None:
        return False
    for r in op.regions:
        rw.clone_region_before(r, op.parent.parent, op.parent)
    op.attributes["was_cloned"] = UnitAttr()
    return True


_STRICT_PATTERNS = {
    "test.change_block_op": _change_block, "test.clone_me": _clone_me,
    "test.clone_region_before": _clone_region_before, "test.erase_op": _erase,
    "test.implicit_change_op": _implicit_change,
    "test.inline_blocks_into_parent": _inline_blocks_into_parent,
    "test.insert_same_op": _insert_same_op, "test.move_before_parent_op": _move_before_parent,
    "test.replace_with_new_op": _replace_with_new_op, "test.split_block_here": _split_block_here,
}
_STRICT_ROOTS = set(_STRICT_PATTERNS) - {"test.implicit_change_op"}


@register_pass("test-strict-pattern-driver", "Test strict mode of pattern driver",
               options=[PassOption("strictness", ("AnyOp", "ExistingAndNewOps", "ExistingOps"),
                                   "AnyOp", "Can be {AnyOp, ExistingAndNewOps, ExistingOps}")],
               anchor="func.func")
def test_strict_pattern_driver(func, ctx, options):
    from pyopt.rewrite.op_list_driver import apply_op_patterns_and_fold
    ops = [o for o in func.walk_ops() if o.name in _STRICT_ROOTS]
    patterns = [_Fn(root, fn) for root, fn in _STRICT_PATTERNS.items()]
    result = {}
    changed = apply_op_patterns_and_fold(ops, patterns, ctx, strictness=options["strictness"],
                                         listener=_DumpNotifications(ctx), result=result)
    func.attributes["pattern_driver_changed"] = BoolAttr(bool(changed))
    func.attributes["pattern_driver_all_erased"] = BoolAttr(result["all_erased"])
