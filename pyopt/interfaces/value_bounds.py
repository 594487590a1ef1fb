"""ValueBoundsOpInterface, the part pyopt's subset analyses use (ValueBoundsConstraintSet's
constant differences): an op whose result is another value plus a constant. A model's
`linear_step(op, linear)` returns (value, constant) when the op's result is `value +
constant` (value None: the result is the constant), else None; `linear(v)` decomposes an
operand the same way, as (base value or None, constant).

Models: arith.addi / arith.subi and affine.apply (pyopt/dialects/value_bounds_models.py)."""
from __future__ import annotations

from pyopt.interfaces import model

VALUE_BOUNDS = "ValueBoundsOpInterface"


def value_bounds_model(op):
    """The op's ValueBoundsOpInterface model, or None."""
    return model(op, VALUE_BOUNDS)
