"""The tensor dialect (MLIR 19): tensor creation, element and slice access, reshapes,
padding, pack/unpack, gather/scatter.

Declarations: ops.py, relayout.py (gather, scatter, pack, unpack). Folds and canonicalization
patterns, attached below: canonicalize.py (cast, dim, empty, extract, from_elements, reshape,
concat, generate, ...), reshapes.py (expand/collapse_shape), slice_canonicalize.py
(extract/insert/parallel_insert_slice), pad_canonicalize.py, relayout_canonicalize.py.
Rewrite patterns for passes (Tensor/Transforms): empty_folding.py, slice_patterns.py,
pack_patterns.py, collapse_slice.py. Shape reification models: pyopt/dialects/
shaped_models.py."""
from __future__ import annotations

from pyopt.ir.opdef import Dialect
from pyopt.dialects.tensor import ops
from pyopt.dialects.tensor.relayout import RELAYOUT_OPS

TENSOR = Dialect("tensor", ops.OPS + RELAYOUT_OPS)

from pyopt.dialects.tensor.canonicalize import attach as _attach_canonicalization  # noqa: E402
_attach_canonicalization(TENSOR)

from pyopt.dialects.tensor.relayout_canonicalize import attach as _attach_relayout  # noqa: E402
_attach_relayout(TENSOR)

from pyopt.dialects.tensor.reshapes import attach as _attach_reshapes  # noqa: E402
_attach_reshapes(TENSOR)

from pyopt.dialects.tensor.slice_canonicalize import attach as _attach_slices  # noqa: E402
_attach_slices(TENSOR)

from pyopt.dialects.tensor.pad_canonicalize import attach as _attach_pad  # noqa: E402
_attach_pad(TENSOR)
