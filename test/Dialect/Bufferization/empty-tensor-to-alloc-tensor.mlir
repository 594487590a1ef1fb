// RUN: pyopt %s -empty-tensor-to-alloc-tensor | filecheck %s

// CHECK-LABEL: func @empties
// CHECK-SAME: (%[[N:.*]]: index, %[[M:.*]]: index)
// CHECK: %[[A:.*]] = bufferization.alloc_tensor(%[[N]], %[[M]]) : tensor<?x3x?xf32>
// CHECK: %[[B:.*]] = bufferization.alloc_tensor() : tensor<5xi8>
// CHECK-NOT: tensor.empty
// CHECK: return %[[A]], %[[B]]
func.func @empties(%n: index, %m: index) -> (tensor<?x3x?xf32>, tensor<5xi8>) {
  %0 = tensor.empty(%n, %m) : tensor<?x3x?xf32>
  %1 = tensor.empty() : tensor<5xi8>
  return %0, %1 : tensor<?x3x?xf32>, tensor<5xi8>
}
