"""Vector's pattern descriptors for transform.apply_patterns (MLIR 19 VectorTransformOps):
declared here, their patterns attached by the pass library (passes/transform/
vector_patterns.py), which owns the vector rewrite patterns. Add further
`apply_patterns.vector.*` descriptors the same way."""
from __future__ import annotations

from pyopt.ir.attributes import BoolAttr, IntegerAttr
from pyopt.ir.constraints import BoolAttrConstraint, I64Attr, IntEnum, IntEnumAttrC
from pyopt.ir.opdef import Op
from pyopt.ir.types import I32, I64
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
MATERIALIZE_MASKS = _simple("materialize_masks")
TRANSFER_PERMUTATION = _simple("transfer_permutation_patterns")
INTERLEAVE_TO_SHUFFLE = _simple("interleave_to_shuffle")
REWRITE_NARROW_TYPES = _simple("rewrite_narrow_types")
FOLD_ARITH_EXTENSION = _simple("fold_arith_extension")
ELEMENTWISE_TO_VECTOR = _simple("elementwise_to_vector")
RANK_REDUCING_SUBVIEW = _simple("rank_reducing_subview_patterns")
LOWER_GATHER = _simple("lower_gather")

TRANSPOSE_LOWERING = IntEnum("VectorTransposeLowering",
                             [("eltwise", 0), ("flat_transpose", 1), ("shuffle_1d", 2),
                              ("shuffle_16x16", 3)], I32,
                             "control the lowering of `vector.transpose` operations.")
TRANSFER_SPLIT = IntEnum("VectorTransferSplit",
                         [("none", 0), ("vector-transfer", 1), ("linalg-copy", 2),
                          ("force-in-bounds", 3)], I32,
                         "control the splitting of `vector.transfer` operations into in-bounds"
                         " and out-of-bounds variants.")
CONTRACT_LOWERING = IntEnum("VectorContractLowering",
                            [("dot", 0), ("matmulintrinsics", 1), ("outerproduct", 2),
                             ("parallelarith", 3)], I32,
                            "control the lowering of `vector.contract` operations.")


def _max_rank():
    return I64Attr.with_default(IntegerAttr(I64, 1))


def _false():
    return BoolAttrConstraint.with_default(BoolAttr(False))


# 19's oilists are read here as optional groups in declaration order.
LOWER_TRANSPOSE = pattern_descriptor(
    Op("transform.apply_patterns.vector.lower_transpose",
       attrs={"lowering_strategy": IntEnumAttrC(TRANSPOSE_LOWERING).with_default(
           IntegerAttr(I32, 0)), "avx2_lowering_strategy": _false()},
       format="(`lowering_strategy` `=` $lowering_strategy^)? "
              "(`avx2_lowering_strategy` `=` $avx2_lowering_strategy^)? attr-dict"),
    _not_loaded)
LOWER_CONTRACTION = pattern_descriptor(
    Op("transform.apply_patterns.vector.lower_contraction",
       attrs={"lowering_strategy": IntEnumAttrC(CONTRACT_LOWERING).with_default(
           IntegerAttr(I32, 2))},
       format="(`lowering_strategy` `=` $lowering_strategy^)? attr-dict"),
    _not_loaded)
LOWER_TRANSFER = pattern_descriptor(
    Op("transform.apply_patterns.vector.lower_transfer",
       attrs={"max_transfer_rank": _max_rank()},
       format="(`max_transfer_rank` `=` $max_transfer_rank^)? attr-dict"),
    _not_loaded)
SPLIT_TRANSFER_FULL_PARTIAL = pattern_descriptor(
    Op("transform.apply_patterns.vector.split_transfer_full_partial",
       attrs={"split_transfer_strategy": IntEnumAttrC(TRANSFER_SPLIT).with_default(
           IntegerAttr(I32, 2))},
       format="(`split_transfer_strategy` `=` $split_transfer_strategy^)? attr-dict"),
    _not_loaded)
TRANSFER_TO_SCF = pattern_descriptor(
    Op("transform.apply_patterns.vector.transfer_to_scf",
       attrs={"max_transfer_rank": _max_rank(), "full_unroll": _false()},
       format="(`max_transfer_rank` `=` $max_transfer_rank^)? "
              "(`full_unroll` `=` $full_unroll^)? attr-dict"),
    _not_loaded)
