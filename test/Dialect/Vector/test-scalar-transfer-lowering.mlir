// RUN: pyopt %s -test-scalar-vector-transfer-lowering | filecheck %s

func.func @elem_dyn(%m : memref<8x8xf32>, %i : index, %j : index) -> f32 {
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %m[%i, %i], %pad {in_bounds = [true]} : memref<8x8xf32>, vector<4xf32>
  %e = vector.extractelement %v[%j : index] : vector<4xf32>
  return %e : f32
}
func.func @extract_const(%m : memref<8x8xf32>, %i : index) -> f32 {
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %m[%i, %i], %pad {in_bounds = [true, true]} : memref<8x8xf32>, vector<2x4xf32>
  %e = vector.extract %v[1, 2] : f32 from vector<2x4xf32>
  return %e : f32
}
func.func @write_one(%m : memref<8x8xf32>, %v : vector<1x1xf32>, %i : index) {
  vector.transfer_write %v, %m[%i, %i] : vector<1x1xf32>, memref<8x8xf32>
  return
}

// CHECK-DAG: #[[$SUM:.*]] = affine_map<()[s0, s1] -> (s0 + s1)>
// CHECK-DAG: #[[$P1:.*]] = affine_map<()[s0] -> (s0 + 1)>
// CHECK-DAG: #[[$P2:.*]] = affine_map<()[s0] -> (s0 + 2)>
// CHECK-LABEL: func.func @elem_dyn(
// CHECK-NEXT: %[[J:.*]] = affine.apply #[[$SUM]]()[%arg1, %arg2]
// CHECK-NEXT: memref.load %arg0[%arg1, %[[J]]] : memref<8x8xf32>
// CHECK-LABEL: func.func @extract_const(
// CHECK-NEXT: %[[A:.*]] = affine.apply #[[$P1]]()[%arg1]
// CHECK-NEXT: %[[B:.*]] = affine.apply #[[$P2]]()[%arg1]
// CHECK-NEXT: memref.load %arg0[%[[A]], %[[B]]] : memref<8x8xf32>
// CHECK-LABEL: func.func @write_one(
// CHECK-NEXT: %[[E:.*]] = vector.extract %arg1[0, 0] : f32 from vector<1x1xf32>
// CHECK-NEXT: memref.store %[[E]], %arg0[%arg2, %arg2] : memref<8x8xf32>

// On tensors the scalar access is tensor.extract / tensor.insert.
// CHECK-LABEL: func @on_tensor
// CHECK-SAME: (%[[T:[^:]*]]: tensor<8x8xf32>, %[[I:[^:]*]]: index
// CHECK: %[[E:.*]] = tensor.extract %[[T]][%[[I]], %[[I]]] : tensor<8x8xf32>
// CHECK: %[[S:.*]] = vector.extract %{{.*}}[0] : f32 from vector<1xf32>
// CHECK: %[[N:.*]] = tensor.insert %[[S]] into %[[T]][%[[I]], %[[I]]] : tensor<8x8xf32>
// CHECK: return %[[E]], %[[N]]
func.func @on_tensor(%t: tensor<8x8xf32>, %i: index, %v: vector<1xf32>) -> (f32, tensor<8x8xf32>) {
  %pad = arith.constant 0.0 : f32
  %r = vector.transfer_read %t[%i, %i], %pad {in_bounds = [true]} : tensor<8x8xf32>, vector<4xf32>
  %e = vector.extract %r[0] : f32 from vector<4xf32>
  %w = vector.transfer_write %v, %t[%i, %i] : vector<1xf32>, tensor<8x8xf32>
  return %e, %w : f32, tensor<8x8xf32>
}
