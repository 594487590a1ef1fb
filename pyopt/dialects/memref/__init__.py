"""The memref dialect (MLIR 19): allocation, access, globals, atomics and view-like ops.

Strided-layout arithmetic shared with other passes lives in pyopt/ir/memref_layout.py.
"""
from __future__ import annotations

from pyopt.ir.opdef import Dialect
from pyopt.dialects.memref import ops, views

MEMREF = Dialect("memref", ops.OPS + views.OPS)

from pyopt.dialects.memref.canonicalize import attach as _attach_canonicalization  # noqa: E402
_attach_canonicalization(MEMREF)

from pyopt.dialects.memref import alloca_scope_canonicalize as _scope  # noqa: E402
MEMREF.ops["memref.alloca_scope"].canonicalize = \
    list(MEMREF.ops["memref.alloca_scope"].canonicalize or []) + _scope.PATTERNS
