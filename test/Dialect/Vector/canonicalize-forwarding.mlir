// Vector canonicalization, own inputs: read-after-write to broadcast+transpose,
// read-init-write, splat write with masked read, 0-D vectors, dynamic positions, scalable
// masks, insertelement/extractelement folds, overwritten writes. Expected output is
// mlir-opt 19's.
// RUN: pyopt %s -canonicalize="test-convergence" | filecheck %s

// CHECK-LABEL: func.func @rawb(%arg0: tensor<4x4x4xf32>, %arg1: vector<4x1xf32>) -> vector<1x100x4x5xf32> {
// CHECK-NEXT: %0 = vector.broadcast %arg1 : vector<4x1xf32> to vector<100x5x4x1xf32>
// CHECK-NEXT: %1 = vector.transpose %0, [3, 0, 2, 1] : vector<100x5x4x1xf32> to vector<1x100x4x5xf32>
// CHECK-NEXT: return %1 : vector<1x100x4x5xf32>
// CHECK-NEXT: }
func.func @rawb(%t: tensor<4x4x4xf32>, %v: vector<4x1xf32>) -> vector<1x100x4x5xf32> {
  %c0 = arith.constant 0 : index
  %cf0 = arith.constant 0.0 : f32
  %w0 = vector.transfer_write %v, %t[%c0, %c0, %c0] {in_bounds = [true, true], permutation_map = affine_map<(d0, d1, d2) -> (d2, d1)>} : vector<4x1xf32>, tensor<4x4x4xf32>
  %r = vector.transfer_read %w0[%c0, %c0, %c0], %cf0 {in_bounds = [true, true, true, true], permutation_map = affine_map<(d0, d1, d2) -> (d1, 0, d2, 0)>} : tensor<4x4x4xf32>, vector<1x100x4x5xf32>
  return %r : vector<1x100x4x5xf32>
}

// CHECK-LABEL: func.func @init(%arg0: tensor<4x4xf32>) -> tensor<4x4xf32> {
// CHECK-NEXT: return %arg0 : tensor<4x4xf32>
// CHECK-NEXT: }
func.func @init(%t: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %c0 = arith.constant 0 : index
  %cf0 = arith.constant 0.0 : f32
  %e = arith.constant dense<1.0> : tensor<4x4xf32>
  %r = vector.transfer_read %t[%c0, %c0], %cf0 {in_bounds = [true, true]} : tensor<4x4xf32>, vector<4x4xf32>
  %w = vector.transfer_write %r, %e[%c0, %c0] {in_bounds = [true, true]} : vector<4x4xf32>, tensor<4x4xf32>
  return %w : tensor<4x4xf32>
}

// CHECK-LABEL: func.func @splatmask(%arg0: tensor<8xf32>, %arg1: vector<4xi1>) -> vector<4xf32> {
// CHECK-NEXT: %cst = arith.constant dense<2.000000e+00> : vector<4xf32>
// CHECK-NEXT: return %cst : vector<4xf32>
// CHECK-NEXT: }
func.func @splatmask(%t: tensor<8xf32>, %m: vector<4xi1>) -> vector<4xf32> {
  %c0 = arith.constant 0 : index
  %cf0 = arith.constant 2.0 : f32
  %s = arith.constant dense<2.0> : vector<4xf32>
  %w = vector.transfer_write %s, %t[%c0] {in_bounds = [true]} : vector<4xf32>, tensor<8xf32>
  %r = vector.transfer_read %w[%c0], %cf0, %m {in_bounds = [true]} : tensor<8xf32>, vector<4xf32>
  return %r : vector<4xf32>
}

// CHECK-LABEL: func.func @zerod(%arg0: vector<f32>, %arg1: f32, %arg2: vector<i1>, %arg3: vector<4xf32>) -> (f32, f32, f32, f32) {
// CHECK-NEXT: %0 = vector.extractelement %arg0[] : vector<f32>
// CHECK-NEXT: %1 = vector.extractelement %arg0[] : vector<f32>
// CHECK-NEXT: %2 = vector.extract %arg3[2] : f32 from vector<4xf32>
// CHECK-NEXT: %3 = vector.extractelement %arg0[] : vector<f32>
// CHECK-NEXT: return %0, %1, %2, %3 : f32, f32, f32, f32
// CHECK-NEXT: }
func.func @zerod(%a: vector<f32>, %s: f32, %m: vector<i1>, %x: vector<4xf32>) -> (f32, f32, f32, f32) {
  %b = vector.broadcast %a : vector<f32> to vector<4xf32>
  %0 = vector.extract %b[1] : f32 from vector<4xf32>
  %1 = vector.reduction <add>, %a : vector<f32> into f32
  %sc = vector.shape_cast %x : vector<4xf32> to vector<1x4xf32>
  %sc2 = vector.extract %sc[0] : vector<4xf32> from vector<1x4xf32>
  %3 = vector.extract %sc2[2] : f32 from vector<4xf32>
  %5 = vector.extractelement %a[] : vector<f32>
  return %0, %1, %3, %5 : f32, f32, f32, f32
}

// CHECK-LABEL: func.func @dyn(%arg0: vector<4x8xf32>, %arg1: index, %arg2: f32) -> (vector<8xf32>, f32, vector<8xi1>, vector<8xi1>) {
// CHECK-NEXT: %0 = vector.insert %arg2, %arg0 [2, %arg1] : f32 into vector<4x8xf32>
// CHECK-NEXT: %1 = vector.extract %0[2] : vector<8xf32> from vector<4x8xf32>
// CHECK-NEXT: %2 = vector.extract %arg0[%arg1, 1] : f32 from vector<4x8xf32>
// CHECK-NEXT: %3 = vector.constant_mask [3, 8] : vector<4x8xi1>
// CHECK-NEXT: %4 = vector.extract %3[%arg1] : vector<8xi1> from vector<4x8xi1>
// CHECK-NEXT: %5 = vector.create_mask %arg1 : vector<8xi1>
// CHECK-NEXT: return %1, %2, %4, %5 : vector<8xf32>, f32, vector<8xi1>, vector<8xi1>
// CHECK-NEXT: }
func.func @dyn(%v: vector<4x8xf32>, %i: index, %s: f32) -> (vector<8xf32>, f32, vector<8xi1>, vector<8xi1>) {
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %0 = vector.insert %s, %v[2, %i] : f32 into vector<4x8xf32>
  %1 = vector.extract %0[2] : vector<8xf32> from vector<4x8xf32>
  %2 = vector.extract %v[%i, 1] : f32 from vector<4x8xf32>
  %m = vector.create_mask %c3, %c8 : vector<4x8xi1>
  %3 = vector.extract %m[%i] : vector<8xi1> from vector<4x8xi1>
  %n = vector.create_mask %c8, %i : vector<4x8xi1>
  %4 = vector.extract %n[%i] : vector<8xi1> from vector<4x8xi1>
  return %1, %2, %3, %4 : vector<8xf32>, f32, vector<8xi1>, vector<8xi1>
}

// CHECK-LABEL: func.func @scal(%arg0: index) -> (vector<[4]xi1>, vector<2x[4]xi1>, vector<[4]x2xi1>) {
// CHECK-NEXT: %0 = vector.constant_mask [4] : vector<[4]xi1>
// CHECK-NEXT: %1 = vector.constant_mask [2, 4] : vector<2x[4]xi1>
// CHECK-NEXT: %2 = vector.constant_mask [0, 0] : vector<[4]x2xi1>
// CHECK-NEXT: return %0, %1, %2 : vector<[4]xi1>, vector<2x[4]xi1>, vector<[4]x2xi1>
// CHECK-NEXT: }
func.func @scal(%n: index) -> (vector<[4]xi1>, vector<2x[4]xi1>, vector<[4]x2xi1>) {
  %vs = vector.vscale
  %c4 = arith.constant 4 : index
  %c2 = arith.constant 2 : index
  %c0 = arith.constant 0 : index
  %m = arith.muli %vs, %c4 : index
  %0 = vector.create_mask %m : vector<[4]xi1>
  %1 = vector.create_mask %c2, %m : vector<2x[4]xi1>
  %2 = vector.create_mask %c0, %c2 : vector<[4]x2xi1>
  return %0, %1, %2 : vector<[4]xi1>, vector<2x[4]xi1>, vector<[4]x2xi1>
}

// CHECK-LABEL: func.func @ie(%arg0: f32) -> (vector<4xf32>, f32, vector<2xf32>) {
// CHECK-NEXT: %cst = arith.constant dense<[1.000000e+00, 7.000000e+00, 3.000000e+00, 4.000000e+00]> : vector<4xf32>
// CHECK-NEXT: %0 = vector.insert %arg0, %cst [3] : f32 into vector<4xf32>
// CHECK-NEXT: %1 = vector.extract_strided_slice %0 {offsets = [1], sizes = [2], strides = [1]} : vector<4xf32> to vector<2xf32>
// CHECK-NEXT: return %cst, %arg0, %1 : vector<4xf32>, f32, vector<2xf32>
// CHECK-NEXT: }
func.func @ie(%s: f32) -> (vector<4xf32>, f32, vector<2xf32>) {
  %c1 = arith.constant 1 : i32
  %c9 = arith.constant 9 : i32
  %v = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : vector<4xf32>
  %f = arith.constant 7.0 : f32
  %0 = vector.insertelement %f, %v[%c1 : i32] : vector<4xf32>
  %1 = vector.extractelement %v[%c1 : i32] : vector<4xf32>
  %b = vector.broadcast %s : f32 to vector<4xf32>
  %2 = vector.extractelement %b[%c9 : i32] : vector<4xf32>
  %3 = vector.insert %s, %0[3] : f32 into vector<4xf32>
  %4 = vector.extract_strided_slice %3 {offsets = [1], sizes = [2], strides = [1]} : vector<4xf32> to vector<2xf32>
  return %0, %2, %4 : vector<4xf32>, f32, vector<2xf32>
}

// CHECK-LABEL: func.func @waw(%arg0: tensor<8x8xf32>, %arg1: vector<4xf32>, %arg2: vector<4xf32>) -> tensor<8x8xf32> {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %0 = vector.transfer_write %arg1, %arg0[%c0, %c4] {in_bounds = [true]} : vector<4xf32>, tensor<8x8xf32>
// CHECK-NEXT: %1 = vector.transfer_write %arg2, %0[%c0, %c0] {in_bounds = [true]} : vector<4xf32>, tensor<8x8xf32>
// CHECK-NEXT: return %1 : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @waw(%t: tensor<8x8xf32>, %a: vector<4xf32>, %b: vector<4xf32>) -> tensor<8x8xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %w0 = vector.transfer_write %a, %t[%c0, %c0] {in_bounds = [true]} : vector<4xf32>, tensor<8x8xf32>
  %w1 = vector.transfer_write %a, %w0[%c0, %c4] {in_bounds = [true]} : vector<4xf32>, tensor<8x8xf32>
  %w2 = vector.transfer_write %b, %w1[%c0, %c0] {in_bounds = [true]} : vector<4xf32>, tensor<8x8xf32>
  return %w2 : tensor<8x8xf32>
}
