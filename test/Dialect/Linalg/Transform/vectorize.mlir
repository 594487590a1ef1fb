// RUN: pyopt %s --transform-interpreter -mlir-print-local-scope | filecheck %s

// Vectorization of linalg ops at their static shapes, and with given (scalable) vector sizes
// on dynamic shapes.

// An elementwise add with a broadcast operand: read through a broadcasting permutation map.
// CHECK-LABEL: func.func @add(
// CHECK-SAME:      %[[A:.+]]: tensor<4x8xf32>, %[[B:.+]]: tensor<8xf32>, %[[C:.+]]: tensor<4x8xf32>)
// CHECK:         %[[VA:.+]] = vector.transfer_read %[[A]][%[[Z:.+]], %[[Z]]], %{{.+}} : tensor<4x8xf32>, vector<4x8xf32>
// CHECK:         %[[VB:.+]] = vector.transfer_read %[[B]][%[[Z]]], %{{.+}} {in_bounds = [true, false], permutation_map = affine_map<(d0) -> (0, d0)>} : tensor<8xf32>, vector<4x8xf32>
// CHECK:         %[[S:.+]] = arith.addf %[[VA]], %[[VB]] : vector<4x8xf32>
// CHECK:         %[[W:.+]] = vector.transfer_write %[[S]], %[[C]][%{{.+}}, %{{.+}}] : vector<4x8xf32>, tensor<4x8xf32>
// CHECK:         return %[[W]]

// A matmul on buffers: operands broadcast to the 4x8x6 iteration space, a multi_reduction over
// the reduction dim accumulating into the read output.
// CHECK-LABEL: func.func @mm(
// CHECK-SAME:      %[[A:.+]]: memref<4x6xf32>, %[[B:.+]]: memref<6x8xf32>, %[[C:.+]]: memref<4x8xf32>)
// CHECK:         %[[VA:.+]] = vector.transfer_read %[[A]]{{.*}} {in_bounds = [false, true, false], permutation_map = affine_map<(d0, d1) -> (d0, 0, d1)>} : memref<4x6xf32>, vector<4x8x6xf32>
// CHECK:         %[[VB:.+]] = vector.transfer_read %[[B]]{{.*}} {in_bounds = [true, false, false], permutation_map = affine_map<(d0, d1) -> (0, d1, d0)>} : memref<6x8xf32>, vector<4x8x6xf32>
// CHECK:         %[[VC:.+]] = vector.transfer_read %[[C]]{{.*}} : memref<4x8xf32>, vector<4x8xf32>
// CHECK:         %[[M:.+]] = arith.mulf %[[VA]], %[[VB]] : vector<4x8x6xf32>
// CHECK:         %[[R:.+]] = vector.multi_reduction <add>, %[[M]], %[[VC]] [2] : vector<4x8x6xf32> to vector<4x8xf32>
// CHECK:         vector.transfer_write %[[R]], %[[C]]{{.*}} : vector<4x8xf32>, memref<4x8xf32>

// A max-reduction over a transposed input.
// CHECK-LABEL: func.func @red(
// CHECK:         %[[V:.+]] = vector.transfer_read %{{.+}} {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : tensor<4x8xf32>, vector<8x4xf32>
// CHECK:         %[[ACC:.+]] = vector.transfer_read %{{.+}} : tensor<8xf32>, vector<8xf32>
// CHECK:         vector.multi_reduction <maximumf>, %[[V]], %[[ACC]] [1] : vector<8x4xf32> to vector<8xf32>

// Masked vectorization of a dynamic op reading linalg.index 0 with vector sizes [8, [4]].
// CHECK-LABEL: func.func @dyn(
// CHECK-SAME:      %[[A:.+]]: tensor<?x?xf32>, %[[C:.+]]: tensor<?x?xf32>)
// CHECK:         %[[D0:.+]] = tensor.dim %[[A]], %{{.+}} : tensor<?x?xf32>
// CHECK:         %[[D1:.+]] = tensor.dim %[[A]], %{{.+}} : tensor<?x?xf32>
// CHECK:         %[[MASK:.+]] = vector.create_mask %[[D0]], %[[D1]] : vector<8x[4]xi1>
// CHECK:         %[[VA:.+]] = vector.mask %[[MASK]] { vector.transfer_read %[[A]]{{.*}} {in_bounds = [true, true]} : tensor<?x?xf32>, vector<8x[4]xf32> } : vector<8x[4]xi1> -> vector<8x[4]xf32>
// CHECK:         %[[STEP:.+]] = vector.step : vector<8xindex>
// CHECK:         %[[BC:.+]] = vector.broadcast %[[STEP]] : vector<8xindex> to vector<[4]x8xindex>
// CHECK:         %[[IDX:.+]] = vector.transpose %[[BC]], [1, 0] : vector<[4]x8xindex> to vector<8x[4]xindex>
// CHECK:         %[[I32:.+]] = arith.index_cast %[[IDX]] : vector<8x[4]xindex> to vector<8x[4]xi32>
// CHECK:         %[[F:.+]] = arith.sitofp %[[I32]] : vector<8x[4]xi32> to vector<8x[4]xf32>
// CHECK:         %[[P:.+]] = arith.mulf %[[VA]], %[[F]] : vector<8x[4]xf32>
// CHECK:         vector.mask %[[MASK]] { vector.transfer_write %[[P]], %[[C]]{{.*}} {in_bounds = [true, true]} : vector<8x[4]xf32>, tensor<?x?xf32> } : vector<8x[4]xi1> -> tensor<?x?xf32>

func.func @add(%a: tensor<4x8xf32>, %b: tensor<8xf32>, %c: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a, %b : tensor<4x8xf32>, tensor<8xf32>) outs(%c : tensor<4x8xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}
func.func @mm(%A: memref<4x6xf32>, %B: memref<6x8xf32>, %C: memref<4x8xf32>) {
  linalg.matmul ins(%A, %B : memref<4x6xf32>, memref<6x8xf32>) outs(%C : memref<4x8xf32>)
  return
}
func.func @red(%a: tensor<4x8xf32>, %c: tensor<8xf32>) -> tensor<8xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<4x8xf32>) outs(%c : tensor<8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.maximumf %x, %o : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
func.func @dyn(%a: tensor<?x?xf32>, %c: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<?x?xf32>) outs(%c : tensor<?x?xf32>) {
  ^bb0(%x: f32, %o: f32):
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    %s = arith.mulf %x, %f : f32
    linalg.yield %s : f32
  } -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.generic", "linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1:4 = transform.split_handle %0 : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.structured.vectorize %1#0 : !transform.any_op
    transform.structured.vectorize %1#1 : !transform.any_op
    transform.structured.vectorize %1#2 : !transform.any_op
    transform.structured.vectorize %1#3 vector_sizes [8, [4]] : !transform.any_op
    transform.yield
  }
}
