"""tensor.empty folded into its users (MLIR 19 Tensor/Transforms/EmptyOpPatterns.cpp,
populateFoldTensorEmptyPatterns): a reshape, extract_slice or concat of tensor.empty values is
a tensor.empty of the result's sizes; a pack (without padding) or unpack of a tensor.empty is
its destination.

`fold_tensor_empty_patterns(fold_single_use_only=False)` returns the patterns; with
`fold_single_use_only` the reshape and slice ones only fold an empty tensor with one use."""
from __future__ import annotations

from pyopt.interfaces.shaped import reify_model
from pyopt.ir.types import DYNAMIC, RankedTensorType
from pyopt.rewrite.matchers import defining
from pyopt.rewrite.pattern import RewritePattern


def create_empty(b, mixed_sizes, element_type, loc, encoding=None):
    """tensor.empty from [int | Value] sizes (EmptyOp's builder from OpFoldResults)."""
    static = [s if isinstance(s, int) else DYNAMIC for s in mixed_sizes]
    dyn = [s for s in mixed_sizes if not isinstance(s, int)]
    t = RankedTensorType(static, element_type, encoding) if encoding is not None else \
        RankedTensorType(static, element_type)
    return b.create("tensor.empty", dyn, [t], loc=loc).results[0]


def _empty_source(v, single_use_only):
    e = defining(v, "tensor.empty")
    if e is None or (single_use_only and not e.results[0].has_one_use()):
        return None
    return e


def _reify(rw, op):
    from pyopt.dialects import shaped_models  # noqa: F401  (attaches the models)
    m = reify_model(op)
    return None if m is None else m.reify(op, rw)


class FoldEmptyTensorWithReshapeOp(RewritePattern):
    """expand_shape / collapse_shape of tensor.empty -> tensor.empty of the reified sizes (a
    tensor.cast back to the result type when those are less static)."""

    def __init__(self, root, fold_single_use_only=False):
        super().__init__(root)
        self.single_use_only = fold_single_use_only

    def match_and_rewrite(self, op, rw):
        if _empty_source(op.src, self.single_use_only) is None:
            return False
        rw.set_insertion_point(op)
        shapes = _reify(rw, op)
        if shapes is None or len(shapes) != 1:
            return False
        rt = op.results[0].type
        new = create_empty(rw, shapes[0], rt.element_type, op.loc)
        if new.type is not rt:
            rw.replace_op_with_new_op(op, "tensor.cast", [new], [rt])
        else:
            rw.replace_op(op, [new])
        return True


class FoldEmptyTensorWithExtractSliceOp(RewritePattern):
    """extract_slice of tensor.empty -> tensor.empty of the slice's (dynamic) sizes."""

    def __init__(self, fold_single_use_only=False):
        super().__init__("tensor.extract_slice")
        self.single_use_only = fold_single_use_only

    def match_and_rewrite(self, op, rw):
        if _empty_source(op.source, self.single_use_only) is None:
            return False
        rt = op.results[0].type
        t = RankedTensorType(list(rt.shape), rt.element_type, rt.encoding) \
            if rt.encoding is not None else RankedTensorType(list(rt.shape), rt.element_type)
        rw.replace_op_with_new_op(op, "tensor.empty", list(op.sizes), [t])
        return True


class FoldEmptyTensorWithPackOp(RewritePattern):
    def __init__(self):
        super().__init__("tensor.pack")

    def match_and_rewrite(self, op, rw):
        if defining(op.source, "tensor.empty") is None:
            return False
        if op.padding_value is not None:
            return rw.notify_match_failure(op, "expects no padding value")
        rw.replace_op(op, [op.dest])
        return True


class FoldEmptyTensorWithUnPackOp(RewritePattern):
    def __init__(self):
        super().__init__("tensor.unpack")

    def match_and_rewrite(self, op, rw):
        if defining(op.source, "tensor.empty") is None:
            return False
        rw.replace_op(op, [op.dest])
        return True


class FoldConcatsOfEmpty(RewritePattern):
    def __init__(self):
        super().__init__("tensor.concat")

    def match_and_rewrite(self, op, rw):
        inputs = list(op.inputs)
        if not inputs or defining(inputs[0], "tensor.empty") is None:
            return False
        if any(defining(v, "tensor.empty") is None for v in inputs[1:]):
            return rw.notify_match_failure(op, "not all operands are defined by an empty op")
        rw.set_insertion_point(op)
        shapes = _reify(rw, op)
        rt = op.results[0].type
        static = [s if isinstance(s, int) else DYNAMIC for s in shapes[0]]
        dyn = [s for s in shapes[0] if not isinstance(s, int)]
        rw.replace_op_with_new_op(op, "tensor.empty", dyn,
                                  [RankedTensorType(static, rt.element_type)])
        return True


def fold_tensor_empty_patterns(fold_single_use_only=False):
    """populateFoldTensorEmptyPatterns, in upstream's order."""
    return [FoldEmptyTensorWithExtractSliceOp(fold_single_use_only),
            FoldEmptyTensorWithReshapeOp("tensor.expand_shape", fold_single_use_only),
            FoldEmptyTensorWithReshapeOp("tensor.collapse_shape", fold_single_use_only),
            FoldConcatsOfEmpty(), FoldEmptyTensorWithPackOp(), FoldEmptyTensorWithUnPackOp()]
