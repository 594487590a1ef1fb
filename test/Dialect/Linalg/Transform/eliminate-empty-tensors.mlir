// RUN: pyopt %s --transform-interpreter | filecheck %s
// RUN: sed 's/fold_unit_extent_dims_via_slices/fold_unit_extent_dims_via_reshapes/' %s | pyopt --transform-interpreter | filecheck %s --check-prefix=RESHAPES

// transform.structured.eliminate_empty_tensors: an all-parallel linalg op whose input comes
// from a tensor.empty (through a fill) and whose init of the same type and map is unused by
// the payload computes into that init instead (not when the payload reads the init, nor for
// a reduction); the fold_unit_extent_dims descriptors drop unit dimensions with slices or
// reshapes. Expected output from mlir-opt-19.

// CHECK-LABEL: func.func @used_init
// CHECK:       tensor.empty
// CHECK-LABEL: func.func @reduction
// CHECK:       tensor.empty
// CHECK-LABEL: func.func @elim
// CHECK-NOT:   tensor.empty
// CHECK:       %[[F:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%arg0 : tensor<8xf32>)
// CHECK:       linalg.generic {{.*}} ins(%arg1 : tensor<8xf32>) outs(%[[F]] : tensor<8xf32>)
// CHECK:         arith.mulf %out, %in
// CHECK-LABEL: func.func @unit
// CHECK:       %[[A:.*]] = tensor.extract_slice %arg0[0, 0] [1, 8] [1, 1] : tensor<1x8xf32> to tensor<8xf32>
// CHECK:       %[[G:.*]] = linalg.generic {{.*}} ins(%[[A]] : tensor<8xf32>)
// CHECK:       tensor.insert_slice %[[G]] into %arg1[0, 0] [1, 8] [1, 1]
// RESHAPES-LABEL: func.func @unit
// RESHAPES:       %[[A:.*]] = tensor.collapse_shape %arg0 {{\[}}[0, 1]] : tensor<1x8xf32> into tensor<8xf32>
// RESHAPES:       %[[G:.*]] = linalg.generic {{.*}} ins(%[[A]] : tensor<8xf32>)
// RESHAPES:       tensor.expand_shape %[[G]] {{\[}}[0, 1]] output_shape [1, 8]

func.func @used_init(%arg0: tensor<8xf32>, %arg1: tensor<8xf32>) -> tensor<8xf32> {
  %cst = arith.constant 1.0 : f32
  %0 = tensor.empty() : tensor<8xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<8xf32>) -> tensor<8xf32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%1 : tensor<8xf32>) outs(%arg0 : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %3 = arith.addf %in, %out : f32
    linalg.yield %3 : f32
  } -> tensor<8xf32>
  return %2 : tensor<8xf32>
}
func.func @reduction(%arg0: tensor<8xf32>, %arg1: tensor<8x4xf32>) -> tensor<8xf32> {
  %cst = arith.constant 1.0 : f32
  %0 = tensor.empty() : tensor<8x4xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<8x4xf32>) -> tensor<8x4xf32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%1 : tensor<8x4xf32>) outs(%arg0 : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<8xf32>
  return %2 : tensor<8xf32>
}
func.func @elim(%arg0: tensor<8xf32>, %arg1: tensor<8xf32>) -> tensor<8xf32> {
  %cst = arith.constant 1.0 : f32
  %0 = tensor.empty() : tensor<8xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<8xf32>) -> tensor<8xf32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%1, %arg1 : tensor<8xf32>, tensor<8xf32>) outs(%arg0 : tensor<8xf32>) {
  ^bb0(%in: f32, %in2: f32, %out: f32):
    %3 = arith.mulf %in, %in2 : f32
    linalg.yield %3 : f32
  } -> tensor<8xf32>
  return %2 : tensor<8xf32>
}
func.func @unit(%arg0: tensor<1x8xf32>, %arg1: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%arg0 : tensor<1x8xf32>) outs(%arg1 : tensor<1x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %3 = arith.negf %in : f32
    linalg.yield %3 : f32
  } -> tensor<1x8xf32>
  return %2 : tensor<1x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["func.func"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    transform.structured.eliminate_empty_tensors %0 : !transform.any_op
    transform.apply_patterns to %0 {
      transform.apply_patterns.linalg.erase_unnecessary_inputs
      transform.apply_patterns.linalg.fold_unit_extent_dims_via_slices
    } : !transform.any_op
    transform.yield
  }
}
