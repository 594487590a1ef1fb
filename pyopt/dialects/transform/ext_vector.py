"""Vector's pattern descriptors for transform.apply_patterns (MLIR 19 VectorTransformOps):
declared here, their patterns attached by the pass library (passes/transform/
vector_patterns.py), which owns the vector rewrite patterns. Add further
`apply_patterns.vector.*` descriptors the same way."""
from __future__ import annotations

from pyopt.ir.attributes import IntegerAttr
from pyopt.ir.constraints import IntEnum, IntEnumAttrC
from pyopt.ir.opdef import Op
from pyopt.ir.types import I32
from pyopt.dialects.transform.extension import pattern_descriptor
from pyopt.dialects.transform.failures import definite

MULTI_REDUCTION_LOWERING = IntEnum("VectorMultiReductionLowering",
                                   [("innerparallel", 0), ("innerreduction", 1)], I32,
                                   "control the lowering of `vector.multi_reduction`.")


def _not_loaded(op, ctx):
    raise definite(op, f"'{op.name}': the pass library providing its patterns is not loaded")


LOWER_MULTI_REDUCTION = pattern_descriptor(
    Op("transform.apply_patterns.vector.lower_multi_reduction",
       attrs={"lowering_strategy": IntEnumAttrC(MULTI_REDUCTION_LOWERING).with_default(
           IntegerAttr(I32, 0))},
       format="(`lowering_strategy` `=` $lowering_strategy^)? attr-dict"),
    _not_loaded)
