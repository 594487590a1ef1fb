"""The affine dialect (MLIR 19): affine.apply/min/max/delinearize_index in ops.py, loops and
conditionals in control.py, memory accesses in access.py; which values may be affine
dimensions or symbols is decided in scope.py.
canonicalize.py and loop_canonicalize.py hold the folds and canonicalization patterns,
interfaces.py the interface models, analysis/ the analyses the affine passes share."""
from __future__ import annotations

from pyopt.ir.opdef import Dialect
from pyopt.dialects.affine.ops import OPS, APPLY, MIN, MAX, DELINEARIZE  # noqa: F401

AFFINE = Dialect("affine", OPS)

from pyopt.dialects.affine.canonicalize import attach as _attach_canonicalize  # noqa: E402
_attach_canonicalize(AFFINE)
from pyopt.dialects.affine.loop_canonicalize import attach as _attach_loop_canonicalize  # noqa: E402
_attach_loop_canonicalize(AFFINE)
