"""The index dialect (MLIR 19 IndexOps.td): arithmetic on `index`, comparisons with the
`#index<cmp_predicate ...>` attribute, casts to and from integers, constants and sizeof.

ops.py declares the ops and the attribute, folds.py folds them, canonicalize.py holds the
canonicalization pattern."""
from __future__ import annotations

from pyopt.ir.opdef import Dialect
from pyopt.dialects.index.ops import (  # noqa: F401  (the dialect's public names)
    CMP_PREDICATES, CmpPredicateAttr, CmpPredC, IntOrIndex, OPS, _parse_attr)

INDEX_DIALECT = Dialect("index", OPS, parse_attr=_parse_attr)

from pyopt.dialects.index.folds import attach as _attach_folds  # noqa: E402
from pyopt.dialects.index.canonicalize import attach as _attach_patterns  # noqa: E402
_attach_folds(INDEX_DIALECT)
_attach_patterns(INDEX_DIALECT)
