"""`fold-tensor-subset-ops` (MLIR 19 Tensor/Transforms/FoldTensorSubsetOps.cpp): tensor slices
folded into the ops that read or write through them:

- vector.transfer_read of a tensor.extract_slice reads the slice's source at the resolved
  indices (offset + index * stride), its permutation map re-expressed over the source's dims;
- tensor.insert_slice of a vector.transfer_write's result writes into the insert's dest;
- (parallel_)insert_slice of an insert_slice with the same sizes inserts the inner source.

Only unit-stride slices and in-bounds, unmasked transfers fold. The patterns are
`fold_tensor_subset_op_patterns()` (populateFoldTensorSubsetOpPatterns)."""
from __future__ import annotations

from pyopt.ir.affine import AffineMap, dim
from pyopt.ir.attributes import AffineMapAttr
from pyopt.ir.opdef import segment_sizes
from pyopt.pass_registry import register_pass
from pyopt.rewrite import apply_patterns_greedily
from pyopt.rewrite.matchers import constant_int, defining
from pyopt.rewrite.pattern import RewritePattern
from passes.scf.common import default_greedy_config
from pyopt.dialects.affine.builders import (resolve_indices_into_offsets_and_strides,
                                            resolve_sizes_into_sizes)
from pyopt.dialects.shaped_models import dropped_dims
from pyopt.dialects.tensor.slice_canonicalize import create_insert_slice


def has_unit_stride(op):
    return all((s if isinstance(s, int) else constant_int(s)) == 1 for s in op.mixed_strides)


def slice_dropped_dims(op):
    """getDroppedDims of an extract_slice (its result) or insert_slice (its source)."""
    reduced = op.result.type if op.name == "tensor.extract_slice" else op.source.type
    return dropped_dims(list(reduced.shape), op.mixed_sizes)


def _out_of_bounds(xfer):
    """hasOutOfBoundsDim: a non-broadcast result of the permutation map not in bounds."""
    perm = xfer.get_attr("permutation_map").value
    in_bounds = xfer.get_attr("in_bounds")
    for i, e in enumerate(perm.results):
        if e.kind.name == "CONSTANT" and e.value == 0:
            continue
        if in_bounds is None or not in_bounds[i].value:
            return True
    return False


def _preconditions(rw, xfer, slice_op):
    if _out_of_bounds(xfer):
        return rw.notify_match_failure(xfer, "out of bounds transfer dim")
    if xfer.mask is not None:
        return rw.notify_match_failure(xfer, "masked transfer")
    if not has_unit_stride(slice_op):
        return rw.notify_match_failure(xfer, "non-1 stride insert/extract")
    return True


def expand_dims_to_rank(m, rank, projected):
    """expandDimsToRank: `m` composed with the identity of `rank` dims minus `projected`."""
    keep = [d for d in range(rank) if d not in projected]
    return m.compose(AffineMap(rank, 0, [dim(d) for d in keep]))


class TransferReadOfExtractSliceOpFolder(RewritePattern):
    def __init__(self):
        super().__init__("vector.transfer_read")

    def match_and_rewrite(self, op, rw):
        ex = defining(op.source, "tensor.extract_slice")
        if ex is None:
            return rw.notify_match_failure(op, "not an extract_slice")
        if _preconditions(rw, op, ex) is not True:
            return rw.notify_match_failure(op, "Failed preconditions")
        # a read inside vector.mask: the new read is masked the same way and replaces the
        # vector.mask (MaskableOpRewritePattern)
        mask_op = op.parent_op if op.parent_op is not None and \
            op.parent_op.name == "vector.mask" else None
        dropped = slice_dropped_dims(ex)
        rw.set_insertion_point(mask_op or op)
        indices = resolve_indices_into_offsets_and_strides(
            rw, op.loc, ex.mixed_offsets, ex.mixed_strides, dropped, list(op.indices))
        perm = expand_dims_to_rank(op.get_attr("permutation_map").value,
                                   len(ex.source.type.shape), dropped)
        props = dict(op.properties)
        props["permutation_map"] = AffineMapAttr(perm)
        props["operandSegmentSizes"] = segment_sizes([1, len(indices), 1, 0])
        new = rw.create("vector.transfer_read", [ex.source] + indices + [op.padding],
                        [op.results[0].type], properties=props, loc=op.loc)
        if mask_op is not None:
            from passes.linalg.vectorization import mask_operation
            new = mask_operation(rw, new, mask_op.mask)
        rw.replace_op(mask_op or op, list(new.results))
        return True


class InsertSliceOfTransferWriteOpFolder(RewritePattern):
    def __init__(self):
        super().__init__("tensor.insert_slice")

    def match_and_rewrite(self, op, rw):
        w = defining(op.source, "vector.transfer_write")
        if w is None:
            return rw.notify_match_failure(op, "not a transfer_write")
        if _preconditions(rw, w, op) is not True:
            return False
        dropped = slice_dropped_dims(op)
        rw.set_insertion_point(op)
        indices = resolve_indices_into_offsets_and_strides(
            rw, w.loc, op.mixed_offsets, op.mixed_strides, dropped, list(w.indices))
        perm = expand_dims_to_rank(w.get_attr("permutation_map").value,
                                   len(op.dest.type.shape), dropped)
        props = dict(w.properties)
        props["permutation_map"] = AffineMapAttr(perm)
        props["operandSegmentSizes"] = segment_sizes([1, 1, len(indices), 0])
        rw.replace_op_with_new_op(op, "vector.transfer_write",
                                  [w.vector, op.dest] + indices, [op.result.type],
                                  properties=props)
        return True


class InsertSliceOfInsertSliceFolder(RewritePattern):
    def match_and_rewrite(self, op, rw):
        inner = defining(op.source, "tensor.insert_slice")
        if inner is None:
            return False
        if not has_unit_stride(op):
            return rw.notify_match_failure(op, "requires unit strides")
        if not has_unit_stride(inner):
            return rw.notify_match_failure(inner, "requires unit strides")
        dropped = slice_dropped_dims(op)
        sizes, inner_sizes = op.mixed_sizes, inner.mixed_sizes
        k = 0
        for d in range(len(op.dest.type.shape)):
            if d in dropped:
                continue
            if not _same_ofr(sizes[d], inner_sizes[k]):
                return rw.notify_match_failure(inner, "requires matching sizes to fold, "
                                                      "otherwise a copy is needed")
            k += 1
        resolved_sizes = resolve_sizes_into_sizes(sizes, inner_sizes, dropped)
        if op.name == "tensor.parallel_insert_slice":
            rw.set_insertion_point(op.parent_op)
        else:
            rw.set_insertion_point(op)
        offsets = resolve_indices_into_offsets_and_strides(
            rw, op.loc, op.mixed_offsets, op.mixed_strides, dropped, inner.mixed_offsets)
        offsets = [_as_ofr(v) for v in offsets]
        rw.set_insertion_point(op)
        new = create_insert_slice(rw, op.name, inner.source, op.dest, offsets, resolved_sizes,
                                  op.mixed_strides, op.loc)
        rw.replace_op(op, list(new.results))
        return True


def _same_ofr(a, b):
    """OpFoldResult equality: the same int or the same Value."""
    return a == b if isinstance(a, int) and isinstance(b, int) else a is b


def _as_ofr(v):
    """getAsOpFoldResult: a constant Value as its int."""
    c = constant_int(v)
    return v if c is None else c


def fold_tensor_subset_op_patterns():
    return [TransferReadOfExtractSliceOpFolder(), InsertSliceOfTransferWriteOpFolder(),
            InsertSliceOfInsertSliceFolder("tensor.insert_slice"),
            InsertSliceOfInsertSliceFolder("tensor.parallel_insert_slice")]


@register_pass("fold-tensor-subset-ops", "Fold tensor subset ops into producer/consumer ops",
               display_name="FoldTensorSubsetOps")
def fold_tensor_subset_ops(op, ctx, options):
    apply_patterns_greedily(op, fold_tensor_subset_op_patterns(), ctx, default_greedy_config())
