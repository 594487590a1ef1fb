// RUN: pyopt %s -split-input-file -resolve-shaped-type-result-dims | filecheck %s

// Sizes of linalg results, read from the inputs through the indexing maps when the maps
// allow, else from the init.

// CHECK-LABEL: func.func @matmul_dims
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[M:.*]] = tensor.dim %arg0, %[[C0]] : tensor<?x?xf32>
// CHECK-DAG: %[[N:.*]] = tensor.dim %arg1, %[[C1]] : tensor<?x?xf32>
// CHECK: return %[[M]], %[[N]]
func.func @matmul_dims(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %c: tensor<?x?xf32>) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = linalg.matmul ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>) outs(%c : tensor<?x?xf32>) -> tensor<?x?xf32>
  %d0 = tensor.dim %r, %c0 : tensor<?x?xf32>
  %d1 = tensor.dim %r, %c1 : tensor<?x?xf32>
  return %d0, %d1 : index, index
}

// -----

// An output indexed by an expression of the loops: the expression of the input sizes.
// CHECK-DAG: #[[TWICE:.*]] = affine_map<()[s0] -> (s0 * 2)>
// CHECK-LABEL: func.func @through_map
// CHECK: %[[D:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?xf32>
// CHECK: %[[S:.*]] = affine.apply #[[TWICE]]()[%[[D]]]
// CHECK: return %[[S]]
func.func @through_map(%a: tensor<?xf32>, %o: tensor<?xf32>) -> index {
  %c0 = arith.constant 0 : index
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i * 2)>],
                       iterator_types = ["parallel"]}
      ins(%a : tensor<?xf32>) outs(%o : tensor<?xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<?xf32>
  %d = tensor.dim %r, %c0 : tensor<?xf32>
  return %d : index
}

// -----

// A loop only the init indexes: the size comes from the init.
// CHECK-LABEL: func.func @from_init
// CHECK: %[[D:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?xf32>
// CHECK: return %[[D]]
func.func @from_init(%o: tensor<?xf32>, %s: f32) -> index {
  %c0 = arith.constant 0 : index
  %r = linalg.fill ins(%s : f32) outs(%o : tensor<?xf32>) -> tensor<?xf32>
  %d = tensor.dim %r, %c0 : tensor<?xf32>
  return %d : index
}

// -----

// CHECK-DAG: #[[MAP:.*]] = affine_map<()[s0] -> (s0 * 12)>
// CHECK-LABEL: func.func @collapse
// CHECK: %[[D:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x3x4xf32>
// CHECK: %[[S:.*]] = affine.apply #[[MAP]]()[%[[D]]]
// CHECK: return %[[S]]
func.func @collapse(%a: tensor<?x3x4xf32>) -> index {
  %c0 = arith.constant 0 : index
  %r = tensor.collapse_shape %a [[0, 1, 2]] : tensor<?x3x4xf32> into tensor<?xf32>
  %d = tensor.dim %r, %c0 : tensor<?xf32>
  return %d : index
}
