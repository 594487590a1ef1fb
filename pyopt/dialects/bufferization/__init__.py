"""The bufferization dialect: tensor <-> memref ops in ops.py, buffer-ownership ops
(clone, dealloc) in dealloc_ops.py."""
from __future__ import annotations

from pyopt.ir.opdef import Dialect

from . import dealloc_ops, ops
from .ops import TO_MEMREF, TO_TENSOR, tensor_type_of  # noqa: F401

BUFFERIZATION = Dialect("bufferization", ops.OPS + dealloc_ops.OPS)
