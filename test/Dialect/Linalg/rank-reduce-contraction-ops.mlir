// RUN: pyopt %s -test-linalg-rank-reduce-contraction-ops -canonicalize -split-input-file | filecheck %s

// A batch of one: the batch dim is collapsed away and the result expanded back.
// CHECK-LABEL: func.func @unbatch
// CHECK: %[[A:.*]] = tensor.collapse_shape %arg0 {{\[}}[0, 1], [2]] : tensor<1x4x8xf32> into tensor<4x8xf32>
// CHECK: %[[B:.*]] = tensor.collapse_shape %arg1 {{\[}}[0, 1], [2]] : tensor<1x8x16xf32> into tensor<8x16xf32>
// CHECK: %[[C:.*]] = tensor.collapse_shape %arg2 {{\[}}[0, 1], [2]] : tensor<1x4x16xf32> into tensor<4x16xf32>
// CHECK: %[[M:.*]] = linalg.matmul ins(%[[A]], %[[B]] : tensor<4x8xf32>, tensor<8x16xf32>) outs(%[[C]] : tensor<4x16xf32>) -> tensor<4x16xf32>
// CHECK: %[[E:.*]] = tensor.expand_shape %[[M]] {{\[}}[0, 1], [2]] output_shape [1, 4, 16] : tensor<4x16xf32> into tensor<1x4x16xf32>
// CHECK: return %[[E]]

func.func @unbatch(%a: tensor<1x4x8xf32>, %b: tensor<1x8x16xf32>, %c: tensor<1x4x16xf32>) -> tensor<1x4x16xf32> {
  %r = linalg.batch_matmul ins(%a, %b : tensor<1x4x8xf32>, tensor<1x8x16xf32>) outs(%c : tensor<1x4x16xf32>) -> tensor<1x4x16xf32>
  return %r : tensor<1x4x16xf32>
}

// -----

// CHECK-LABEL: func.func @unbatch_transposed_b
// CHECK: %[[A:.*]] = memref.collapse_shape %arg0 {{\[}}[0, 1], [2]] : memref<1x4x8xf16> into memref<4x8xf16>
// CHECK: %[[B:.*]] = memref.collapse_shape %arg1 {{\[}}[0, 1], [2]] : memref<1x16x8xf16> into memref<16x8xf16>
// CHECK: %[[C:.*]] = memref.collapse_shape %arg2 {{\[}}[0, 1], [2]] : memref<1x4x16xf32> into memref<4x16xf32>
// CHECK: linalg.matmul_transpose_b ins(%[[A]], %[[B]] : memref<4x8xf16>, memref<16x8xf16>) outs(%[[C]] : memref<4x16xf32>)

func.func @unbatch_transposed_b(%a: memref<1x4x8xf16>, %b: memref<1x16x8xf16>, %c: memref<1x4x16xf32>) {
  linalg.batch_matmul_transpose_b ins(%a, %b : memref<1x4x8xf16>, memref<1x16x8xf16>) outs(%c : memref<1x4x16xf32>)
  return
}

// -----

// A unit n dim: matmul -> matvec (the lhs is kept).
// CHECK-LABEL: func.func @matmul_one_column
// CHECK: %[[B:.*]] = memref.collapse_shape %arg1 {{\[}}[0, 1]] : memref<3x1xf32> into memref<3xf32>
// CHECK: %[[C:.*]] = memref.collapse_shape %arg2 {{\[}}[0, 1]] : memref<6x1xf32> into memref<6xf32>
// CHECK: linalg.matvec ins(%arg0, %[[B]] : memref<6x3xf32>, memref<3xf32>) outs(%[[C]] : memref<6xf32>)

func.func @matmul_one_column(%a: memref<6x3xf32>, %b: memref<3x1xf32>, %c: memref<6x1xf32>) {
  linalg.matmul ins(%a, %b : memref<6x3xf32>, memref<3x1xf32>) outs(%c : memref<6x1xf32>)
  return
}

// -----

// A unit m dim: matvec -> dot.
// CHECK-LABEL: func.func @matvec_one_row
// CHECK: %[[A:.*]] = tensor.collapse_shape %arg0 {{\[}}[0, 1]] : tensor<1x9xi32> into tensor<9xi32>
// CHECK: %[[C:.*]] = tensor.collapse_shape %arg2 [] : tensor<1xi32> into tensor<i32>
// CHECK: %[[D:.*]] = linalg.dot ins(%[[A]], %arg1 : tensor<9xi32>, tensor<9xi32>) outs(%[[C]] : tensor<i32>) -> tensor<i32>
// CHECK: tensor.expand_shape %[[D]] [] output_shape [1] : tensor<i32> into tensor<1xi32>

func.func @matvec_one_row(%a: tensor<1x9xi32>, %b: tensor<9xi32>, %c: tensor<1xi32>) -> tensor<1xi32> {
  %r = linalg.matvec ins(%a, %b : tensor<1x9xi32>, tensor<9xi32>) outs(%c : tensor<1xi32>) -> tensor<1xi32>
  return %r : tensor<1xi32>
}

// -----

// CHECK-LABEL: func.func @batch_of_two
// CHECK-NOT: collapse_shape
// CHECK: linalg.batch_matmul ins(%arg0, %arg1 : tensor<2x4x8xf32>, tensor<2x8x16xf32>) outs(%arg2 : tensor<2x4x16xf32>)

func.func @batch_of_two(%a: tensor<2x4x8xf32>, %b: tensor<2x8x16xf32>, %c: tensor<2x4x16xf32>) -> tensor<2x4x16xf32> {
  %r = linalg.batch_matmul ins(%a, %b : tensor<2x4x8xf32>, tensor<2x8x16xf32>) outs(%c : tensor<2x4x16xf32>) -> tensor<2x4x16xf32>
  return %r : tensor<2x4x16xf32>
}
