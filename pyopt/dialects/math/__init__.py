"""The math dialect: elementwise float functions (with fast-math flags) and integer bit ops.

ops.py declares the ops, folds.py folds them."""
from __future__ import annotations

from pyopt.ir.opdef import Dialect
from pyopt.dialects.math.ops import (  # noqa: F401  (the dialect's public names)
    FLOAT_UNARY, FLOAT_BINARY, INT_UNARY, FMA, IPOWI, FPOWI, OPS)

MATH = Dialect("math", OPS)

from pyopt.dialects.math.folds import attach as _attach_folds  # noqa: E402
_attach_folds(MATH)
