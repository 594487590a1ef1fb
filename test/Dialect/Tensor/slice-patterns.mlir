// RUN: pyopt %s -test-tensor-transform-patterns=test-fold-constant-extract-slice | filecheck %s --check-prefix=CST
// RUN: pyopt %s -test-tensor-transform-patterns=test-fold-consecutive-insert-extract-slice | filecheck %s --check-prefix=MERGE
// RUN: pyopt %s -test-tensor-transform-patterns=test-drop-redundant-insert-slice-rank-expansion | filecheck %s --check-prefix=DROP
// RUN: pyopt %s -test-tensor-transform-patterns=test-reassociative-reshape-folding | filecheck %s --check-prefix=RESHAPE

// test-tensor-transform-patterns' slice pattern sets: constant slices folded, consecutive
// slices merged, unit-dim expanding insert_slice undone by extract_slice dropped, reshapes of
// rank-reducing slices folded into the slices. Expected output: mlir-opt-19's.

// CST-LABEL: func.func @constant_slice(
// CST-NEXT: %cst = arith.constant dense<{{\[\[}}5, 7], [9, 11]]> : tensor<2x2xi32>
// CST-NEXT: return %cst : tensor<2x2xi32>
// CST-NEXT: }
// CST-LABEL: func.func @consecutive_extracts(
// CST-NEXT: %extracted_slice = tensor.extract_slice %arg0[0, %arg1, 2] [16, 1, 32] [2, 1, 1] : tensor<?x?x?xf32> to tensor<16x32xf32>
// CST-NEXT: %extracted_slice_0 = tensor.extract_slice %extracted_slice[%arg2, 4] [4, %arg3] [1, 1] : tensor<16x32xf32> to tensor<4x?xf32>
// CST-NEXT: return %extracted_slice_0 : tensor<4x?xf32>
// CST-NEXT: }
// CST-LABEL: func.func @consecutive_inserts(
// CST-NEXT: %inserted_slice = tensor.insert_slice %arg0 into %arg1[0, 0] [1, 4] [1, 1] : tensor<4xf32> into tensor<1x4xf32>
// CST-NEXT: %inserted_slice_0 = tensor.insert_slice %inserted_slice into %arg2[%arg3, 2] [1, 4] [1, 1] : tensor<1x4xf32> into tensor<8x8xf32>
// CST-NEXT: return %inserted_slice_0 : tensor<8x8xf32>
// CST-NEXT: }
// CST-LABEL: func.func @redundant_expansion(
// CST-NEXT: %inserted_slice = tensor.insert_slice %arg0 into %arg1[0, 0, 0] [1, 8, 8] [1, 1, 1] : tensor<8x8xf32> into tensor<1x8x8xf32>
// CST-NEXT: %extracted_slice = tensor.extract_slice %inserted_slice[0, 2, 0] [1, 4, 8] [1, 1, 1] : tensor<1x8x8xf32> to tensor<4x8xf32>
// CST-NEXT: return %extracted_slice : tensor<4x8xf32>
// CST-NEXT: }
// CST-LABEL: func.func @reshape_of_slices(
// CST-NEXT: %extracted_slice = tensor.extract_slice %arg0[0, 0, 0, 0] [%arg1, 1, 1, 5] [1, 1, 1, 1] : tensor<?x?x?x?xf32> to tensor<?x5xf32>
// CST-NEXT: %expanded = tensor.expand_shape %extracted_slice {{\[\[}}0, 1, 2], [3]] output_shape [%arg1, 1, 1, 5] : tensor<?x5xf32> into tensor<?x1x1x5xf32>
// CST-NEXT: return %expanded : tensor<?x1x1x5xf32>
// CST-NEXT: }

// MERGE-DAG: #map = affine_map<()[s0] -> (s0 * 2)>
// MERGE-LABEL: func.func @constant_slice(
// MERGE-NEXT: %cst = arith.constant dense<{{\[\[}}0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]]> : tensor<3x4xi32>
// MERGE-NEXT: %extracted_slice = tensor.extract_slice %cst[1, 1] [2, 2] [1, 2] : tensor<3x4xi32> to tensor<2x2xi32>
// MERGE-NEXT: return %extracted_slice : tensor<2x2xi32>
// MERGE-NEXT: }
// MERGE-LABEL: func.func @consecutive_extracts(
// MERGE-NEXT: %0 = affine.apply #map()[%arg2]
// MERGE-NEXT: %extracted_slice = tensor.extract_slice %arg0[%0, %arg1, 6] [4, 1, %arg3] [2, 1, 1] : tensor<?x?x?xf32> to tensor<4x?xf32>
// MERGE-NEXT: return %extracted_slice : tensor<4x?xf32>
// MERGE-NEXT: }
// MERGE-LABEL: func.func @consecutive_inserts(
// MERGE-NEXT: %inserted_slice = tensor.insert_slice %arg0 into %arg2[%arg3, 2] [1, 4] [1, 1] : tensor<4xf32> into tensor<8x8xf32>
// MERGE-NEXT: return %inserted_slice : tensor<8x8xf32>
// MERGE-NEXT: }
// MERGE-LABEL: func.func @redundant_expansion(
// MERGE-NEXT: %inserted_slice = tensor.insert_slice %arg0 into %arg1[0, 0, 0] [1, 8, 8] [1, 1, 1] : tensor<8x8xf32> into tensor<1x8x8xf32>
// MERGE-NEXT: %extracted_slice = tensor.extract_slice %inserted_slice[0, 2, 0] [1, 4, 8] [1, 1, 1] : tensor<1x8x8xf32> to tensor<4x8xf32>
// MERGE-NEXT: return %extracted_slice : tensor<4x8xf32>
// MERGE-NEXT: }
// MERGE-LABEL: func.func @reshape_of_slices(
// MERGE-NEXT: %extracted_slice = tensor.extract_slice %arg0[0, 0, 0, 0] [%arg1, 1, 1, 5] [1, 1, 1, 1] : tensor<?x?x?x?xf32> to tensor<?x5xf32>
// MERGE-NEXT: %expanded = tensor.expand_shape %extracted_slice {{\[\[}}0, 1, 2], [3]] output_shape [%arg1, 1, 1, 5] : tensor<?x5xf32> into tensor<?x1x1x5xf32>
// MERGE-NEXT: return %expanded : tensor<?x1x1x5xf32>
// MERGE-NEXT: }

// DROP-LABEL: func.func @constant_slice(
// DROP-NEXT: %cst = arith.constant dense<{{\[\[}}0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]]> : tensor<3x4xi32>
// DROP-NEXT: %extracted_slice = tensor.extract_slice %cst[1, 1] [2, 2] [1, 2] : tensor<3x4xi32> to tensor<2x2xi32>
// DROP-NEXT: return %extracted_slice : tensor<2x2xi32>
// DROP-NEXT: }
// DROP-LABEL: func.func @consecutive_extracts(
// DROP-NEXT: %extracted_slice = tensor.extract_slice %arg0[0, %arg1, 2] [16, 1, 32] [2, 1, 1] : tensor<?x?x?xf32> to tensor<16x32xf32>
// DROP-NEXT: %extracted_slice_0 = tensor.extract_slice %extracted_slice[%arg2, 4] [4, %arg3] [1, 1] : tensor<16x32xf32> to tensor<4x?xf32>
// DROP-NEXT: return %extracted_slice_0 : tensor<4x?xf32>
// DROP-NEXT: }
// DROP-LABEL: func.func @consecutive_inserts(
// DROP-NEXT: %inserted_slice = tensor.insert_slice %arg0 into %arg1[0, 0] [1, 4] [1, 1] : tensor<4xf32> into tensor<1x4xf32>
// DROP-NEXT: %inserted_slice_0 = tensor.insert_slice %inserted_slice into %arg2[%arg3, 2] [1, 4] [1, 1] : tensor<1x4xf32> into tensor<8x8xf32>
// DROP-NEXT: return %inserted_slice_0 : tensor<8x8xf32>
// DROP-NEXT: }
// DROP-LABEL: func.func @redundant_expansion(
// DROP-NEXT: %extracted_slice = tensor.extract_slice %arg0[2, 0] [4, 8] [1, 1] : tensor<8x8xf32> to tensor<4x8xf32>
// DROP-NEXT: return %extracted_slice : tensor<4x8xf32>
// DROP-NEXT: }
// DROP-LABEL: func.func @reshape_of_slices(
// DROP-NEXT: %extracted_slice = tensor.extract_slice %arg0[0, 0, 0, 0] [%arg1, 1, 1, 5] [1, 1, 1, 1] : tensor<?x?x?x?xf32> to tensor<?x5xf32>
// DROP-NEXT: %expanded = tensor.expand_shape %extracted_slice {{\[\[}}0, 1, 2], [3]] output_shape [%arg1, 1, 1, 5] : tensor<?x5xf32> into tensor<?x1x1x5xf32>
// DROP-NEXT: return %expanded : tensor<?x1x1x5xf32>
// DROP-NEXT: }

// RESHAPE-LABEL: func.func @constant_slice(
// RESHAPE-NEXT: %cst = arith.constant dense<{{\[\[}}0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]]> : tensor<3x4xi32>
// RESHAPE-NEXT: %extracted_slice = tensor.extract_slice %cst[1, 1] [2, 2] [1, 2] : tensor<3x4xi32> to tensor<2x2xi32>
// RESHAPE-NEXT: return %extracted_slice : tensor<2x2xi32>
// RESHAPE-NEXT: }
// RESHAPE-LABEL: func.func @consecutive_extracts(
// RESHAPE-NEXT: %extracted_slice = tensor.extract_slice %arg0[0, %arg1, 2] [16, 1, 32] [2, 1, 1] : tensor<?x?x?xf32> to tensor<16x32xf32>
// RESHAPE-NEXT: %extracted_slice_0 = tensor.extract_slice %extracted_slice[%arg2, 4] [4, %arg3] [1, 1] : tensor<16x32xf32> to tensor<4x?xf32>
// RESHAPE-NEXT: return %extracted_slice_0 : tensor<4x?xf32>
// RESHAPE-NEXT: }
// RESHAPE-LABEL: func.func @consecutive_inserts(
// RESHAPE-NEXT: %inserted_slice = tensor.insert_slice %arg0 into %arg1[0, 0] [1, 4] [1, 1] : tensor<4xf32> into tensor<1x4xf32>
// RESHAPE-NEXT: %inserted_slice_0 = tensor.insert_slice %inserted_slice into %arg2[%arg3, 2] [1, 4] [1, 1] : tensor<1x4xf32> into tensor<8x8xf32>
// RESHAPE-NEXT: return %inserted_slice_0 : tensor<8x8xf32>
// RESHAPE-NEXT: }
// RESHAPE-LABEL: func.func @redundant_expansion(
// RESHAPE-NEXT: %inserted_slice = tensor.insert_slice %arg0 into %arg1[0, 0, 0] [1, 8, 8] [1, 1, 1] : tensor<8x8xf32> into tensor<1x8x8xf32>
// RESHAPE-NEXT: %extracted_slice = tensor.extract_slice %inserted_slice[0, 2, 0] [1, 4, 8] [1, 1, 1] : tensor<1x8x8xf32> to tensor<4x8xf32>
// RESHAPE-NEXT: return %extracted_slice : tensor<4x8xf32>
// RESHAPE-NEXT: }
// RESHAPE-LABEL: func.func @reshape_of_slices(
// RESHAPE-NEXT: %extracted_slice = tensor.extract_slice %arg0[0, 0, 0, 0] [%arg1, 1, 1, 5] [1, 1, 1, 1] : tensor<?x?x?x?xf32> to tensor<?x1x1x5xf32>
// RESHAPE-NEXT: return %extracted_slice : tensor<?x1x1x5xf32>
// RESHAPE-NEXT: }

func.func @constant_slice() -> tensor<2x2xi32> {
  %cst = arith.constant dense<[[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]]> : tensor<3x4xi32>
  %0 = tensor.extract_slice %cst[1, 1] [2, 2] [1, 2] : tensor<3x4xi32> to tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}
func.func @consecutive_extracts(%t: tensor<?x?x?xf32>, %o: index, %p: index, %s: index) -> tensor<4x?xf32> {
  %0 = tensor.extract_slice %t[0, %o, 2] [16, 1, 32] [2, 1, 1] : tensor<?x?x?xf32> to tensor<16x32xf32>
  %1 = tensor.extract_slice %0[%p, 4] [4, %s] [1, 1] : tensor<16x32xf32> to tensor<4x?xf32>
  return %1 : tensor<4x?xf32>
}
func.func @consecutive_inserts(%a: tensor<4xf32>, %b: tensor<1x4xf32>, %d: tensor<8x8xf32>, %o: index) -> tensor<8x8xf32> {
  %0 = tensor.insert_slice %a into %b[0, 0] [1, 4] [1, 1] : tensor<4xf32> into tensor<1x4xf32>
  %1 = tensor.insert_slice %0 into %d[%o, 2] [1, 4] [1, 1] : tensor<1x4xf32> into tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}
func.func @redundant_expansion(%t: tensor<8x8xf32>, %d: tensor<1x8x8xf32>) -> tensor<4x8xf32> {
  %0 = tensor.insert_slice %t into %d[0, 0, 0] [1, 8, 8] [1, 1, 1] : tensor<8x8xf32> into tensor<1x8x8xf32>
  %1 = tensor.extract_slice %0[0, 2, 0] [1, 4, 8] [1, 1, 1] : tensor<1x8x8xf32> to tensor<4x8xf32>
  return %1 : tensor<4x8xf32>
}
func.func @reshape_of_slices(%t: tensor<?x?x?x?xf32>, %i: index) -> tensor<?x1x1x5xf32> {
  %0 = tensor.extract_slice %t[0, 0, 0, 0][%i, 1, 1, 5][1, 1, 1, 1] : tensor<?x?x?x?xf32> to tensor<?x5xf32>
  %1 = tensor.expand_shape %0 [[0, 1, 2], [3]] output_shape [%i, 1, 1, 5] : tensor<?x5xf32> into tensor<?x1x1x5xf32>
  return %1 : tensor<?x1x1x5xf32>
}
