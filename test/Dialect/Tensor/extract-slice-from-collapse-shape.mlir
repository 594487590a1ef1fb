// RUN: pyopt %s -test-tensor-transform-patterns=test-rewrite-extract-slice-from-collapse-shape | filecheck %s --check-prefix=FOR
// RUN: pyopt %s '-test-tensor-transform-patterns=test-rewrite-extract-slice-from-collapse-shape use-foreach' | filecheck %s --check-prefix=FORALL

// test-tensor-transform-patterns=test-rewrite-extract-slice-from-collapse-shape: a slice of a
// collapse_shape as a loop nest (scf.for, or scf.forall with use-foreach) inserting collapsed
// slices of the source, offsets delinearized; unit-dim groups first become a rank-reducing
// slice. Expected output: mlir-opt-19's.

// FOR-DAG: #map = affine_map<(d0) -> (d0 * 2 + 13)>
// FOR-DAG: #map1 = affine_map<(d0)[s0] -> (d0 + s0)>
// FOR-LABEL: func.func @strided(
// FOR-NEXT: %c7 = arith.constant 7 : index
// FOR-NEXT: %c5 = arith.constant 5 : index
// FOR-NEXT: %c3 = arith.constant 3 : index
// FOR-NEXT: %c1 = arith.constant 1 : index
// FOR-NEXT: %c0 = arith.constant 0 : index
// FOR-NEXT: %c10 = arith.constant 10 : index
// FOR-NEXT: %0 = tensor.empty() : tensor<10x5xf32>
// FOR-NEXT: %1 = scf.for %arg1 = %c0 to %c10 step %c1 iter_args(%arg2 = %0) -> (tensor<10x5xf32>) {
// FOR-NEXT: %2 = affine.apply #map(%arg1)
// FOR-NEXT: %3:3 = affine.delinearize_index %2 into (%c3, %c5, %c7) : index, index, index
// FOR-NEXT: %extracted_slice = tensor.extract_slice %arg0[%3#0, %3#1, %3#2, 0] [1, 1, 1, 5] [1, 1, 1, 2] : tensor<3x5x7x11xf32> to tensor<1x1x1x5xf32>
// FOR-NEXT: %collapsed = tensor.collapse_shape %extracted_slice {{\[\[}}0, 1, 2], [3]] : tensor<1x1x1x5xf32> into tensor<1x5xf32>
// FOR-NEXT: %inserted_slice = tensor.insert_slice %collapsed into %arg2[%arg1, 0] [1, 5] [1, 1] : tensor<1x5xf32> into tensor<10x5xf32>
// FOR-NEXT: scf.yield %inserted_slice : tensor<10x5xf32>
// FOR-NEXT: }
// FOR-NEXT: return %1 : tensor<10x5xf32>
// FOR-NEXT: }
// FOR-LABEL: func.func @dynamic(
// FOR-NEXT: %c11 = arith.constant 11 : index
// FOR-NEXT: %c3 = arith.constant 3 : index
// FOR-NEXT: %c0 = arith.constant 0 : index
// FOR-NEXT: %c4 = arith.constant 4 : index
// FOR-NEXT: %c2 = arith.constant 2 : index
// FOR-NEXT: %c1 = arith.constant 1 : index
// FOR-NEXT: %0 = tensor.empty(%arg2, %arg4) : tensor<?x?xf32>
// FOR-NEXT: %dim = tensor.dim %arg0, %c1 : tensor<3x?x?x11x?xf32>
// FOR-NEXT: %dim_0 = tensor.dim %arg0, %c2 : tensor<3x?x?x11x?xf32>
// FOR-NEXT: %dim_1 = tensor.dim %arg0, %c4 : tensor<3x?x?x11x?xf32>
// FOR-NEXT: %1 = scf.for %arg5 = %c0 to %arg2 step %c1 iter_args(%arg6 = %0) -> (tensor<?x?xf32>) {
// FOR-NEXT: %2 = scf.for %arg7 = %c0 to %arg4 step %c1 iter_args(%arg8 = %arg6) -> (tensor<?x?xf32>) {
// FOR-NEXT: %3 = affine.apply #map1(%arg5)[%arg1]
// FOR-NEXT: %4:3 = affine.delinearize_index %3 into (%c3, %dim, %dim_0) : index, index, index
// FOR-NEXT: %5 = affine.apply #map1(%arg7)[%arg3]
// FOR-NEXT: %6:2 = affine.delinearize_index %5 into (%c11, %dim_1) : index, index
// FOR-NEXT: %extracted_slice = tensor.extract_slice %arg0[%4#0, %4#1, %4#2, %6#0, %6#1] [1, 1, 1, 1, 1] [1, 1, 1, 1, 1] : tensor<3x?x?x11x?xf32> to tensor<1x1x1x1x1xf32>
// FOR-NEXT: %collapsed = tensor.collapse_shape %extracted_slice {{\[\[}}0, 1, 2], [3, 4]] : tensor<1x1x1x1x1xf32> into tensor<1x1xf32>
// FOR-NEXT: %inserted_slice = tensor.insert_slice %collapsed into %arg8[%arg5, %arg7] [1, 1] [1, 1] : tensor<1x1xf32> into tensor<?x?xf32>
// FOR-NEXT: scf.yield %inserted_slice : tensor<?x?xf32>
// FOR-NEXT: }
// FOR-NEXT: scf.yield %2 : tensor<?x?xf32>
// FOR-NEXT: }
// FOR-NEXT: return %1 : tensor<?x?xf32>
// FOR-NEXT: }
// FOR-LABEL: func.func @unit_dims(
// FOR-NEXT: %extracted_slice = tensor.extract_slice %arg0[0, 0, 0] [1, 11, 100] [1, 1, 1] : tensor<1x11x100xf32> to tensor<11x100xf32>
// FOR-NEXT: %extracted_slice_0 = tensor.extract_slice %extracted_slice[%arg1, 0] [%arg2, 100] [1, 1] : tensor<11x100xf32> to tensor<?x100xf32>
// FOR-NEXT: return %extracted_slice_0 : tensor<?x100xf32>
// FOR-NEXT: }

// FORALL-DAG: #map = affine_map<(d0) -> (d0 * 2 + 13)>
// FORALL-DAG: #map1 = affine_map<(d0)[s0] -> (d0 + s0)>
// FORALL-LABEL: func.func @strided(
// FORALL-NEXT: %c7 = arith.constant 7 : index
// FORALL-NEXT: %c5 = arith.constant 5 : index
// FORALL-NEXT: %c3 = arith.constant 3 : index
// FORALL-NEXT: %0 = tensor.empty() : tensor<10x5xf32>
// FORALL-NEXT: %1 = scf.forall (%arg1) in (10) shared_outs(%arg2 = %0) -> (tensor<10x5xf32>) {
// FORALL-NEXT: %2 = affine.apply #map(%arg1)
// FORALL-NEXT: %3:3 = affine.delinearize_index %2 into (%c3, %c5, %c7) : index, index, index
// FORALL-NEXT: %extracted_slice = tensor.extract_slice %arg0[%3#0, %3#1, %3#2, 0] [1, 1, 1, 5] [1, 1, 1, 2] : tensor<3x5x7x11xf32> to tensor<1x1x1x5xf32>
// FORALL-NEXT: %collapsed = tensor.collapse_shape %extracted_slice {{\[\[}}0, 1, 2], [3]] : tensor<1x1x1x5xf32> into tensor<1x5xf32>
// FORALL-NEXT: scf.forall.in_parallel {
// FORALL-NEXT: tensor.parallel_insert_slice %collapsed into %arg2[%arg1, 0] [1, 5] [1, 1] : tensor<1x5xf32> into tensor<10x5xf32>
// FORALL-NEXT: }
// FORALL-NEXT: }
// FORALL-NEXT: return %1 : tensor<10x5xf32>
// FORALL-NEXT: }
// FORALL-LABEL: func.func @dynamic(
// FORALL-NEXT: %c11 = arith.constant 11 : index
// FORALL-NEXT: %c3 = arith.constant 3 : index
// FORALL-NEXT: %c4 = arith.constant 4 : index
// FORALL-NEXT: %c2 = arith.constant 2 : index
// FORALL-NEXT: %c1 = arith.constant 1 : index
// FORALL-NEXT: %0 = tensor.empty(%arg2, %arg4) : tensor<?x?xf32>
// FORALL-NEXT: %dim = tensor.dim %arg0, %c1 : tensor<3x?x?x11x?xf32>
// FORALL-NEXT: %dim_0 = tensor.dim %arg0, %c2 : tensor<3x?x?x11x?xf32>
// FORALL-NEXT: %dim_1 = tensor.dim %arg0, %c4 : tensor<3x?x?x11x?xf32>
// FORALL-NEXT: %1 = scf.forall (%arg5, %arg6) in (%arg2, %arg4) shared_outs(%arg7 = %0) -> (tensor<?x?xf32>) {
// FORALL-NEXT: %2 = affine.apply #map1(%arg5)[%arg1]
// FORALL-NEXT: %3:3 = affine.delinearize_index %2 into (%c3, %dim, %dim_0) : index, index, index
// FORALL-NEXT: %4 = affine.apply #map1(%arg6)[%arg3]
// FORALL-NEXT: %5:2 = affine.delinearize_index %4 into (%c11, %dim_1) : index, index
// FORALL-NEXT: %extracted_slice = tensor.extract_slice %arg0[%3#0, %3#1, %3#2, %5#0, %5#1] [1, 1, 1, 1, 1] [1, 1, 1, 1, 1] : tensor<3x?x?x11x?xf32> to tensor<1x1x1x1x1xf32>
// FORALL-NEXT: %collapsed = tensor.collapse_shape %extracted_slice {{\[\[}}0, 1, 2], [3, 4]] : tensor<1x1x1x1x1xf32> into tensor<1x1xf32>
// FORALL-NEXT: scf.forall.in_parallel {
// FORALL-NEXT: tensor.parallel_insert_slice %collapsed into %arg7[%arg5, %arg6] [1, 1] [1, 1] : tensor<1x1xf32> into tensor<?x?xf32>
// FORALL-NEXT: }
// FORALL-NEXT: }
// FORALL-NEXT: return %1 : tensor<?x?xf32>
// FORALL-NEXT: }
// FORALL-LABEL: func.func @unit_dims(
// FORALL-NEXT: %extracted_slice = tensor.extract_slice %arg0[0, 0, 0] [1, 11, 100] [1, 1, 1] : tensor<1x11x100xf32> to tensor<11x100xf32>
// FORALL-NEXT: %extracted_slice_0 = tensor.extract_slice %extracted_slice[%arg1, 0] [%arg2, 100] [1, 1] : tensor<11x100xf32> to tensor<?x100xf32>
// FORALL-NEXT: return %extracted_slice_0 : tensor<?x100xf32>
// FORALL-NEXT: }

func.func @strided(%t: tensor<3x5x7x11xf32>) -> tensor<10x5xf32> {
  %c = tensor.collapse_shape %t [[0, 1, 2], [3]] : tensor<3x5x7x11xf32> into tensor<105x11xf32>
  %s = tensor.extract_slice %c [13, 0] [10, 5] [2, 2] : tensor<105x11xf32> to tensor<10x5xf32>
  return %s : tensor<10x5xf32>
}
func.func @dynamic(%t: tensor<3x?x?x11x?xf32>, %o0: index, %s0: index, %o1: index, %s1: index) -> tensor<?x?xf32> {
  %c = tensor.collapse_shape %t [[0, 1, 2], [3, 4]] : tensor<3x?x?x11x?xf32> into tensor<?x?xf32>
  %s = tensor.extract_slice %c [%o0, %o1] [%s0, %s1] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
  return %s : tensor<?x?xf32>
}
func.func @unit_dims(%t: tensor<1x11x100xf32>, %o: index, %n: index) -> tensor<?x100xf32> {
  %c = tensor.collapse_shape %t [[0, 1], [2]] : tensor<1x11x100xf32> into tensor<11x100xf32>
  %s = tensor.extract_slice %c [%o, 0] [%n, 100] [1, 1] : tensor<11x100xf32> to tensor<?x100xf32>
  return %s : tensor<?x100xf32>
}
