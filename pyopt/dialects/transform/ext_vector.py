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


def _simple(name):
    """A descriptor with no options (19's `assemblyFormat = "attr-dict"` ones)."""
    return pattern_descriptor(Op("transform.apply_patterns.vector." + name,
                                 format="attr-dict"), _not_loaded)


LOWER_BROADCAST = _simple("lower_broadcast")
LOWER_SHAPE_CAST = _simple("lower_shape_cast")
LOWER_INTERLEAVE = _simple("lower_interleave")
LOWER_BITCAST = _simple("lower_bitcast")
LOWER_CREATE_MASK = _simple("lower_create_mask")
LOWER_MASKS = _simple("lower_masks")
LOWER_MASKED_TRANSFERS = _simple("lower_masked_transfers")
LOWER_OUTERPRODUCT = _simple("lower_outerproduct")
LOWER_SCAN = _simple("lower_scan")
CAST_AWAY_LEADING_ONE_DIM = _simple("cast_away_vector_leading_one_dim")
REDUCTION_TO_CONTRACT = _simple("reduction_to_contract")
