"""The patterns of vector's pattern descriptors (pyopt/dialects/transform/ext_vector.py),
each the populate*Patterns set 19's descriptor adds."""
from __future__ import annotations

from pyopt.interfaces import attach
from pyopt.dialects.transform import ext_vector as V
from pyopt.dialects.transform.extension import PATTERN_DESCRIPTOR
from passes.vector.multi_reduction import multi_reduction_patterns


def _lower_multi_reduction(op, ctx):
    s = op.properties.get("lowering_strategy")
    return multi_reduction_patterns(inner_reduction=s is not None and s.value == 1)


def _broadcast(op, ctx):
    from passes.conversion.vector_to_llvm.prepare import BroadcastLowering
    return [BroadcastLowering()]


def _shape_cast(op, ctx):
    from passes.conversion.vector_to_llvm import shape as S
    return [S.ShapeCast2DTo1D(), S.ShapeCast1DTo2D(), S.ShapeCastGeneric(),
            S.ShapeCastScalable()]


def _interleave(op, ctx):
    from passes.conversion.vector_to_llvm import unroll as U
    return [U.UnrollInterleave(), U.UnrollDeinterleave()]


def _bitcast(op, ctx):
    from passes.conversion.vector_to_llvm import unroll as U
    return [U.UnrollBitCast()]


def _masks(op, ctx):
    """populateVectorMaskOpLoweringPatterns (n-D create_mask / constant_mask unrolled)."""
    from passes.conversion.vector_to_llvm import masks as M
    from passes.conversion.vector_to_llvm.prepare import ConstantMask1D
    return [M.CreateMaskUnroll(), M.ConstantMaskUnroll(), ConstantMask1D()]


def _masked_transfers(op, ctx):
    from passes.vector import mask as M
    return [M.MaskedTransferRead(), M.MaskedTransferWrite(), M.MaskedGather()]


def _outerproduct(op, ctx):
    from passes.conversion.vector_to_llvm.contract import OuterProductLowering
    return [OuterProductLowering()]


def _scan(op, ctx):
    from passes.vector.scan import ScanToArithOps
    return [ScanToArithOps()]


def _cast_away_leading_one_dim(op, ctx):
    from passes.vector import drop_lead_unit
    return drop_lead_unit.patterns()


def _reduction_to_contract(op, ctx):
    from passes.vector.reduction_to_contract import PATTERNS
    return [p() for p in PATTERNS]


def _prop(op, name, default):
    a = op.properties.get(name)
    return default if a is None else a.value


def _transpose(op, ctx):
    from passes.vector.transpose_lowering import transpose_patterns
    pats = transpose_patterns(_prop(op, "lowering_strategy", 0))
    if _prop(op, "avx2_lowering_strategy", False):
        from passes.vector.avx2_transpose import Avx2Transpose
        pats.append(Avx2Transpose())
    return pats


def _contraction(op, ctx):
    from passes.vector.contract_strategies import contraction_lowering_patterns
    return contraction_lowering_patterns(_prop(op, "lowering_strategy", 2), outer_product=False)


def _transfer(op, ctx):
    from passes.conversion.vector_to_llvm import transfer as T
    r = _prop(op, "max_transfer_rank", 1)
    return [T.TransferReadToLoad(r), T.TransferWriteToStore(r), T.LoadToMemrefLoad(),
            T.StoreToMemrefStore()]


def _transfer_to_scf(op, ctx):
    from passes.conversion.vector_to_scf import loops
    from passes.conversion.vector_to_scf.printing import DecomposePrint
    opts = loops.Options(bool(_prop(op, "full_unroll", False)),
                         _prop(op, "max_transfer_rank", 1))
    return loops.patterns(opts) + [DecomposePrint()]


def _permutation(op, ctx):
    from passes.conversion.vector_to_scf import permutation
    return permutation.patterns()


def _materialize_masks(op, ctx):
    """populateVectorMaskMaterializationPatterns (32-bit indices not forced)."""
    from passes.conversion.vector_to_llvm import transfer as T, masks as M
    return [M.CreateMask1D(False), T.MaterializeTransferMask("vector.transfer_read"),
            T.MaterializeTransferMask("vector.transfer_write")]


def _interleave_to_shuffle(op, ctx):
    from passes.vector.interleave import InterleaveToShuffle
    return [InterleaveToShuffle()]


def _narrow_types(op, ctx):
    from passes.vector.narrow_types import narrow_type_patterns, transpose_narrow_type_patterns
    return narrow_type_patterns() + transpose_narrow_type_patterns()


def _split_full_partial(op, ctx):
    from passes.vector.transfer_split import full_partial_patterns
    return full_partial_patterns(_prop(op, "split_transfer_strategy", 2))


def _fold_ext(op, ctx):
    from passes.vector.fold_into_vector_ops import fold_ext_patterns
    return fold_ext_patterns()


def _elementwise_to_vector(op, ctx):
    from passes.vector.fold_into_vector_ops import elementwise_to_vector_patterns
    return elementwise_to_vector_patterns()


def _rank_reducing_subview(op, ctx):
    from passes.vector.drop_unit_dims import drop_unit_dims_patterns
    return drop_unit_dims_patterns()


def _gather(op, ctx):
    from passes.vector.gather_lowering import gather_lowering_patterns
    return gather_lowering_patterns()


for _d, _f in ((V.LOWER_MULTI_REDUCTION, _lower_multi_reduction),
               (V.LOWER_BROADCAST, _broadcast), (V.LOWER_SHAPE_CAST, _shape_cast),
               (V.LOWER_INTERLEAVE, _interleave), (V.LOWER_BITCAST, _bitcast),
               (V.LOWER_CREATE_MASK, _masks), (V.LOWER_MASKS, _masks),
               (V.LOWER_MASKED_TRANSFERS, _masked_transfers),
               (V.LOWER_OUTERPRODUCT, _outerproduct), (V.LOWER_SCAN, _scan),
               (V.CAST_AWAY_LEADING_ONE_DIM, _cast_away_leading_one_dim),
               (V.REDUCTION_TO_CONTRACT, _reduction_to_contract),
               (V.LOWER_TRANSPOSE, _transpose), (V.LOWER_CONTRACTION, _contraction),
               (V.LOWER_TRANSFER, _transfer), (V.TRANSFER_TO_SCF, _transfer_to_scf),
               (V.TRANSFER_PERMUTATION, _permutation), (V.MATERIALIZE_MASKS, _materialize_masks),
               (V.INTERLEAVE_TO_SHUFFLE, _interleave_to_shuffle),
               (V.REWRITE_NARROW_TYPES, _narrow_types),
               (V.SPLIT_TRANSFER_FULL_PARTIAL, _split_full_partial),
               (V.FOLD_ARITH_EXTENSION, _fold_ext),
               (V.ELEMENTWISE_TO_VECTOR, _elementwise_to_vector),
               (V.RANK_REDUCING_SUBVIEW, _rank_reducing_subview),
               (V.LOWER_GATHER, _gather)):
    attach(_d, PATTERN_DESCRIPTOR, _f)
