"""The vector dialect (MLIR 19 VectorOps.td): n-D vector arithmetic, shuffles, masks,
reductions, contractions and memory transfers, with the `#vector.kind` /
`#vector.iterator_type` / `#vector.punctuation` attributes.

ops.py declares the ops (constraints.py their type constraints, syntax.py the hand-written
parsers and printers, verifiers.py with memory_verifiers.py and contraction_verifiers.py their
verifiers, attrs.py the attributes); folds.py folds them (transfer_canonicalize.py the memory
ops and vector.mask), canonicalize.py holds the canonicalization patterns (with
transfer_canonicalize.py and reduction_canonicalize.py), interfaces.py the interface models;
transforms/ holds rewrite patterns several vector passes share."""
from __future__ import annotations

from pyopt.ir.opdef import Dialect
from pyopt.dialects.vector.attrs import parse_vector_attr
from pyopt.dialects.vector.ops import OPS

VECTOR = Dialect("vector", OPS, parse_attr=parse_vector_attr)

from pyopt.dialects.vector.folds import attach as _attach_folds  # noqa: E402
from pyopt.dialects.vector.canonicalize import attach as _attach_patterns  # noqa: E402
from pyopt.dialects.vector.interfaces import attach as _attach_interfaces  # noqa: E402
_attach_folds(VECTOR)
_attach_patterns(VECTOR)
_attach_interfaces(VECTOR)
