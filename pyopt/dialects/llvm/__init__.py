"""The LLVM dialect of MLIR 19: types (types.py), attributes (attrs.py, struct_attrs.py), core
ops (ops.py), memory ops and atomics (memory_ops.py), functions and globals (symbols.py), calls
(calls.py) and intrinsics (intrinsics.py)."""
from __future__ import annotations

from pyopt.ir.opdef import Dialect
from pyopt.dialects.llvm.types import parse_llvm_type
from pyopt.dialects.llvm.attrs import parse_llvm_attr
from pyopt.dialects.llvm.ops import OPS
# (these append to OPS)
from pyopt.dialects.llvm import memory_ops, symbols, calls, intrinsics  # noqa: F401
from pyopt.dialects.llvm import intrinsics_extra, blockaddress  # noqa: F401

from pyopt.dialects.llvm.datalayout import verify_llvm_attribute
from pyopt.dialects.llvm import folds

LLVM = Dialect("llvm", OPS, parse_type=parse_llvm_type, parse_attr=parse_llvm_attr,
               verify_op_attribute=verify_llvm_attribute)
folds.attach(LLVM)
