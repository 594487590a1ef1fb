// Schedule of passtest.py's tile-vectorize mode (loaded with -transform-preload-library):
// tile every linalg op's two outer loops by 1x2 (where it has two), vectorize what has
// static shapes, and lower the vector ops that convert-vector-to-llvm does not take.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %ops = transform.structured.match interface{LinalgOp} in %root : (!transform.any_op) -> !transform.any_op
    transform.foreach %ops : !transform.any_op {
    ^bb0(%op: !transform.any_op):
      transform.sequence %op : !transform.any_op failures(suppress) {
      ^bb1(%o: !transform.any_op):
        %t, %l:2 = transform.structured.tile_using_for %o tile_sizes [1, 2] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
      }
    }
    %funcs = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.foreach %funcs : !transform.any_op {
    ^bb0(%f: !transform.any_op):
      %v = transform.structured.vectorize_children_and_apply_patterns %f : (!transform.any_op) -> !transform.any_op
      transform.apply_patterns to %v {
        transform.apply_patterns.vector.transfer_permutation_patterns
        transform.apply_patterns.vector.lower_multi_reduction lowering_strategy = "innerparallel"
        transform.apply_patterns.vector.transfer_to_scf max_transfer_rank = 1 full_unroll = true
        transform.apply_patterns.vector.lower_transfer max_transfer_rank = 1
        transform.apply_patterns.vector.lower_shape_cast
        transform.apply_patterns.vector.lower_transpose lowering_strategy = "shuffle_1d"
      } : !transform.any_op
    }
    transform.yield
  }
}
