"""Test ops about folding: `test.constant` (the test dialect's constant, which its
materializer also builds for folded values) and `test.manual_cpp_op_with_fold` (folds to
its first operand's constant)."""
from __future__ import annotations

from pyopt.ir.constraints import AnyAttr
from pyopt.ir.opdef import Op, CONSTANT_LIKE
from pyopt.rewrite.folding import NO_MEMORY_EFFECT


def materialize_constant(rewriter, attr, type_, loc):
    return rewriter.create("test.constant", result_types=[type_], properties={"value": attr},
                           loc=loc)


def _fold_manual(op, operands):
    return operands[0] if operands and operands[0] is not None else None


OPS = [
    Op("test.constant", attrs={"value": AnyAttr()}, results=["result"],
       traits=[CONSTANT_LIKE, NO_MEMORY_EFFECT], fold=lambda op, operands: op.get_attr("value")),
    Op("test.manual_cpp_op_with_fold", operands=["args*"], results=["result"],
       fold=_fold_manual),
]
