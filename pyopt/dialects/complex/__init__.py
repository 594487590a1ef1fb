"""The complex dialect: complex<float> arithmetic, parts, constants, bitcast, `#complex.number`.

ops.py declares the ops and the attribute, folds.py folds them (and materializes complex
constants), canonicalize.py holds the canonicalization patterns."""
from __future__ import annotations

from pyopt.ir.opdef import Dialect
from pyopt.dialects.complex.ops import (  # noqa: F401  (the dialect's public names)
    NumberAttr, ComplexFloat, ARITH_OPS, UNARY_SAME, UNARY_PART, BITCAST, CONSTANT, CREATE, OPS,
    _parse_complex_attr)

COMPLEX = Dialect("complex", OPS, parse_attr=_parse_complex_attr)

from pyopt.dialects.arith import ARITH  # noqa: E402
from pyopt.dialects.complex.folds import attach as _attach_folds  # noqa: E402
from pyopt.dialects.complex.canonicalize import attach as _attach_patterns  # noqa: E402
_attach_folds(COMPLEX)
_attach_patterns(COMPLEX, ARITH)
