"""`-test-math-algebraic-simplification`: strength reduction of math.powf with the constant
exponents 1, 2, 3, -1, 0.5, -0.5, 0.75, and of math.fpowi / math.ipowi with a constant exponent
of magnitude <= 3 into multiplications (and one division for negative exponents)."""
from __future__ import annotations

from pyopt.ir.attributes import FloatAttr, IntegerAttr
from pyopt.ir.types import VectorType, element_type_or_self
from pyopt.pass_registry import register_pass
from pyopt.rewrite.greedy import GreedyConfig, apply_patterns_greedily

from .builder import BuildReplacement
from .matchers import constant_float, constant_int

POWI_THRESHOLD = 3


def _bcast(b, op, v):
    """Broadcast scalar `v` to `op`'s vector result type (scalars stay as they are)."""
    t = op.results[0].type
    return b.op("vector.broadcast", [v], t) if type(t) is VectorType else v


def _scalar_one(b, op, is_float):
    et = element_type_or_self(op.results[0].type)
    attr = FloatAttr.from_float(et, 1.0) if is_float else IntegerAttr(et, 1)
    return b.op("arith.constant", [], et, {"value": attr})


def _powf_exponent(v):
    a = constant_float(v)
    return None if a is None else a.value


def _powf(op, b):
    x = op.lhs
    e = _powf_exponent(op.rhs)
    if e == 1.0:
        return x
    if e == 2.0:
        return b.f("arith.mulf", x, x)
    if e == 3.0:
        return b.f("arith.mulf", x, b.f("arith.mulf", x, x))
    if e == -1.0:
        return b.f("arith.divf", _bcast(b, op, _scalar_one(b, op, True)), x)
    if e == 0.5:
        return b.f("math.sqrt", x)
    if e == -0.5:
        return b.f("math.rsqrt", x)
    if e == 0.75:
        r = b.f("math.sqrt", x)
        return b.f("arith.mulf", r, b.f("math.sqrt", r))
    return None


def _powi(div, mul, is_float):
    def rewrite(op, b):
        base = op.lhs
        n = constant_int(op.rhs)
        if n is None:
            return None
        one = _scalar_one(b, op, is_float)
        if n == 0:
            return _bcast(b, op, one)
        if abs(n) > POWI_THRESHOLD:
            b.rw.erase_op(one.owner)
            return None
        if n < 0:
            base = b.f(div, _bcast(b, op, one), base)
        res = base
        for _ in range(abs(n) - 1):
            res = b.f(mul, res, base)
        return res
    return rewrite


REWRITES = {
    "math.powf": _powf,
    "math.ipowi": _powi("arith.divsi", "arith.muli", False),
    "math.fpowi": _powi("arith.divf", "arith.mulf", True),
}


def algebraic_simplification_patterns():
    return [BuildReplacement(n, f, "simplify-") for n, f in REWRITES.items()]


@register_pass("test-math-algebraic-simplification", "Test math algebraic simplification",
               display_name="TestMathAlgebraicSimplificationPass")
def test_math_algebraic_simplification(op, ctx, options):
    apply_patterns_greedily(op, algebraic_simplification_patterns(), ctx,
                            GreedyConfig(top_down=False, region_simplification="aggressive"))
