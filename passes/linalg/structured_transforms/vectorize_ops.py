"""transform.structured.vectorize and vectorize_children_and_apply_patterns over
passes/linalg/vectorization.py."""
from __future__ import annotations

from pyopt.ir.diagnostics import Diagnostic
from pyopt.ir.types import DYNAMIC
from pyopt.rewrite.pattern import RewritePattern
from pyopt.dialects.linalg.structured import is_linalg_op
from pyopt.dialects.transform.ext_structured import VECTORIZE, VECTORIZE_CHILDREN
from pyopt.dialects.transform.failures import definite_silent, silenceable

from passes.linalg.structured_transforms.common import (implement, mixed_sizes,
                                                        reify_mixed_params_and_handles)
from passes.linalg.vectorization import vectorize

_VECTORIZABLE = ("tensor.pad", "tensor.pack", "tensor.unpack")


def _static(op, name):
    a = op.get_attr(name)
    return list(a.values) if a is not None else []


def apply_vectorize(op, state, results):
    targets = state.payload_ops(op.target)
    if not targets:
        return
    sizes = reify_mixed_params_and_handles(state, op, mixed_sizes(
        op, _static(op, "static_vector_sizes"), op.vector_sizes))
    scalable = _static(op, "scalable_sizes")
    nd_extract = op.get_attr("vectorize_nd_extract") is not None
    for t in targets:
        if not is_linalg_op(t) and t.name not in _VECTORIZABLE:
            raise silenceable(t, "Unsupported Op, cannot vectorize")
        if not vectorize(state.rewriter, t, sizes, scalable, nd_extract):
            raise silenceable(t, "Attempted to vectorize, but failed")


implement(VECTORIZE, apply_vectorize)


class VectorizationPattern(RewritePattern):
    """Any linalg op vectorized at its static shape."""

    def __init__(self, nd_extract, flatten):
        super().__init__()
        self.nd_extract, self.flatten = nd_extract, flatten

    def match_and_rewrite(self, op, rw):
        return is_linalg_op(op) and vectorize(rw, op, (), (), self.nd_extract, self.flatten)


class CopyVectorizationPattern(RewritePattern):
    """vectorizeCopy: a static memref.copy as one transfer_read / transfer_write pair."""
    root = "memref.copy"

    def match_and_rewrite(self, op, rw):
        from pyopt.ir.affine import AffineMap
        from pyopt.ir.types import VectorType
        from passes.linalg.vectorization import _const_index, transfer_read, transfer_write
        src, dst = op.operands
        from passes.linalg.vectorization import _valid_element
        if DYNAMIC in src.type.shape or DYNAMIC in dst.type.shape or \
                not _valid_element(src.type.element_type) or \
                not _valid_element(dst.type.element_type):
            return False
        rw.set_insertion_point(op)
        rank = len(src.type.shape)
        zero = _const_index(rw, 0, op.loc)
        ident = AffineMap.get_multi_dim_identity(rank)
        read = transfer_read(rw, op.loc, VectorType(src.type.shape, src.type.element_type, None),
                             src, [zero] * rank, ident, [False] * rank).results[0]
        if rank == 0:
            read = rw.create("vector.extractelement", [read], [src.type.element_type],
                             loc=op.loc).results[0]
            read = rw.create("vector.broadcast", [read],
                             [VectorType([], dst.type.element_type, None)], loc=op.loc).results[0]
        transfer_write(rw, op.loc, read, dst, [zero] * rank, ident)
        rw.erase_op(op)
        return True


def children_patterns(ctx, op):
    """The pattern set of VectorizeChildrenAndApplyPatternsOp."""
    from pyopt.rewrite.pattern import canonicalization_patterns
    from pyopt.dialects.vector.transforms.sink import (ReorderCastOpsOnBroadcast,
                                                       ReorderElementwiseOpsOnBroadcast)
    from passes.conversion.vector_to_scf.permutation import patterns as permutation_patterns
    from passes.tensor.fold_subset_ops import (InsertSliceOfTransferWriteOpFolder,
                                               TransferReadOfExtractSliceOpFolder)
    from passes.vector.reduction_to_contract import PATTERNS as REDUCTION_TO_CONTRACT
    pats = [VectorizationPattern(op.get_attr("vectorize_nd_extract") is not None,
                                 op.get_attr("flatten_1d_depthwise_conv") is not None)]
    if op.get_attr("disable_transfer_permutation_map_lowering_patterns") is None:
        pats += permutation_patterns()
    if op.get_attr("disable_multi_reduction_to_contract_patterns") is None:
        pats += [p() for p in REDUCTION_TO_CONTRACT]
    pats += [ReorderCastOpsOnBroadcast(), ReorderElementwiseOpsOnBroadcast()]
    canon = canonicalization_patterns(ctx, {"vector.transfer_read", "vector.transfer_write"})
    pats += [p for lst in canon.by_root.values() for p in lst] + list(canon.generic)
    pats += [TransferReadOfExtractSliceOpFolder(), InsertSliceOfTransferWriteOpFolder(),
             CopyVectorizationPattern()]
    if op.get_attr("vectorize_padding") is not None:
        from passes.linalg.vectorize_pad import pad_vectorization_patterns
        pats += pad_vectorization_patterns()
    return pats


def each_vectorize_children(op, target, state):
    from pyopt.rewrite import PatternSet
    from passes.scf.common import default_greedy_config
    from passes.transform.payload_rewrites import _TrackedGreedyDriver
    if not target.has_trait("IsolatedFromAbove"):
        d = Diagnostic("error", op.loc, f"'{op.name}' op requires isolated-from-above targets")
        d.attach_note("non-isolated target", target.loc)
        state.emit(d)
        raise definite_silent()
    patterns = PatternSet(children_patterns(state.ctx, op))
    for r in target.regions:
        _TrackedGreedyDriver(state.ctx, patterns, default_greedy_config(), r,
                             state.rewriter.listener).simplify()
    return [target]


implement(VECTORIZE_CHILDREN, each_vectorize_children)
