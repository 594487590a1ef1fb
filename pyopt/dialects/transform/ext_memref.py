"""MemRef's pattern descriptors for transform.apply_patterns (MLIR 19 MemRefTransformOps):
declared here, their patterns attached by the pass library (passes/transform/
memref_patterns.py)."""
from __future__ import annotations

from pyopt.ir.constraints import I64Attr
from pyopt.ir.opdef import Op
from pyopt.dialects.transform.extension import pattern_descriptor
from pyopt.dialects.transform.failures import definite


def _not_loaded(op, ctx):
    raise definite(op, f"'{op.name}': the pass library providing its patterns is not loaded")


EXTRACT_ADDRESS_COMPUTATIONS = pattern_descriptor(
    Op("transform.apply_patterns.memref.extract_address_computations", format="attr-dict"),
    _not_loaded)
ALLOC_TO_ALLOCA = pattern_descriptor(
    Op("transform.apply_patterns.memref.alloc_to_alloca",
       attrs={"size_limit": I64Attr.opt()},
       format="(`size_limit` `(` $size_limit^ `)`)? attr-dict"),
    _not_loaded)
