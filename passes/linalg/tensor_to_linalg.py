"""`convert-tensor-to-linalg`: tensor.pad becomes a tensor.empty of the padded sizes, filled
with the padding value (linalg.fill; a tensor.generate running the pad's body when the value
is computed there), and a tensor.insert_slice of the source at the low padding (MLIR 19's
GeneralizePadOpPattern, applied by a partial conversion)."""
from __future__ import annotations

from pyopt.ir.attributes import DenseArrayAttr
from pyopt.ir.opdef import segment_sizes
from pyopt.ir.types import DYNAMIC, I64, INDEX
from pyopt.pass_registry import register_pass
from pyopt.rewrite.conversion import ConversionTarget, apply_partial_conversion
from pyopt.rewrite.folding import create_or_fold
from pyopt.rewrite.matchers import constant_int
from pyopt.rewrite.pattern import RewritePattern
from pyopt.dialects.affine.builders import value_of
from pyopt.dialects.linalg.builders import create_named
from pyopt.dialects.tensor.pad_canonicalize import constant_padding_value
from passes.memref.common import dispatch


def _mixed_size(rw, v, i, loc):
    s = v.type.shape[i]
    if s != DYNAMIC:
        return s
    return rw.create("tensor.dim", [v, value_of(rw, i, loc)], [INDEX], loc=loc).results[0]


def _mixed_entries(values):
    """dispatchIndexOpFoldResults, which also takes constant Values as static entries."""
    folded = []
    for x in values:
        c = None if isinstance(x, int) else constant_int(x)
        folded.append(x if c is None else c)
    return dispatch(folded)


class GeneralizePad(RewritePattern):
    """`copy_fn(rw, pad, dest)` (optimizeCopyFn), when given, may write the source into the
    filled tensor itself and replace the pad (returning True) instead of the insert_slice."""
    root = "tensor.pad"

    def __init__(self, copy_fn=None, benefit=None):
        super().__init__(benefit=benefit)
        self.copy_fn = copy_fn

    def match_and_rewrite(self, pad, rw):
        loc = pad.loc
        rt = pad.results[0].type
        src = pad.source
        low, high = pad.mixed_low, pad.mixed_high
        dyn_sizes = []
        for d, s in enumerate(rt.shape):
            if s != DYNAMIC:
                continue
            size = value_of(rw, _mixed_size(rw, src, d, loc), loc)
            plus_low = create_or_fold(rw, "arith.addi", [size, value_of(rw, low[d], loc)],
                                      [INDEX], loc)[0]
            dyn_sizes.append(create_or_fold(rw, "arith.addi",
                                            [plus_low, value_of(rw, high[d], loc)],
                                            [INDEX], loc)[0])
        empty = rw.create("tensor.empty", dyn_sizes, [rt], loc=loc).results[0]
        value = constant_padding_value(pad)
        if value is not None:
            fill = create_named(rw, "linalg.fill", [value], [empty], loc).results[0]
        else:
            gen = rw.create("tensor.generate", dyn_sizes, [rt], regions=1, loc=loc)
            pad.regions[0].clone_into(gen.regions[0], {})
            fill = gen.results[0]
        if self.copy_fn is not None and self.copy_fn(rw, pad, fill):
            return True
        sizes = [_mixed_size(rw, src, d, loc) for d in range(len(src.type.shape))]
        so, do = _mixed_entries(low)
        ss, ds = _mixed_entries(sizes)
        one = [1] * len(sizes)
        new = rw.create("tensor.insert_slice", [src, fill] + do + ds, [rt], properties={
            "static_offsets": DenseArrayAttr(I64, so), "static_sizes": DenseArrayAttr(I64, ss),
            "static_strides": DenseArrayAttr(I64, one),
            "operandSegmentSizes": segment_sizes([1, 1, len(do), len(ds), 0])}, loc=loc)
        rw.replace_op(pad, list(new.results))
        return True


@register_pass("convert-tensor-to-linalg", "Convert some Tensor dialect ops to Linalg dialect",
               display_name="ConvertTensorToLinalg", anchor="builtin.module")
def convert_tensor_to_linalg(op, ctx, options):
    target = ConversionTarget(ctx)
    target.add_legal_dialect("arith", "linalg", "tensor")
    target.add_illegal_op("tensor.pad")
    apply_partial_conversion(op, target, [GeneralizePad()], ctx)

