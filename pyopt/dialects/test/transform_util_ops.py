"""Test ops that the small utility test passes (passes/transforms/test_passes) rewrite:
`test-make-isolated-from-above` turns a region op that may capture values into one that is
isolated from above and takes them as operands; `test-commutativity-utils` sorts the operands
of commutative ops."""
from pyopt.ir.constraints import AnyType
from pyopt.ir.opdef import COMMUTATIVE, ISOLATED, Op

_VARIADIC = [("operands", AnyType, "*")]

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
]
