"""tensor.concat decomposed (populateDecomposeTensorConcatPatterns): a tensor.empty of the
result's (reified) shape, each input inserted into it with tensor.insert_slice at the running
sum of the preceding inputs' sizes along the concatenated dim, then a tensor.cast to the
result type (folded away when the types agree). Used by
transform.apply_patterns.tensor.decompose_concat."""
from __future__ import annotations

from pyopt.ir.affine import dim
from pyopt.ir.attributes import IntegerAttr
from pyopt.ir.types import INDEX
from pyopt.rewrite.folding import create_or_fold
from pyopt.rewrite.pattern import RewritePattern
from pyopt.dialects.affine.builders import composed_folded_apply
from pyopt.dialects.tensor.reshapes import mixed_sizes
from pyopt.dialects.tensor.slice_canonicalize import slice_properties
from pyopt.interfaces.tiling import TilingFailure
from passes.linalg.tiling.scf_tiling import destinations


class DecomposeTensorConcat(RewritePattern):
    root = "tensor.concat"

    def match_and_rewrite(self, op, rw):
        loc = op.loc
        try:
            (dest,) = destinations(rw, op)
        except TilingFailure:  # no reifiable shape: leave the op
            return False
        if dest.defining_op() is None or dest.defining_op().name != "tensor.empty":
            return False
        d = op.properties["dim"].value
        inputs = list(op.inputs)
        rt = op.results[0].type
        rank = len(rt.shape)
        dim_value = rw.create("arith.constant", [], [INDEX],
                              properties={"value": IntegerAttr(INDEX, d)}, loc=loc).results[0]
        sizes_along = [0]
        for v in inputs[:-1]:
            sizes_along.append(create_or_fold(rw, "tensor.dim", [v, dim_value], [INDEX], loc)[0])
        offsets_along = []
        for k in range(len(inputs)):
            expr = dim(0)
            for j in range(1, k + 1):
                expr = expr + dim(j)
            offsets_along.append(composed_folded_apply(rw, expr, sizes_along[:k + 1], loc))
        result = dest
        for v, off in zip(inputs, offsets_along):
            offsets = [0] * rank
            offsets[d] = off
            props, dyn = slice_properties(offsets, mixed_sizes(rw, v, loc), [1] * rank, 2)
            result = create_or_fold(rw, "tensor.insert_slice", [v, result] + dyn,
                                    [result.type], loc, properties=props)[0]
        rw.replace_op(op, create_or_fold(rw, "tensor.cast", [result], [rt], loc))
        return True
