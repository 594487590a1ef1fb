// RUN: pyopt %s -test-vector-transfer-flatten-patterns | filecheck %s
// RUN: pyopt %s -test-vector-transfer-flatten-patterns=target-vector-bitwidth=64 | filecheck %s --check-prefix=NARROW

func.func @read_rows(%m : memref<6x3x4xf32>, %i : index) -> vector<3x4xf32> {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %m[%i, %c0, %c0], %pad {in_bounds = [true, true]} : memref<6x3x4xf32>, vector<3x4xf32>
  return %v : vector<3x4xf32>
}
func.func @write_offset(%m : memref<2x8x2xi16>, %v : vector<1x2xi16>, %j : index) {
  %c0 = arith.constant 0 : index
  vector.transfer_write %v, %m[%c0, %j, %c0] {in_bounds = [true, true]} : vector<1x2xi16>, memref<2x8x2xi16>
  return
}
func.func @unit_mul(%a : vector<4x1xf32>, %b : vector<4x1xf32>) -> vector<4x1xf32> {
  %r = arith.mulf %a, %b : vector<4x1xf32>
  return %r : vector<4x1xf32>
}

// CHECK: #[[$MAP:.*]] = affine_map<()[s0] -> (s0 * 2)>
// CHECK-LABEL: func.func @read_rows(
// CHECK-NEXT: %[[PAD:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[M:.*]] = memref.collapse_shape %arg0 {{\[}}[0], [1, 2]] : memref<6x3x4xf32> into memref<6x12xf32>
// CHECK-NEXT: %[[R:.*]] = vector.transfer_read %[[M]][%arg1, %[[C0]]], %[[PAD]] {in_bounds = [true]} : memref<6x12xf32>, vector<12xf32>
// CHECK-NEXT: vector.shape_cast %[[R]] : vector<12xf32> to vector<3x4xf32>
// CHECK-LABEL: func.func @write_offset(
// CHECK: %[[M:.*]] = memref.collapse_shape %arg0 {{\[}}[0], [1, 2]] : memref<2x8x2xi16> into memref<2x16xi16>
// CHECK-NEXT: %[[O:.*]] = affine.apply #[[$MAP]]()[%arg2]
// CHECK-NEXT: %[[F:.*]] = vector.shape_cast %arg1 : vector<1x2xi16> to vector<2xi16>
// CHECK-NEXT: vector.transfer_write %[[F]], %[[M]][%{{.*}}, %[[O]]] {in_bounds = [true]} : vector<2xi16>, memref<2x16xi16>
// CHECK-LABEL: func.func @unit_mul(
// CHECK: arith.mulf %{{.*}}, %{{.*}} : vector<4xf32>
// CHECK: vector.shape_cast %{{.*}} : vector<4xf32> to vector<4x1xf32>

// 128-bit rows of f32 are wide enough already; 32-bit rows of i16 are not.
// NARROW-LABEL: func.func @read_rows(
// NARROW-NOT: memref.collapse_shape
// NARROW-LABEL: func.func @write_offset(
// NARROW: memref.collapse_shape
