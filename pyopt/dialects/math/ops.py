"""The math ops: elementwise float functions (with fast-math flags) and integer bit ops.

Every op is Pure and ElementwiseMappable (scalar, vector or tensor operands); all but fpowi use
one type for operands and result. The dialect is assembled in __init__.py; folders in folds.py.
"""
from __future__ import annotations

from pyopt.ir.constraints import FloatLike, SignlessIntegerLike, DialectAttrC
from pyopt.ir.opdef import (Op, PURE, ELEMENTWISE, SAME_OPERANDS_AND_RESULT_TYPE,
                    SAME_OPERANDS_AND_RESULT_SHAPE)
from pyopt.ir.verifier import op_error
from pyopt.dialects.arith import FastMathAttr  # `#arith.fastmath` belongs to the arith dialect

_FASTMATH = {"fastmath": DialectAttrC(FastMathAttr, "Floating point fast math flags")
             .with_default(FastMathAttr(0))}
_TRAITS = [PURE, ELEMENTWISE, SAME_OPERANDS_AND_RESULT_TYPE]
_FM = "(`fastmath` `` $fastmath^)? attr-dict"


def _float_unary(name):
    return Op(name, operands=[("operand", FloatLike)], results=[("result", FloatLike)],
              attrs=_FASTMATH, traits=_TRAITS, format=f"$operand {_FM} `:` type($result)")


def _float_binary(name):
    return Op(name, operands=[("lhs", FloatLike), ("rhs", FloatLike)],
              results=[("result", FloatLike)], attrs=_FASTMATH, traits=_TRAITS,
              format=f"$lhs `,` $rhs {_FM} `:` type($result)")


def _int_unary(name):
    return Op(name, operands=[("operand", SignlessIntegerLike)],
              results=[("result", SignlessIntegerLike)], traits=_TRAITS,
              format="$operand attr-dict `:` type($result)")


FLOAT_UNARY = ["math.absf", "math.acos", "math.acosh", "math.asin", "math.asinh", "math.atan",
               "math.atanh", "math.cbrt", "math.ceil", "math.cos", "math.cosh", "math.erf",
               "math.exp", "math.exp2", "math.expm1", "math.floor", "math.log", "math.log10",
               "math.log1p", "math.log2", "math.round", "math.roundeven", "math.rsqrt",
               "math.sin", "math.sinh", "math.sqrt", "math.tan", "math.tanh", "math.trunc"]
FLOAT_BINARY = ["math.atan2", "math.copysign", "math.powf"]
INT_UNARY = ["math.absi", "math.ctlz", "math.cttz", "math.ctpop"]

FMA = Op("math.fma", operands=[("a", FloatLike), ("b", FloatLike), ("c", FloatLike)],
         results=[("result", FloatLike)], attrs=_FASTMATH, traits=_TRAITS,
         format=f"$a `,` $b `,` $c {_FM} `:` type($result)")

IPOWI = Op("math.ipowi", operands=[("lhs", SignlessIntegerLike), ("rhs", SignlessIntegerLike)],
           results=[("result", SignlessIntegerLike)], traits=_TRAITS,
           format="$lhs `,` $rhs attr-dict `:` type($result)")


def _verify_fpowi(op):
    # AllTypesMatch<["lhs", "result"]>
    if op.lhs.type is not op.results[0].type:
        raise op_error(op, "failed to verify that all of {lhs, result} have same type")


FPOWI = Op("math.fpowi", operands=[("lhs", FloatLike), ("rhs", SignlessIntegerLike)],
           results=[("result", FloatLike)], attrs=_FASTMATH,
           traits=[PURE, ELEMENTWISE, SAME_OPERANDS_AND_RESULT_SHAPE],
           format=f"$lhs `,` $rhs {_FM} `:` type($lhs) `,` type($rhs)",
           infer={"result": "lhs"}, verify=_verify_fpowi)


OPS = ([_float_unary(n) for n in FLOAT_UNARY] + [_float_binary(n) for n in FLOAT_BINARY] +
       [_int_unary(n) for n in INT_UNARY] + [FMA, IPOWI, FPOWI])
