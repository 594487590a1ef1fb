// RUN: pyopt %s -test-vector-transfer-collapse-inner-most-dims | filecheck %s

func.func @read_unit_tail(%m : memref<4x8x1xf16>, %i : index) -> vector<2x8x1xf16> {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f16
  %v = vector.transfer_read %m[%i, %c0, %c0], %pad {in_bounds = [true, true, true]} : memref<4x8x1xf16>, vector<2x8x1xf16>
  return %v : vector<2x8x1xf16>
}
func.func @write_dyn(%m : memref<?x6x1x1xi32>, %v : vector<6x1x1xi32>, %i : index) {
  %c0 = arith.constant 0 : index
  vector.transfer_write %v, %m[%i, %c0, %c0, %c0] {in_bounds = [true, true, true]} : vector<6x1x1xi32>, memref<?x6x1x1xi32>
  return
}
func.func @keep_out_of_bounds(%m : memref<4x1xf32>, %i : index) -> vector<4x1xf32> {
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %m[%i, %i], %pad {in_bounds = [true, false]} : memref<4x1xf32>, vector<4x1xf32>
  return %v : vector<4x1xf32>
}

// CHECK-LABEL: func.func @read_unit_tail(
// CHECK: %[[V:.*]] = memref.subview %arg0[0, 0, 0] [4, 8, 1] [1, 1, 1] : memref<4x8x1xf16> to memref<4x8xf16, strided<[8, 1]>>
// CHECK-NEXT: %[[R:.*]] = vector.transfer_read %[[V]][%arg1, %{{.*}}], %{{.*}} {in_bounds = [true, true]} : memref<4x8xf16, strided<[8, 1]>>, vector<2x8xf16>
// CHECK-NEXT: vector.shape_cast %[[R]] : vector<2x8xf16> to vector<2x8x1xf16>
// CHECK-LABEL: func.func @write_dyn(
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[D:.*]] = memref.dim %arg0, %[[C0]] : memref<?x6x1x1xi32>
// CHECK-NEXT: %[[V:.*]] = memref.subview %arg0[0, 0, 0, 0] [%[[D]], 6, 1, 1] [1, 1, 1, 1] : memref<?x6x1x1xi32> to memref<?x6xi32, strided<[6, 1]>>
// CHECK-NEXT: %[[S:.*]] = vector.shape_cast %arg1 : vector<6x1x1xi32> to vector<6xi32>
// CHECK-NEXT: vector.transfer_write %[[S]], %[[V]][%arg2, %[[C0]]] {in_bounds = [true]}
// A dropped dim must be in bounds.
// CHECK-LABEL: func.func @keep_out_of_bounds(
// CHECK-NOT: memref.subview
// CHECK: vector.transfer_read %arg0[%arg1, %arg1]
