"""`test-patterns`: the greedy driver with upstream's hand-written test-dialect patterns (the
ones that exercise folding and the worklist; the table-generated rewrite rules of the test
dialect are not included):
- test.op_in_place_fold_anchor(x) becomes a test.op_in_place_fold built with createOrFold;
- a test.cast marked `test_fold_before_previously_folded_op` becomes test.cast of a `true`
  constant, both made at the start of its block;
- test.op_commutative2(test.op_commutative2(a, constant), b) is replaced by the constant;
- foo.maybe_eligible_op gets an `eligible` unit attribute, and an eligible op that a
  test.one_region_op yields moves out before it;
- test.any_attr_of_i32_str's integer attribute is incremented up to 3;
- two of the generated rules: test.op_with_enum `first tag 0` becomes `second tag 1`, and
  test.op_with_bit_enum `<write, execute> tag 0` becomes `<read, execute> tag 1`."""
from __future__ import annotations

from pyopt.ir.attributes import BoolAttr, IntegerAttr, UnitAttr
from pyopt.ir.opdef import CONSTANT_LIKE
from pyopt.ir.types import I1, I32
from pyopt.pass_registry import PassOption, register_pass
from pyopt.rewrite.folding import create_or_fold
from pyopt.rewrite.greedy import GreedyConfig, apply_patterns_greedily
from pyopt.rewrite.pattern import RewritePattern


class _Folding(RewritePattern):
    root = "test.op_in_place_fold_anchor"

    def match_and_rewrite(self, op, rw):
        rw.set_insertion_point(op)
        v = create_or_fold(rw, "test.op_in_place_fold", [op.op], [I32], op.loc)[0]  # (its operand "op")
        rw.replace_op(op, [v])
        return True


class _InsertBeforeFoldedConstant(RewritePattern):
    root = "test.cast"

    def match_and_rewrite(self, op, rw):
        if "test_fold_before_previously_folded_op" not in op.attributes:
            return False
        rw.set_insertion_point_to_start(op.parent)
        c = rw.create("arith.constant", [], [I1], properties={"value": BoolAttr(True)},
                      loc=op.loc)
        # (built where the constant went, as upstream's replaceOpWithNewOp does here)
        new = rw.create("test.cast", [c.results[0]], [I32], loc=op.loc)
        rw.replace_op(op, [new.results[0]])
        return True


def _is_constant(v):
    d = v.owner if hasattr(v.owner, "opdef") else None
    return d is not None and d.opdef is not None and CONSTANT_LIKE in d.opdef.traits


class _Commutative2WithConstant(RewritePattern):
    root = "test.op_commutative2"

    def match_and_rewrite(self, op, rw):
        inner = op.op1.owner
        if not hasattr(inner, "opdef") or inner.name != "test.op_commutative2":
            return False
        if not _is_constant(inner.op2):
            return False
        rw.replace_op(op, [inner.op2])
        return True


class _HoistEligible(RewritePattern):
    root = "test.one_region_op"

    def match_and_rewrite(self, op, rw):
        term = op.regions[0].blocks[0].last
        d = term.operand(0).owner if term.operands else None
        if d is None or not hasattr(d, "opdef") or d.parent_op is not op:
            return False
        if "eligible" not in d.attributes:
            return False
        rw.move_op_before(d, op)
        return True


class _MakeEligible(RewritePattern):
    root = "foo.maybe_eligible_op"

    def match_and_rewrite(self, op, rw):
        if "eligible" in op.attributes:
            return False
        rw.modify_op_in_place(op, lambda: op.attributes.__setitem__("eligible", UnitAttr()))
        return True


class _IncrementIntAttribute(RewritePattern):
    root = "test.any_attr_of_i32_str"
    limit = 3

    def match_and_rewrite(self, op, rw):
        a = op.get_attr("attr")
        if not isinstance(a, IntegerAttr) or a.value >= self.limit:
            return False
        rw.modify_op_in_place(op, lambda: op.properties.__setitem__(
            "attr", IntegerAttr(I32, a.value + 1)))
        return True


class _EnumCase(RewritePattern):
    """value == `old` and tag == 0 : i32  ->  value `new`, tag 1 : i32."""

    def __init__(self, root, old, new):
        self.root, self.old, self.new = root, old, new

    def match_and_rewrite(self, op, rw):
        v, tag = op.get_attr("value"), op.get_attr("tag")
        if v is None or v.value != self.old or not isinstance(tag, IntegerAttr) \
                or tag.type != I32 or tag.value != 0:
            return False
        rw.replace_op_with_new_op(op, op.name, [], [], properties={
            "value": type(v)(self.new), "tag": IntegerAttr(I32, 1)})
        return True


def patterns():
    return [_Folding(), _InsertBeforeFoldedConstant(), _Commutative2WithConstant(),
            _HoistEligible(), _MakeEligible(), _IncrementIntAttribute(),
            _EnumCase("test.op_with_enum", 0, 1),  # first -> second
            _EnumCase("test.op_with_bit_enum", 2 | 4, 1 | 4)]  # write|execute -> read|execute


@register_pass("test-patterns", "Run test dialect patterns",
               options=[PassOption("top-down", bool, True,
                                   "Seed the worklist in general top-down order"),
                        PassOption("max-iterations", int, 10,
                                   "Max. iterations in the GreedyRewriteConfig")],
               display_name="TestPatternDriver")
def test_patterns(op, ctx, options):
    config = GreedyConfig(top_down=options["top-down"], max_iterations=options["max-iterations"],
                          region_simplification="aggressive")
    apply_patterns_greedily(op, patterns(), ctx, config)
