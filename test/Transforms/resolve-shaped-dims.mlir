// RUN: pyopt %s --resolve-ranked-shaped-type-result-dims | filecheck %s
// RUN: pyopt %s --resolve-shaped-type-result-dims | filecheck %s

// A dimension of tensor.empty is the size operand it was created with.
// CHECK-LABEL: func.func @empty_dims
// CHECK-SAME: (%[[N:.*]]: index)
// CHECK-NEXT: %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT: return %[[N]], %[[C4]] : index, index
func.func @empty_dims(%n: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = tensor.empty(%n) : tensor<?x4xf32>
  %d0 = tensor.dim %t, %c0 : tensor<?x4xf32>
  %d1 = tensor.dim %t, %c1 : tensor<?x4xf32>
  return %d0, %d1 : index, index
}

// An index past the rank is not touched.
// CHECK-LABEL: func.func @past_rank
// CHECK: memref.dim
func.func @past_rank(%m: memref<?x3xf32>, %n: index) -> index {
  %c5 = arith.constant 5 : index
  %e = memref.expand_shape %m [[0, 1], [2]] output_shape [2, %n, 3] : memref<?x3xf32> into memref<2x?x3xf32>
  %d = memref.dim %e, %c5 : memref<2x?x3xf32>
  return %d : index
}

// CHECK-LABEL: func.func @expanded
// CHECK-SAME: (%{{.*}}: memref<?x3xf32>, %[[N:.*]]: index)
// CHECK-NEXT: return %[[N]]
func.func @expanded(%m: memref<?x3xf32>, %n: index) -> index {
  %c1 = arith.constant 1 : index
  %e = memref.expand_shape %m [[0, 1], [2]] output_shape [2, %n, 3] : memref<?x3xf32> into memref<2x?x3xf32>
  %d = memref.dim %e, %c1 : memref<2x?x3xf32>
  return %d : index
}
