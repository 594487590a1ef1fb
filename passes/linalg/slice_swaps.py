"""Patterns moving a tensor.extract_slice above its producer so that the producer computes
only the slice (MLIR 19 linalg: SwapExtractSliceOfFill, ExtractSliceOfPadTensorSwapPattern,
BubbleUpExtractSliceOpPattern). -test-linalg-transform-patterns drives each set."""
from __future__ import annotations

from pyopt.rewrite.matchers import defining
from pyopt.rewrite.pattern import RewritePattern


class SwapExtractSliceOfFill(RewritePattern):
    """extract_slice(fill(v, init)) -> fill(v, extract_slice(init)) when the fill has no
    other user: the fill then writes only the slice."""
    root = "tensor.extract_slice"

    def match_and_rewrite(self, op, rw):
        from pyopt.dialects.linalg.builders import create_named
        from pyopt.dialects.tensor.slice_canonicalize import create_extract_slice
        fill = defining(op.source, "linalg.fill")
        if fill is None or not fill.results[0].has_one_use():
            return False
        sliced = create_extract_slice(rw, op.result.type, fill.outputs[0], op.mixed_offsets,
                                      op.mixed_sizes, op.mixed_strides, op.loc)
        new = create_named(rw, "linalg.fill", list(fill.inputs), [sliced], op.loc)
        rw.replace_op(op, list(new.results))
        return True


class ExtractSliceOfPadSwap(RewritePattern):
    """extract_slice(pad(x)) -> pad(extract_slice(x)) (or a tensor.generate of the padding
    value where the window reads no source element), for unit-stride slices of pads with a
    constant padding value. `control(slice)` -> None (do not apply) or whether to guard
    dynamic zero-sized source slices with an scf.if (default: guard)."""
    root = "tensor.extract_slice"

    def __init__(self, control=None):
        super().__init__()
        self.control = control

    def match_and_rewrite(self, op, rw):
        from pyopt.dialects.tensor.pad_slice import bubble_up_pad_slice
        from pyopt.dialects.tensor.slice_patterns import has_unit_stride
        if not has_unit_stride(op):
            return False
        pad = defining(op.source, "tensor.pad")
        if pad is None:
            return False
        # a rank-reducing slice would need a reshape of the new pad
        if len(op.result.type.shape) != len(op.source.type.shape):
            return False
        guard = True
        if self.control is not None:
            guard = self.control(op)
            if guard is None:
                return False
        made = bubble_up_pad_slice(rw, pad, op.mixed_offsets, op.mixed_sizes, guard)
        if made is None:
            return False
        rw.replace_op(op, made[1])
        return True


class BubbleUpExtractSlice(RewritePattern):
    """extract_slice(linalg op) -> linalg op on slices of its operands (the slice of the
    iteration space that produces the sliced result), for a single-use, single-init op on
    tensors whose init map is a projected permutation; unit strides, no rank reduction."""
    root = "tensor.extract_slice"

    def match_and_rewrite(self, op, rw):
        from pyopt.interfaces.destination_style import (clone_with, dps_inits,
                                                        has_pure_tensor_semantics, init_indices)
        from pyopt.dialects.affine.builders import composed_folded_apply
        from pyopt.dialects.linalg.structured import (indexing_maps, is_linalg_op,
                                                      shapes_to_loops_map)
        from pyopt.dialects.linalg.tiled_shapes import make_tiled_shapes
        from pyopt.dialects.linalg.tiling_model import flat_operand_dims
        from pyopt.dialects.tensor.slice_patterns import has_unit_stride
        lop = op.source.defining_op()
        if lop is None or not is_linalg_op(lop):
            return rw.notify_match_failure(op, "expected source to be linalg op")
        if sum(1 for r in lop.results for _ in r.uses()) != 1:
            return rw.notify_match_failure(op, "expected single use of linalg op")
        if len(dps_inits(lop)) != 1:
            return rw.notify_match_failure(op, "expected single output of linalg op")
        if not has_pure_tensor_semantics(lop):
            return rw.notify_match_failure(op, "expected tensor of linalg op")
        if not has_unit_stride(op):
            return rw.notify_match_failure(op, "expected unit stride")
        if len(op.result.type.shape) != len(op.source.type.shape):
            return rw.notify_match_failure(op, "expected no rank reduction")
        out_map = indexing_maps(lop)[init_indices(lop)[0]]
        if not out_map.is_projected_permutation():
            return rw.notify_match_failure(op, "expected a projected permutation for output")
        loc = lop.loc
        shapes = flat_operand_dims(rw, lop, loc)
        to_loops = shapes_to_loops_map(lop)
        if to_loops is None:
            return rw.notify_match_failure(lop, "failed to get loops map from shape sizes")
        bounds = [composed_folded_apply(rw, to_loops.get_sub_map([k]), shapes, loc)
                  for k in range(len(to_loops.results))]
        offsets, sizes = [0] * len(bounds), list(bounds)
        for k, e in enumerate(out_map.results):
            offsets[e.position] = op.mixed_offsets[k]
            sizes[e.position] = op.mixed_sizes[k]
        tiled = make_tiled_shapes(rw, loc, lop, list(lop.operands), offsets, sizes, bounds,
                                  True)
        new = clone_with(rw, lop, [tiled[i].type for i in init_indices(lop)], tiled)
        rw.replace_op(op, list(new.results))
        return True
