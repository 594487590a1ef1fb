"""The vector dialect (MLIR 19 VectorOps.td): n-D vector arithmetic, shuffles, masks,
reductions, contractions and memory transfers, with the `#vector.kind` /
`#vector.iterator_type` / `#vector.punctuation` attributes."""
from __future__ import annotations

from pyopt.ir.opdef import Dialect
from pyopt.dialects.vector.attrs import parse_vector_attr
from pyopt.dialects.vector.ops import OPS
from pyopt.dialects.vector.syntax import SYNTAX_OPS

VECTOR = Dialect("vector", OPS + SYNTAX_OPS, parse_attr=parse_vector_attr)

from pyopt.dialects.vector.canonicalize import attach as _attach_canonicalization  # noqa: E402
_attach_canonicalization(VECTOR)
