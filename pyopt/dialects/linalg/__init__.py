"""The linalg dialect (MLIR 19): structured ops on tensors and memrefs - linalg.generic, the
named ops of the op table (matmul, conv_*, pooling_*, fill, copy, elementwise ops, ...),
linalg.index / linalg.yield - with the `#linalg.*` enum attributes."""
from __future__ import annotations

from pyopt.ir.opdef import Dialect
from pyopt.dialects.linalg.attrs import parse_linalg_attr
from pyopt.dialects.linalg.ops import OPS
from pyopt.dialects.linalg.aggregate_ops import AGGREGATE_OPS
from pyopt.dialects.linalg.dst_ops import DST_OPS
from pyopt.dialects.linalg.named import NAMED

LINALG = Dialect("linalg", OPS + DST_OPS + AGGREGATE_OPS + NAMED, parse_attr=parse_linalg_attr)

from pyopt.dialects.linalg.canonicalize import attach as _attach_canonicalization  # noqa: E402
_attach_canonicalization(LINALG)

from pyopt.dialects.linalg.shapes import attach_models as _attach_shapes  # noqa: E402
_attach_shapes(LINALG)
