"""`empty-tensor-to-alloc-tensor`: every tensor.empty becomes a bufferization.alloc_tensor of
the same type and dynamic sizes (MLIR 19's EmptyTensorLoweringPattern, applied greedily)."""
from __future__ import annotations

from pyopt.ir.opdef import segment_sizes
from pyopt.pass_registry import register_pass
from pyopt.rewrite.greedy import apply_patterns_greedily
from pyopt.rewrite.pattern import RewritePattern


def _lower_empty(op, rw):
    sizes = list(op.dynamicSizes)
    rw.replace_op_with_new_op(op, "bufferization.alloc_tensor", sizes, [op.results[0].type],
                              properties={"operandSegmentSizes": segment_sizes(
                                  [len(sizes), 0, 0])})
    return True


EMPTY_TENSOR_LOWERING = RewritePattern("tensor.empty", 1, _lower_empty,
                                       "EmptyTensorLoweringPattern")


@register_pass("empty-tensor-to-alloc-tensor",
               "Replace all empty ops by alloc_tensor ops.",
               display_name="EmptyTensorToAllocTensor")
def empty_tensor_to_alloc_tensor(op, ctx, options):
    apply_patterns_greedily(op, [EMPTY_TENSOR_LOWERING], ctx)
