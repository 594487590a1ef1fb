// RUN: pyopt %s --transform-interpreter --verify-diagnostics

// foreach_match with match.structured matchers: the matmul is classified as a contraction
// (its loop sizes and reduction dimension captured), the row sum as a reduction over f32.

module attributes {transform.with_named_sequence} {
  func.func @f(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<4x16xf32>, %d: tensor<4x8xf32>) -> (tensor<4x16xf32>, tensor<4xf32>) {
    %cst = arith.constant 0.0 : f32
    %init = linalg.fill ins(%cst : f32) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
    // expected-remark @below {{sizes 4 : i64, 16 : i64, 8 : i64}}
    // expected-remark @below {{reduction dims 2 : i64}}
    %m = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%init : tensor<4x16xf32>) -> tensor<4x16xf32>
    %e = tensor.empty() : tensor<4xf32>
    // expected-remark @below {{reduction of bits 32 : i64}}
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]} ins(%d : tensor<4x8xf32>) outs(%e : tensor<4xf32>) {
    ^bb0(%x: f32, %acc: f32):
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    } -> tensor<4xf32>
    return %m, %r : tensor<4x16xf32>, tensor<4xf32>
  }
  transform.named_sequence @contraction(%op: !transform.any_op {transform.readonly}) -> (!transform.any_op, !transform.param<i64>, !transform.param<i64>) {
    %dims, %k = transform.match.structured %op : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>) {
    ^bb0(%s: !transform.any_op):
      transform.match.structured.body %s { contraction = ["arith.mulf", "arith.addf"] } : !transform.any_op
      %all = transform.match.structured.dim %s[all] : (!transform.any_op) -> !transform.param<i64>
      %b, %m, %n, %kk = transform.match.structured.classify_contraction_dims %s : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
      transform.match.structured.yield %all, %kk : !transform.param<i64>, !transform.param<i64>
    }
    transform.yield %op, %dims, %k : !transform.any_op, !transform.param<i64>, !transform.param<i64>
  }
  transform.named_sequence @report_contraction(%op: !transform.any_op {transform.readonly}, %dims: !transform.param<i64> {transform.readonly}, %k: !transform.param<i64> {transform.readonly}) {
    transform.debug.emit_param_as_remark %dims, "sizes" at %op : !transform.param<i64>, !transform.any_op
    transform.debug.emit_param_as_remark %k, "reduction dims" at %op : !transform.param<i64>, !transform.any_op
    transform.yield
  }
  transform.named_sequence @reduction(%op: !transform.any_op {transform.readonly}) -> (!transform.any_op, !transform.param<i64>) {
    %w = transform.match.structured %op : (!transform.any_op) -> !transform.param<i64> {
    ^bb0(%s: !transform.any_op):
      %r = transform.match.structured.rank %s : (!transform.any_op) -> !transform.param<i64>
      transform.match.structured.dim %s[-1] {reduction} : !transform.any_op
      transform.match.structured.body %s { reduction_position = 0 } : !transform.any_op
      %in = transform.match.structured.input %s[0] {projected_permutation} : (!transform.any_op) -> !transform.any_value
      %bits = transform.match.structured.elemental_bitwidth %in : (!transform.any_value) -> !transform.param<i64>
      transform.match.structured.yield %bits : !transform.param<i64>
    }
    transform.yield %op, %w : !transform.any_op, !transform.param<i64>
  }
  transform.named_sequence @report_reduction(%op: !transform.any_op {transform.readonly}, %w: !transform.param<i64> {transform.readonly}) {
    transform.debug.emit_param_as_remark %w, "reduction of bits" at %op : !transform.param<i64>, !transform.any_op
    transform.yield
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.consumed}) {
    transform.foreach_match in %root
        @contraction -> @report_contraction,
        @reduction -> @report_reduction : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
