"""The arith dialect (MLIR 19 ArithOps.td): constants, integer and float arithmetic, casts,
comparisons and select, with the `#arith.fastmath` / `#arith.overflow` attributes.

ops.py declares the ops and attributes, folds.py (with constfold.py) folds them,
canonicalize.py holds the canonicalization patterns; support.py has the shape and cast
verifier helpers (also used by the index dialect)."""
from __future__ import annotations

from pyopt.ir.opdef import Dialect
from pyopt.dialects.arith.ops import (  # noqa: F401  (the dialect's public names)
    FASTMATH, OVERFLOW, FastMathAttr, OverflowAttr, FASTMATH_NONE, OVERFLOW_NONE, FastMathC,
    OverflowC, CMPI_PRED, CMPF_PRED, ROUNDING, CmpIPredC, CmpFPredC, RoundingC,
    SignlessFixedWidthIntegerLike, IndexCastTypeC, BitcastTypeC, ARITH_OPS, CONSTANT, ADDI,
    _parse_attr)

ARITH = Dialect("arith", ARITH_OPS, parse_attr=_parse_attr)

from pyopt.dialects.arith.folds import attach as _attach_folds  # noqa: E402  (folders live next door)
_attach_folds(ARITH)
from pyopt.dialects.arith.canonicalize import attach as _attach_patterns  # noqa: E402
_attach_patterns(ARITH)
