"""The tensor dialect (MLIR 19): tensor creation, element and slice access, reshapes,
padding. Folds and canonicalization patterns are in canonicalize.py."""
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
