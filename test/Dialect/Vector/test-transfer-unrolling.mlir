// RUN: pyopt %s -test-vector-transfer-unrolling-patterns | filecheck %s

func.func @read4x2(%m : memref<8x8xf32>, %i : index) -> vector<4x2xf32> {
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %m[%i, %i], %pad {in_bounds = [true, true]} : memref<8x8xf32>, vector<4x2xf32>
  return %v : vector<4x2xf32>
}
func.func @write2x4(%m : memref<8x8xf32>, %v : vector<2x4xf32>) {
  %c1 = arith.constant 1 : index
  vector.transfer_write %v, %m[%c1, %c1] : vector<2x4xf32>, memref<8x8xf32>
  return
}

// CHECK: #[[$P2:.*]] = affine_map<(d0) -> (d0 + 2)>
// CHECK-LABEL: func.func @read4x2(
// CHECK: %[[Z:.*]] = arith.constant dense<0.000000e+00> : vector<4x2xf32>
// CHECK-NEXT: %[[R0:.*]] = vector.transfer_read %arg0[%arg1, %arg1], %{{.*}} {in_bounds = [true, true]} : memref<8x8xf32>, vector<2x2xf32>
// CHECK-NEXT: %[[A0:.*]] = vector.insert_strided_slice %[[R0]], %[[Z]] {offsets = [0, 0], strides = [1, 1]} : vector<2x2xf32> into vector<4x2xf32>
// CHECK-NEXT: %[[I:.*]] = affine.apply #[[$P2]](%arg1)
// CHECK-NEXT: %[[R1:.*]] = vector.transfer_read %arg0[%[[I]], %arg1]
// CHECK-NEXT: vector.insert_strided_slice %[[R1]], %[[A0]] {offsets = [2, 0], strides = [1, 1]}
// CHECK-LABEL: func.func @write2x4(
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[S0:.*]] = vector.extract_strided_slice %arg1 {offsets = [0, 0], sizes = [2, 2], strides = [1, 1]} : vector<2x4xf32> to vector<2x2xf32>
// CHECK-NEXT: vector.transfer_write %[[S0]], %arg0[%[[C1]], %[[C1]]]
// CHECK-NEXT: %[[S1:.*]] = vector.extract_strided_slice %arg1 {offsets = [0, 2], sizes = [2, 2], strides = [1, 1]}
// CHECK-NEXT: vector.transfer_write %[[S1]], %arg0[%[[C1]], %[[C3]]]
