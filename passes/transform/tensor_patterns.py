"""The patterns of tensor's pattern descriptors (pyopt/dialects/transform/ext_tensor.py),
each the populate*Patterns set 19's descriptor adds."""
from __future__ import annotations

from pyopt.interfaces import attach
from pyopt.dialects.transform import ext_tensor as T
from pyopt.dialects.transform.extension import PATTERN_DESCRIPTOR
from pyopt.dialects.tensor import slice_patterns as S


def _fold_empty(op, ctx):
    from pyopt.dialects.tensor.empty_folding import fold_tensor_empty_patterns
    a = op.properties.get("fold_single_use_only")
    return fold_tensor_empty_patterns(fold_single_use_only=a is not None and bool(a.value))


def _pack_unpack(op, ctx):
    from pyopt.dialects.tensor.pack_patterns import fold_into_pack_unpack_patterns
    return fold_into_pack_unpack_patterns()


def _subset(op, ctx):
    from passes.tensor.fold_subset_ops import fold_tensor_subset_op_patterns
    return fold_tensor_subset_op_patterns()


def _subset_into_transfers(op, ctx):
    """populateFoldTensorSubsetIntoVectorTransferPatterns: the transfer folders only."""
    from passes.tensor import fold_subset_ops as F
    return [F.TransferReadOfExtractSliceOpFolder(), F.InsertSliceOfTransferWriteOpFolder()]


def _decompose_concat(op, ctx):
    from passes.tensor.decompose_concat import DecomposeTensorConcat
    return [DecomposeTensorConcat()]


for _d, _f in ((T.DECOMPOSE_CONCAT, _decompose_concat), (T.DROP_REDUNDANT_RANK_EXPANSION,
                lambda op, ctx: S.drop_redundant_rank_expansion_patterns()),
               (T.FOLD_TENSOR_EMPTY, _fold_empty), (T.FOLD_INTO_PACK_AND_UNPACK, _pack_unpack),
               (T.FOLD_TENSOR_SUBSET_OPS, _subset),
               (T.FOLD_SUBSET_INTO_VECTOR_TRANSFERS, _subset_into_transfers),
               (T.MERGE_CONSECUTIVE_INSERT_EXTRACT_SLICE,
                lambda op, ctx: S.merge_consecutive_insert_extract_patterns()),
               (T.REASSOCIATIVE_RESHAPE_FOLDING,
                lambda op, ctx: S.reassociative_reshape_folding_patterns())):
    attach(_d, PATTERN_DESCRIPTOR, _f)
