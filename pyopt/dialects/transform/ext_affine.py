"""Affine's transform extension (MLIR 19 AffineTransformOps):
transform.affine.simplify_bounded_affine_ops, implemented by the pass library
(passes/affine/simplify_bounded.py)."""
from __future__ import annotations

from pyopt.ir.constraints import DenseI64Array
from pyopt.ir.opdef import Op
from pyopt.ir.verify_invariants import op_error
from pyopt.dialects.transform.extension import transform_op
from pyopt.dialects.transform.types import OpHandle


def _verify(op):
    n = len(op.bounded_values)
    for what, attr in (("lower", "lower_bounds"), ("upper", "upper_bounds")):
        got = len(op.properties[attr].values)
        if got != n:
            raise op_error(op, f"incorrect number of {what} bounds, expected {n} but found "
                               f"{got}")


SIMPLIFY_BOUNDED_AFFINE_OPS = Op(
    "transform.affine.simplify_bounded_affine_ops",
    operands=[("target", OpHandle), ("bounded_values", OpHandle, "*")],
    attrs={"lower_bounds": DenseI64Array, "upper_bounds": DenseI64Array},
    format="$target `with` `[` ($bounded_values^ `:` type($bounded_values))? `]` "
           "`within` $lower_bounds `and` $upper_bounds attr-dict `:` type($target)",
    verify=_verify)
transform_op(SIMPLIFY_BOUNDED_AFFINE_OPS, consumes=("target",), modifies_payload=True)
