// Vector canonicalization, own inputs: from_elements, broadcast/shape_cast/transpose
// interactions, extract/insert chains and strided slice chains. Expected output is
// mlir-opt 19's.
// RUN: pyopt %s -canonicalize="test-convergence" | filecheck %s

// CHECK-LABEL: func.func @fe(%arg0: f32, %arg1: f32, %arg2: f32) -> (f32, vector<2xf32>, vector<3xf32>) {
// CHECK-NEXT: %0 = vector.from_elements %arg2, %arg0 : vector<2xf32>
// CHECK-NEXT: %1 = vector.splat %arg1 : vector<3xf32>
// CHECK-NEXT: return %arg2, %0, %1 : f32, vector<2xf32>, vector<3xf32>
// CHECK-NEXT: }
func.func @fe(%a: f32, %b: f32, %c: f32) -> (f32, vector<2xf32>, vector<3xf32>) {
  %v = vector.from_elements %a, %b, %c, %a, %b, %c : vector<2x3xf32>
  %0 = vector.extract %v[1, 2] : f32 from vector<2x3xf32>
  %w = vector.from_elements %a, %b, %c, %a : vector<2x2xf32>
  %1 = vector.extract %w[1] : vector<2xf32> from vector<2x2xf32>
  %2 = vector.from_elements %b, %b, %b : vector<3xf32>
  return %0, %1, %2 : f32, vector<2xf32>, vector<3xf32>
}

// CHECK-LABEL: func.func @bcast(%arg0: f32, %arg1: vector<4xf32>, %arg2: vector<1xf32>) -> (vector<2x4xf32>, vector<8xf32>, vector<3x4xf32>, vector<4x2xf32>, vector<2x3xf32>) {
// CHECK-NEXT: %0 = vector.broadcast %arg1 : vector<4xf32> to vector<2x4xf32>
// CHECK-NEXT: %1 = vector.shape_cast %0 : vector<2x4xf32> to vector<8xf32>
// CHECK-NEXT: %2 = vector.broadcast %arg1 : vector<4xf32> to vector<3x4xf32>
// CHECK-NEXT: %3 = vector.broadcast %arg0 : f32 to vector<4x2xf32>
// CHECK-NEXT: %4 = vector.extract_strided_slice %arg1 {offsets = [1], sizes = [3], strides = [1]} : vector<4xf32> to vector<3xf32>
// CHECK-NEXT: %5 = vector.broadcast %4 : vector<3xf32> to vector<2x3xf32>
// CHECK-NEXT: return %0, %1, %2, %3, %5 : vector<2x4xf32>, vector<8xf32>, vector<3x4xf32>, vector<4x2xf32>, vector<2x3xf32>
// CHECK-NEXT: }
func.func @bcast(%s: f32, %v: vector<4xf32>, %u: vector<1xf32>) -> (vector<2x4xf32>, vector<8xf32>, vector<3x4xf32>, vector<4x2xf32>, vector<2x3xf32>) {
  %b = vector.broadcast %v : vector<4xf32> to vector<2x4xf32>
  %c = vector.shape_cast %b : vector<2x4xf32> to vector<8xf32>
  %d = vector.broadcast %v : vector<4xf32> to vector<5x3x4xf32>
  %e = vector.extract %d[1] : vector<3x4xf32> from vector<5x3x4xf32>
  %f = vector.broadcast %s : f32 to vector<2x4xf32>
  %g = vector.transpose %f, [1, 0] : vector<2x4xf32> to vector<4x2xf32>
  %h = vector.broadcast %v : vector<4xf32> to vector<3x4xf32>
  %i = vector.extract_strided_slice %h {offsets = [0, 1], sizes = [2, 3], strides = [1, 1]} : vector<3x4xf32> to vector<2x3xf32>
  %j = vector.broadcast %b : vector<2x4xf32> to vector<3x2x4xf32>
  %k = vector.shape_cast %j : vector<3x2x4xf32> to vector<24xf32>
  return %b, %c, %e, %g, %i : vector<2x4xf32>, vector<8xf32>, vector<3x4xf32>, vector<4x2xf32>, vector<2x3xf32>
}

// CHECK-LABEL: func.func @chains(%arg0: vector<4x8x16xf32>, %arg1: vector<8x16xf32>) -> (f32, vector<16xf32>, vector<2x4xf32>, f32) {
// CHECK-NEXT: %0 = vector.extract %arg0[1, 2, 3] : f32 from vector<4x8x16xf32>
// CHECK-NEXT: %1 = vector.extract %arg1[5] : vector<16xf32> from vector<8x16xf32>
// CHECK-NEXT: %2 = vector.extract_strided_slice %arg1 {offsets = [2, 4], sizes = [4, 8], strides = [1, 1]} : vector<8x16xf32> to vector<4x8xf32>
// CHECK-NEXT: %3 = vector.extract_strided_slice %2 {offsets = [1, 2], sizes = [2, 4], strides = [1, 1]} : vector<4x8xf32> to vector<2x4xf32>
// CHECK-NEXT: %4 = vector.extract %arg1[2, 5] : f32 from vector<8x16xf32>
// CHECK-NEXT: return %0, %1, %3, %4 : f32, vector<16xf32>, vector<2x4xf32>, f32
// CHECK-NEXT: }
func.func @chains(%v: vector<4x8x16xf32>, %w: vector<8x16xf32>) -> (f32, vector<16xf32>, vector<2x4xf32>, f32) {
  %0 = vector.extract %v[1] : vector<8x16xf32> from vector<4x8x16xf32>
  %1 = vector.extract %0[2, 3] : f32 from vector<8x16xf32>
  %2 = vector.insert %w, %v[2] : vector<8x16xf32> into vector<4x8x16xf32>
  %3 = vector.extract %2[2, 5] : vector<16xf32> from vector<4x8x16xf32>
  %s = vector.extract_strided_slice %w {offsets = [2, 4], sizes = [4, 8], strides = [1, 1]} : vector<8x16xf32> to vector<4x8xf32>
  %t = vector.extract_strided_slice %s {offsets = [1, 2], sizes = [2, 4], strides = [1, 1]} : vector<4x8xf32> to vector<2x4xf32>
  %sc = vector.shape_cast %w : vector<8x16xf32> to vector<128xf32>
  %e = vector.extract %sc[37] : f32 from vector<128xf32>
  return %1, %3, %t, %e : f32, vector<16xf32>, vector<2x4xf32>, f32
}

// CHECK-LABEL: func.func @istrided(%arg0: vector<2x4xf32>, %arg1: vector<8x8xf32>, %arg2: vector<2x4xf32>) -> (vector<2x4xf32>, vector<4xf32>, vector<8x8xf32>) {
// CHECK-NEXT: %0 = vector.insert_strided_slice %arg0, %arg1 {offsets = [2, 2], strides = [1, 1]} : vector<2x4xf32> into vector<8x8xf32>
// CHECK-NEXT: %1 = vector.extract %0[3] : vector<8xf32> from vector<8x8xf32>
// CHECK-NEXT: %2 = vector.extract_strided_slice %1 {offsets = [0], sizes = [4], strides = [1]} : vector<8xf32> to vector<4xf32>
// CHECK-NEXT: return %arg0, %2, %arg1 : vector<2x4xf32>, vector<4xf32>, vector<8x8xf32>
// CHECK-NEXT: }
func.func @istrided(%a: vector<2x4xf32>, %b: vector<8x8xf32>, %c: vector<2x4xf32>) -> (vector<2x4xf32>, vector<4xf32>, vector<8x8xf32>) {
  %0 = vector.insert_strided_slice %a, %b {offsets = [2, 2], strides = [1, 1]} : vector<2x4xf32> into vector<8x8xf32>
  %1 = vector.insert_strided_slice %c, %0 {offsets = [5, 0], strides = [1, 1]} : vector<2x4xf32> into vector<8x8xf32>
  %2 = vector.extract_strided_slice %1 {offsets = [2, 2], sizes = [2, 4], strides = [1, 1]} : vector<8x8xf32> to vector<2x4xf32>
  %3 = vector.extract %1[3, 2] : f32 from vector<8x8xf32>
  %4 = vector.extract_strided_slice %b {offsets = [1, 1], sizes = [2, 4], strides = [1, 1]} : vector<8x8xf32> to vector<2x4xf32>
  %5 = vector.insert_strided_slice %4, %b {offsets = [1, 1], strides = [1, 1]} : vector<2x4xf32> into vector<8x8xf32>
  %6 = vector.extract %0[3] : vector<8xf32> from vector<8x8xf32>
  %7 = vector.extract_strided_slice %6 {offsets = [0], sizes = [4], strides = [1]} : vector<8xf32> to vector<4xf32>
  return %2, %7, %5 : vector<2x4xf32>, vector<4xf32>, vector<8x8xf32>
}
