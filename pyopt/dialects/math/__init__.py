"""The math dialect: elementwise float functions (with fast-math flags) and integer bit ops.

Every op is Pure and ElementwiseMappable (scalar, vector or tensor operands); all but fpowi use
one type for operands and result.
"""
from __future__ import annotations

from pyopt.ir.constraints import FloatLike, SignlessIntegerLike, DialectAttrC
from pyopt.ir.opdef import (Dialect, Op, PURE, ELEMENTWISE, SAME_OPERANDS_AND_RESULT_TYPE,
                    SAME_OPERANDS_AND_RESULT_SHAPE)
from pyopt.ir.verifier import op_error
from pyopt.dialects.arith import FastMathAttr  # `#arith.fastmath` belongs to the arith dialect

_FASTMATH = {"fastmath": DialectAttrC(FastMathAttr, "Floating point fast math flags")
             .with_default(FastMathAttr(0))}
_TRAITS = [PURE, ELEMENTWISE, SAME_OPERANDS_AND_RESULT_TYPE]
_FM = "(`fastmath` `` $fastmath^)? attr-dict"


def _float_unary(name):
    return Op("math." + name, operands=[("operand", FloatLike)], results=[("result", FloatLike)],
              attrs=_FASTMATH, traits=_TRAITS, format=f"$operand {_FM} `:` type($result)")


def _float_binary(name):
    return Op("math." + name, operands=[("lhs", FloatLike), ("rhs", FloatLike)],
              results=[("result", FloatLike)], attrs=_FASTMATH, traits=_TRAITS,
              format=f"$lhs `,` $rhs {_FM} `:` type($result)")


def _int_unary(name):
    return Op("math." + name, operands=[("operand", SignlessIntegerLike)],
              results=[("result", SignlessIntegerLike)], traits=_TRAITS,
              format="$operand attr-dict `:` type($result)")


FLOAT_UNARY = ["absf", "acos", "acosh", "asin", "asinh", "atan", "atanh", "cbrt", "ceil", "cos",
               "cosh", "erf", "exp", "exp2", "expm1", "floor", "log", "log10", "log1p", "log2",
               "round", "roundeven", "rsqrt", "sin", "sinh", "sqrt", "tan", "tanh", "trunc"]
FLOAT_BINARY = ["atan2", "copysign", "powf"]
INT_UNARY = ["absi", "ctlz", "cttz", "ctpop"]

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

MATH = Dialect("math", [_float_unary(n) for n in FLOAT_UNARY] +
               [_float_binary(n) for n in FLOAT_BINARY] + [_int_unary(n) for n in INT_UNARY] +
               [FMA, IPOWI, FPOWI])

from pyopt.dialects.math.folds import attach as _attach_folds  # noqa: E402
_attach_folds(MATH)
