"""The bufferization dialect: tensor <-> memref ops in ops.py, buffer-ownership ops
(clone, dealloc) in dealloc_ops.py, folds and canonicalization patterns in canonicalize.py,
the verification of its discardable attributes in attributes.py."""
from __future__ import annotations

from pyopt.ir.opdef import Dialect

from . import attributes, canonicalize, dealloc_ops, ops
from .ops import TO_MEMREF, TO_TENSOR, tensor_type_of  # noqa: F401

BUFFERIZATION = Dialect("bufferization", ops.OPS + dealloc_ops.OPS,
                        verify_op_attribute=attributes.verify_op_attribute)
BUFFERIZATION.verify_region_arg_attribute = attributes.verify_region_arg_attribute
canonicalize.attach(BUFFERIZATION)
