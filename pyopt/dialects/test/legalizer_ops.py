"""Test ops that the dialect-conversion test passes (passes/test/legalizer) work
on: ops that patterns turn legal or illegal, producers and consumers of values whose types a
type converter changes, region and block shuffling ops, and two folders the conversion driver
must handle (a fold to an operand, an in-place fold).

Only what changes behaviour or printing is declared: an inherent attribute (printed in the
`<{...}>` property dictionary), a terminator trait, a fold, a custom format. Every other
`test.*` op the passes use is an unknown op of the test dialect.
"""
from pyopt.interfaces.branch import BRANCH, SuccessorGroups
from pyopt.ir.attributes import UnitAttr
from pyopt.ir.constraints import AnyType, AnyIntAttrC, DenseArrayC, IntAttrC, StrAttrC, UnitAttrC
from pyopt.ir.opdef import Op, GRAPH_REGION, NO_TERMINATOR, PURE, RETURN_LIKE, TERMINATOR, \
    SINGLE_BLOCK, SINGLE_BLOCK_IMPLICIT_TERMINATOR
from pyopt.ir.types import I64


def _fold_to_operand(op, consts):
    return [op.group("operand")]  # ('operand' is Operation.operand: read by group)


def _fold_in_place_once(op, consts):
    # Sets `folded` the first time (an in-place fold: the op reports itself), then no fold.
    if "folded" in op.properties:
        return None
    op.properties["folded"] = UnitAttr()
    return [op.results[0]]


_VARIADIC = [("operands", AnyType, "*")]

LEGALIZER_OPS = [
    Op("test.legal_op_a", attrs={"status": StrAttrC()}, results=["result"]),
    Op("test.recursive_rewrite", attrs={"depth": IntAttrC(I64, "64-bit signless integer "
                                                               "attribute")},
       format="$depth attr-dict"),
    Op("test.illegal_op_terminator", traits=[TERMINATOR]),
    Op("test.return", operands=_VARIADIC, traits=[PURE, RETURN_LIKE, TERMINATOR]),
    Op("test.cast", operands=_VARIADIC, results=["result"]),
    Op("test.invalid", operands=_VARIADIC, traits=[TERMINATOR]),
    Op("test.valid", operands=_VARIADIC, traits=[TERMINATOR]),
    Op("test.finish", traits=[TERMINATOR]),
    Op("test.SingleBlockImplicitTerminator", regions=["region"],
       traits=[SINGLE_BLOCK, SINGLE_BLOCK_IMPLICIT_TERMINATOR],
       implicit_terminator="test.finish"),
    Op("test.br", operands=[("targetOperands", AnyType, "*")], successors=["target"],
       traits=[TERMINATOR], **{BRANCH: SuccessorGroups("targetOperands")}),
    Op("test.op_with_region_fold", operands=["operand"], results=["result"],
       regions=["region"], fold=_fold_to_operand),
    Op("test.op_in_place_self_fold", attrs={"folded": UnitAttrC().opt()}, results=["result"],
       fold=_fold_in_place_once),
    # (the greedy driver's tests: a region without dominance, erased users-first)
    Op("test.graph_region", regions=["region"], traits=[GRAPH_REGION, NO_TERMINATOR,
                                                        SINGLE_BLOCK],
       format="attr-dict-with-keyword $region"),
    Op("test.with_properties", attrs={"a": AnyIntAttrC(), "b": StrAttrC(),
                                      "array": DenseArrayC(I64, "i64 dense array attribute")},
       format="prop-dict attr-dict",
       native_properties={"a": "int", "array": "int_array"}),  # (IntProperty, ArrayProperty)
]

from pyopt.dialects.test import syntax_hooks as _hooks  # noqa: E402
from pyopt.dialects.test.legalizer_types import register as _register_types  # noqa: E402
_register_types(_hooks.TYPE_PARSERS)
