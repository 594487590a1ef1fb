// RUN: pyopt %s -canonicalize | filecheck %s

// linalg's folders and canonicalization patterns (including those rooted at tensor ops).

#id = affine_map<(i, j) -> (i, j)>

// CHECK-LABEL: func.func @identity_generic
// CHECK-NEXT: %[[C:.*]] = tensor.cast %arg0 : tensor<?x4xf32> to tensor<8x4xf32>
// CHECK-NEXT: return %[[C]]
func.func @identity_generic(%t: tensor<?x4xf32>, %e: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%t : tensor<?x4xf32>) outs(%e : tensor<8x4xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  } -> tensor<8x4xf32>
  return %r : tensor<8x4xf32>
}

// A memref with a zero-size dimension: the op does nothing.
// CHECK-LABEL: func.func @dead
// CHECK-NEXT: return
func.func @dead(%m: memref<0x4xf32>, %s: f32) {
  linalg.fill ins(%s : f32) outs(%m : memref<0x4xf32>)
  return
}

// CHECK-LABEL: func.func @self_copy
// CHECK-NEXT: return %arg1
func.func @self_copy(%m: memref<4xf32>, %t: tensor<4xf32>) -> tensor<4xf32> {
  linalg.copy ins(%m : memref<4xf32>) outs(%m : memref<4xf32>)
  %r = linalg.copy ins(%t : tensor<4xf32>) outs(%t : tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// CHECK-LABEL: func.func @fill_extract
// CHECK-NEXT: return %arg0
func.func @fill_extract(%s: f32, %e: tensor<4x4xf32>, %i: index) -> f32 {
  %f = linalg.fill ins(%s : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %x = tensor.extract %f[%i, %i] : tensor<4x4xf32>
  return %x : f32
}

// CHECK-LABEL: func.func @fill_reshape
// CHECK-NEXT: %[[R:.*]] = tensor.collapse_shape %arg1 {{\[}}[0, 1]] : tensor<4x4xf32> into tensor<16xf32>
// CHECK-NEXT: %[[F:.*]] = linalg.fill ins(%arg0 : f32) outs(%[[R]] : tensor<16xf32>)
// CHECK-NEXT: return %[[F]]
func.func @fill_reshape(%s: f32, %e: tensor<4x4xf32>) -> tensor<16xf32> {
  %f = linalg.fill ins(%s : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %c = tensor.collapse_shape %f [[0, 1]] : tensor<4x4xf32> into tensor<16xf32>
  return %c : tensor<16xf32>
}

// CHECK-LABEL: func.func @fill_copy
// CHECK-NEXT: %[[F:.*]] = linalg.fill ins(%arg0 : f32) outs(%arg2 : tensor<4xf32>)
// CHECK-NEXT: return %[[F]]
func.func @fill_copy(%s: f32, %e: tensor<4xf32>, %o: tensor<4xf32>) -> tensor<4xf32> {
  %f = linalg.fill ins(%s : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %c = linalg.copy ins(%f : tensor<4xf32>) outs(%o : tensor<4xf32>) -> tensor<4xf32>
  return %c : tensor<4xf32>
}

// CHECK-LABEL: func.func @transposes
// CHECK-NEXT: linalg.transpose ins(%arg0 : tensor<2x3x4xf32>) outs(%arg2 : tensor<4x2x3xf32>) permutation = [2, 0, 1]
func.func @transposes(%x: tensor<2x3x4xf32>, %a: tensor<3x4x2xf32>, %b: tensor<4x2x3xf32>) -> tensor<4x2x3xf32> {
  %t1 = linalg.transpose ins(%x : tensor<2x3x4xf32>) outs(%a : tensor<3x4x2xf32>) permutation = [1, 2, 0]
  %t2 = linalg.transpose ins(%t1 : tensor<3x4x2xf32>) outs(%b : tensor<4x2x3xf32>) permutation = [1, 2, 0]
  return %t2 : tensor<4x2x3xf32>
}

// CHECK-LABEL: func.func @transpose_id
// CHECK-NEXT: return %arg0
func.func @transpose_id(%x: tensor<2x3xf32>, %a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %t1 = linalg.transpose ins(%x : tensor<2x3xf32>) outs(%a : tensor<2x3xf32>) permutation = [0, 1]
  return %t1 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @swap_bcast
// CHECK: %[[D:.*]] = tensor.dim %arg0, %{{.*}} : tensor<2x?xf32>
// CHECK-NEXT: %[[E:.*]] = tensor.empty(%[[D]]) : tensor<?x2xf32>
// CHECK-NEXT: %[[T:.*]] = linalg.transpose ins(%arg0 : tensor<2x?xf32>) outs(%[[E]] : tensor<?x2xf32>) permutation = [1, 0]
// CHECK-NEXT: linalg.broadcast ins(%[[T]] : tensor<?x2xf32>) outs(%arg2 : tensor<?x2x5xf32>) dimensions = [2]
func.func @swap_bcast(%x: tensor<2x?xf32>, %a: tensor<2x5x?xf32>, %b: tensor<?x2x5xf32>) -> tensor<?x2x5xf32> {
  %t1 = linalg.broadcast ins(%x : tensor<2x?xf32>) outs(%a : tensor<2x5x?xf32>) dimensions = [1]
  %t2 = linalg.transpose ins(%t1 : tensor<2x5x?xf32>) outs(%b : tensor<?x2x5xf32>) permutation = [2, 0, 1]
  return %t2 : tensor<?x2x5xf32>
}

// CHECK-LABEL: func.func @infer_static
// CHECK-NEXT: %[[C:.*]] = tensor.cast %arg2 : tensor<?x?xf32> to tensor<4x8xf32>
// CHECK-NEXT: %[[M:.*]] = linalg.matmul ins(%arg0, %arg1 : tensor<4x?xf32>, tensor<?x8xf32>) outs(%[[C]] : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[B:.*]] = tensor.cast %[[M]] : tensor<4x8xf32> to tensor<?x?xf32>
// CHECK-NEXT: return %[[B]]
func.func @infer_static(%a: tensor<4x?xf32>, %b: tensor<?x8xf32>, %c: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<4x?xf32>, tensor<?x8xf32>) outs(%c : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// CHECK-LABEL: func.func @cast_consumer
// CHECK-NEXT: %[[O:.*]] = tensor.cast %arg1 : tensor<?x?xf32> to tensor<4x4xf32>
// CHECK-NEXT: %[[A:.*]] = tensor.cast %arg0 : tensor<?x?xf32> to tensor<4x?xf32>
// CHECK-NEXT: %[[B:.*]] = tensor.cast %arg0 : tensor<?x?xf32> to tensor<?x4xf32>
// CHECK-NEXT: %[[M:.*]] = linalg.matmul ins(%[[A]], %[[B]] : tensor<4x?xf32>, tensor<?x4xf32>) outs(%[[O]] : tensor<4x4xf32>) -> tensor<4x4xf32>
// CHECK-NEXT: return %[[M]]
func.func @cast_consumer(%a: tensor<?x?xf32>, %c: tensor<?x?xf32>) -> tensor<4x4xf32> {
  %r = linalg.matmul ins(%a, %a : tensor<?x?xf32>, tensor<?x?xf32>) outs(%c : tensor<?x?xf32>) -> tensor<?x?xf32>
  %s = tensor.cast %r : tensor<?x?xf32> to tensor<4x4xf32>
  return %s : tensor<4x4xf32>
}

// CHECK-LABEL: func.func @memref_cast
// CHECK-NEXT: linalg.matmul ins(%arg0, %arg0 : memref<4x4xf32>, memref<4x4xf32>) outs(%arg1 : memref<4x4xf32>)
func.func @memref_cast(%a: memref<4x4xf32>, %c: memref<4x4xf32>) {
  %x = memref.cast %a : memref<4x4xf32> to memref<?x?xf32>
  linalg.matmul ins(%x, %x : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<4x4xf32>)
  return
}
