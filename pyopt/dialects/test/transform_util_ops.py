"""Test ops that the small utility test passes (passes/transforms/test_passes) rewrite:
`test-make-isolated-from-above` turns a region op that may capture values into one that is
isolated from above and takes them as operands."""
from pyopt.ir.constraints import AnyType
from pyopt.ir.opdef import ISOLATED, Op

_VARIADIC = [("operands", AnyType, "*")]

OPS = [
    Op("test.one_region_with_operands_op", operands=_VARIADIC, regions=["region"]),
    Op("test.isolated_one_region_op", operands=_VARIADIC, regions=["my_region"],
       traits=[ISOLATED],
       format="attr-dict-with-keyword $operands $my_region `:` type($operands)"),
]
