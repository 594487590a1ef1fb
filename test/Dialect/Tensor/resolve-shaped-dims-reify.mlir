// RUN: pyopt %s -resolve-shaped-type-result-dims | filecheck %s

// Reified result sizes of tensor.concat (sum along the concatenated dim, the first input's
// size elsewhere), tensor.generate and tensor.splat (their size operands), collapse_shape
// (product of the source sizes). Expected output: mlir-opt-19's.

// CHECK-DAG: #map = affine_map<()[s0, s1] -> (s0 + s1)>
// CHECK-LABEL: func.func @c(
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %dim = tensor.dim %arg0, %c0 : tensor<?x4xf32>
// CHECK-NEXT: %dim_0 = tensor.dim %arg1, %c0 : tensor<?x?xf32>
// CHECK-NEXT: %0 = affine.apply #map()[%dim, %dim_0]
// CHECK-NEXT: %dim_1 = tensor.dim %arg1, %c0 : tensor<?x?xf32>
// CHECK-NEXT: return %0, %c4, %arg2, %arg2, %dim_1 : index, index, index, index, index
// CHECK-NEXT: }
// CHECK-LABEL: func.func @collapse_unit(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %dim = tensor.dim %arg0, %c0 : tensor<?x1xf32>
// CHECK-NEXT: return %dim : index
// CHECK-NEXT: }

func.func @c(%a: tensor<?x4xf32>, %b: tensor<?x?xf32>, %n: index, %f: f32) -> (index, index, index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = tensor.concat dim(0) %a, %b : (tensor<?x4xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %d0 = tensor.dim %0, %c0 : tensor<?x?xf32>
  %d1 = tensor.dim %0, %c1 : tensor<?x?xf32>
  %1 = tensor.generate %n {
  ^bb0(%i: index, %j: index):
    tensor.yield %f : f32
  } : tensor<?x3xf32>
  %d2 = tensor.dim %1, %c0 : tensor<?x3xf32>
  %2 = tensor.splat %f[%n] : tensor<?x8xf32>
  %d3 = tensor.dim %2, %c0 : tensor<?x8xf32>
  %3 = tensor.concat dim(1) %b, %b : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %d4 = tensor.dim %3, %c0 : tensor<?x?xf32>
  return %d0, %d1, %d2, %d3, %d4 : index, index, index, index, index
}
func.func @collapse_unit(%a: tensor<?x1xf32>) -> (index) {
  %c0 = arith.constant 0 : index
  %0 = tensor.collapse_shape %a [[0, 1]] : tensor<?x1xf32> into tensor<?xf32>
  %d = tensor.dim %0, %c0 : tensor<?xf32>
  return %d : index
}
