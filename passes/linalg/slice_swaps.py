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
