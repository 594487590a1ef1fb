// RUN: pyopt %s --transform-interpreter --split-input-file --verify-diagnostics | filecheck %s

// transform.structured.split_reduction: the reduction dimension split by the factor, partial
// reductions into a filled tensor with an extra parallel dimension (the inputs reshaped, or,
// with use_scaling_algorithm, the maps rescaled and an i1 tensor carrying the extent), then a
// generic combining them into the original init. Expected output from mlir-opt-19.

// CHECK-LABEL: {{\[\[\[}} IR printer: split ]]]
// CHECK-NEXT:  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1 * 16 + d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0, %{{.*}} : tensor<8x64xi32>, tensor<4x16xi1>) outs(%{{.*}} : tensor<8x4xi32>)
// CHECK-NEXT:  ^bb0(%{{.*}}: i32, %{{.*}}: i1, %{{.*}}: i32):
// CHECK-LABEL: func.func @sum
// CHECK:       %[[E:.*]] = tensor.expand_shape %arg0 {{\[}}[0, 1]] output_shape [4, 8] : tensor<32xf32> into tensor<4x8xf32>
// CHECK:       %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:       %[[F:.*]] = linalg.fill ins(%[[Z]] : f32) outs(%{{.*}} : tensor<4xf32>)
// CHECK:       %[[P:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[E]] : tensor<4x8xf32>) outs(%[[F]] : tensor<4xf32>)
// CHECK:       linalg.generic {{.*}} iterator_types = ["reduction"]} ins(%[[P]] : tensor<4xf32>) outs(%arg1 : tensor<f32>)
// CHECK-LABEL: func.func @mm
// CHECK:       tensor.expand_shape %arg0 {{\[}}[0], [1, 2]] output_shape [16, 32, 8] : tensor<16x256xf32> into tensor<16x32x8xf32>
// CHECK:       tensor.expand_shape %arg1 {{\[}}[0, 1], [2]] output_shape [32, 8, 32] : tensor<256x32xf32> into tensor<32x8x32xf32>
// CHECK:       bufferization.alloc_tensor() : tensor<16x32x8xf32>
// CHECK:       linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction", "parallel"]}
// CHECK:       linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]} ins(%{{.*}} : tensor<16x32x8xf32>) outs(%arg2 : tensor<16x32xf32>)
// CHECK-LABEL: func.func @maxi
// CHECK:       %[[MIN:.*]] = arith.constant -2147483648 : i32
// CHECK:       linalg.fill ins(%[[MIN]] : i32) outs(%{{.*}} : tensor<8x4xi32>)
// CHECK:       tensor.empty() : tensor<4x16xi1>
func.func @sum(%in: tensor<32xf32>, %out: tensor<f32>) -> tensor<f32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]}
    ins(%in : tensor<32xf32>) outs(%out : tensor<f32>) {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  return %r : tensor<f32>
}
func.func @mm(%A : tensor<16x256xf32>, %B: tensor<256x32xf32>, %C: tensor<16x32xf32>) -> tensor<16x32xf32> {
  %0 = linalg.matmul ins(%A, %B: tensor<16x256xf32>, tensor<256x32xf32>) outs(%C: tensor<16x32xf32>) -> tensor<16x32xf32>
  return %0: tensor<16x32xf32>
}
func.func @maxi(%in: tensor<8x64xi32>, %out: tensor<8xi32>) -> tensor<8xi32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
    ins(%in : tensor<8x64xi32>) outs(%out : tensor<8xi32>) {
  ^bb0(%a: i32, %b: i32):
    %s = arith.maxsi %a, %b : i32
    linalg.yield %s : i32
  } -> tensor<8xi32>
  return %r : tensor<8xi32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["linalg.generic"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %g1, %g2 = transform.split_handle %g : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %1:4 = transform.structured.split_reduction %g1 { split_factor = 4, insert_split_dimension = 0 } : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %m = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %2:4 = transform.structured.split_reduction %m { split_factor = 8, insert_split_dimension = 2, inner_parallel, use_alloc } : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %3:4 = transform.structured.split_reduction %g2 { split_factor = 16, insert_split_dimension = 1, use_scaling_algorithm } : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.print %3#2 {name = "split"} : !transform.any_op
    transform.yield
  }
}

// -----

func.func @mm(%A : tensor<16x250xf32>, %B: tensor<250x32xf32>, %C: tensor<16x32xf32>) -> tensor<16x32xf32> {
  // expected-note @below {{attempted to apply to this op}}
  %0 = linalg.matmul ins(%A, %B: tensor<16x250xf32>, tensor<250x32xf32>) outs(%C: tensor<16x32xf32>) -> tensor<16x32xf32>
  return %0: tensor<16x32xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %m = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{failed to apply}}
    %2:4 = transform.structured.split_reduction %m { split_factor = 8, insert_split_dimension = 2 } : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}
