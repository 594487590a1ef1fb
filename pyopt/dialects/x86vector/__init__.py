"""The x86vector dialect (MLIR 19 X86Vector.td), only as far as pyopt emits it: `x86vector.avx.rsqrt`,
the AVX approximate reciprocal square root of a vector<8xf32>, which the AVX2 variant of the
math polynomial approximations produces."""
from __future__ import annotations

from pyopt.ir.constraints import TypeConstraint
from pyopt.ir.opdef import Dialect, Op, PURE, SAME_OPERANDS_AND_RESULT_TYPE
from pyopt.ir.types import FloatType, VectorType

VEC8_F32 = TypeConstraint(
    lambda t: type(t) is VectorType and t.shape == (8,) and not any(t.scalable_dims)
    and t.element_type == FloatType("f32"),
    "vector of 32-bit float values of length 8", type_class=VectorType)

AVX_RSQRT = Op("x86vector.avx.rsqrt", operands=[("a", VEC8_F32)], results=[("b", VEC8_F32)],
               traits=[PURE, SAME_OPERANDS_AND_RESULT_TYPE], format="$a attr-dict `:` type($a)")

X86VECTOR = Dialect("x86vector", [AVX_RSQRT])
