// RUN: pyopt %s -fold-tensor-subset-ops | filecheck %s

// fold-tensor-subset-ops: transfer_read of extract_slice and insert_slice of transfer_write
// read/write the slice's source/dest at offset + index * stride (the permutation map over the
// source's dims); insert_slice of insert_slice with equal sizes inserts the inner source;
// out-of-bounds transfers are left. Expected output: mlir-opt-19's.

// CHECK-DAG: #map = affine_map<()[s0, s1] -> (s0 + s1)>
// CHECK-DAG: #map1 = affine_map<()[s0] -> (s0 + 2)>
// CHECK-LABEL: func.func @read_of_slice(
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %0 = affine.apply #map()[%arg1, %arg2]
// CHECK-NEXT: %1 = affine.apply #map1()[%arg3]
// CHECK-NEXT: %2 = vector.transfer_read %arg0[%0, %c4, %1], %cst {in_bounds = [true]} : tensor<?x?x?xf32>, vector<4xf32>
// CHECK-NEXT: return %2 : vector<4xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @write_into_slice(
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %0 = affine.apply #map()[%arg3, %arg4]
// CHECK-NEXT: %1 = vector.transfer_write %arg0, %arg2[%0, %c3, %arg4] {in_bounds = [true]} : vector<4xf32>, tensor<?x?x?xf32>
// CHECK-NEXT: return %1 : tensor<?x?x?xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @insert_of_insert(
// CHECK-NEXT: %inserted_slice = tensor.insert_slice %arg0 into %arg2[%arg3, 2] [1, 4] [1, 1] : tensor<4xf32> into tensor<8x8xf32>
// CHECK-NEXT: return %inserted_slice : tensor<8x8xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @no_fold_out_of_bounds(
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %arg0[0, %arg1] [4, 4] [1, 1] : tensor<?x?xf32> to tensor<4x4xf32>
// CHECK-NEXT: %0 = vector.transfer_read %extracted_slice[%arg1, %arg1], %cst : tensor<4x4xf32>, vector<4xf32>
// CHECK-NEXT: return %0 : vector<4xf32>
// CHECK-NEXT: }

func.func @read_of_slice(%t: tensor<?x?x?xf32>, %o: index, %i: index, %j: index) -> vector<4xf32> {
  %cst = arith.constant 0.0 : f32
  %0 = tensor.extract_slice %t[%o, 4, 2] [8, 1, 16] [1, 1, 1] : tensor<?x?x?xf32> to tensor<8x16xf32>
  %1 = vector.transfer_read %0[%i, %j], %cst {in_bounds = [true]} : tensor<8x16xf32>, vector<4xf32>
  return %1 : vector<4xf32>
}
func.func @write_into_slice(%v: vector<4xf32>, %s: tensor<8x16xf32>, %d: tensor<?x?x?xf32>, %o: index, %i: index) -> tensor<?x?x?xf32> {
  %0 = vector.transfer_write %v, %s[%i, %i] {in_bounds = [true]} : vector<4xf32>, tensor<8x16xf32>
  %1 = tensor.insert_slice %0 into %d[%o, 3, 0] [8, 1, 16] [1, 1, 1] : tensor<8x16xf32> into tensor<?x?x?xf32>
  return %1 : tensor<?x?x?xf32>
}
func.func @insert_of_insert(%a: tensor<4xf32>, %b: tensor<1x4xf32>, %d: tensor<8x8xf32>, %o: index) -> tensor<8x8xf32> {
  %0 = tensor.insert_slice %a into %b[0, 0] [1, 4] [1, 1] : tensor<4xf32> into tensor<1x4xf32>
  %1 = tensor.insert_slice %0 into %d[%o, 2] [1, 4] [1, 1] : tensor<1x4xf32> into tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}
func.func @no_fold_out_of_bounds(%t: tensor<?x?xf32>, %i: index) -> vector<4xf32> {
  %cst = arith.constant 0.0 : f32
  %0 = tensor.extract_slice %t[0, %i] [4, 4] [1, 1] : tensor<?x?xf32> to tensor<4x4xf32>
  %1 = vector.transfer_read %0[%i, %i], %cst : tensor<4x4xf32>, vector<4xf32>
  return %1 : vector<4xf32>
}
