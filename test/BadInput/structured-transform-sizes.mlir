// RUN: pyopt %s --transform-interpreter --split-input-file --verify-diagnostics

// Tile-size computations and split_reduction on inputs mlir-opt-19 asserts on or builds
// invalid IR for (a dimension that is no loop, a zero target size or divisor, buffers):
// diagnostics, never an internal error.

func.func @mm(%A : tensor<16x256xf32>, %B: tensor<256x32xf32>, %C: tensor<16x32xf32>) -> tensor<16x32xf32> {
  %0 = linalg.matmul ins(%A, %B: tensor<16x256xf32>, tensor<256x32xf32>) outs(%C: tensor<16x32xf32>) -> tensor<16x32xf32>
  return %0: tensor<16x32xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %m = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{failed to compute multi-size tiling sizes}}
    %t, %c = transform.structured.continuous_tile_sizes %m { dimension = 7, target_size = 9 } : (!transform.any_op) -> !transform.param<i64>
    transform.yield
  }
}

// -----

func.func @mm(%A : tensor<16x256xf32>, %B: tensor<256x32xf32>, %C: tensor<16x32xf32>) -> tensor<16x32xf32> {
  %0 = linalg.matmul ins(%A, %B: tensor<16x256xf32>, tensor<256x32xf32>) outs(%C: tensor<16x32xf32>) -> tensor<16x32xf32>
  return %0: tensor<16x32xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %m = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{could not generate tile size computation}}
    %l, %h, %s = transform.structured.multitile_sizes %m { dimension = 0, target_size = 4, divisor = 0 } : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @mm(%A : memref<16x256xf32>, %B: memref<256x32xf32>, %C: memref<16x32xf32>) {
  // expected-note @below {{attempted to apply to this op}}
  linalg.matmul ins(%A, %B: memref<16x256xf32>, memref<256x32xf32>) outs(%C: memref<16x32xf32>)
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %m = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{failed to apply}}
    %2:4 = transform.structured.split_reduction %m { split_factor = 8, insert_split_dimension = 2 } : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}
