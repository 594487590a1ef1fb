"""Test ops that the small utility test passes (passes/test/misc) rewrite:
`test-make-isolated-from-above` turns a region op that may capture values into one that is
isolated from above and takes them as operands; `test-commutativity-utils` sorts the operands
of commutative ops; `test-patterns` folds test.op_in_place_fold by setting its attribute."""
from pyopt.ir.constraints import AnyType, IntAttrC
from pyopt.ir.opdef import COMMUTATIVE, ISOLATED, Op
from pyopt.ir.types import I32
from pyopt.dialects.test import inliner  # noqa: F401  (the test dialect's inliner hooks)

_VARIADIC = [("operands", AnyType, "*")]


def _fold_in_place(op, consts):
    # A constant operand becomes the `attr` property (once): an in-place fold.
    if consts and consts[0] is not None and "attr" not in op.properties:
        op.properties["attr"] = consts[0]
        return [op.results[0]]
    return None


OPS = [
    Op("test.one_region_with_operands_op", operands=_VARIADIC, regions=["region"]),
    Op("test.isolated_one_region_op", operands=_VARIADIC, regions=["my_region"],
       traits=[ISOLATED],
       format="attr-dict-with-keyword $operands $my_region `:` type($operands)"),
    Op("test.op_commutative", operands=[f"op{i}" for i in range(1, 5)], results=["result"],
       traits=[COMMUTATIVE]),
    Op("test.op_commutative2", operands=["op1", "op2"], results=["result"], traits=[COMMUTATIVE]),
    Op("test.op_large_commutative", operands=[f"op{i}" for i in range(1, 8)],
       results=["result"], traits=[COMMUTATIVE]),
    Op("test.op_in_place_fold_anchor", operands=["op"], results=["result"]),
    Op("test.op_in_place_fold", operands=["op"], results=["result"],
       attrs={"attr": IntAttrC(I32, "32-bit signless integer attribute").opt()},
       fold=_fold_in_place),
    # a function value made from its region (`test-inline` inlines calls of it)
    Op("test.functional_region_op", regions=["body"], results=["result"]),
]
