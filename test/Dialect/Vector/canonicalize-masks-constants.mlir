// Vector canonicalization, own inputs: create_mask/constant_mask folding through transpose,
// extract, extract_strided_slice and shape_cast; constant folding of insert, extract,
// strided slices, shuffles and bitcasts; unit reductions; shuffle rewrites.
// Expected output is mlir-opt 19's.
// RUN: pyopt %s -canonicalize="test-convergence" | filecheck %s

// CHECK-LABEL: func.func @masks(%arg0: index) -> (vector<3x5xi1>, vector<5x3xi1>, vector<5xi1>, vector<2x4xi1>, vector<4xi1>) {
// CHECK-NEXT: %0 = vector.constant_mask [2, 5] : vector<3x5xi1>
// CHECK-NEXT: %1 = vector.constant_mask [5, 2] : vector<5x3xi1>
// CHECK-NEXT: %2 = vector.create_mask %arg0 : vector<5xi1>
// CHECK-NEXT: %3 = vector.constant_mask [2, 1] : vector<2x4xi1>
// CHECK-NEXT: %4 = vector.create_mask %arg0 : vector<4xi1>
// CHECK-NEXT: return %0, %1, %2, %3, %4 : vector<3x5xi1>, vector<5x3xi1>, vector<5xi1>, vector<2x4xi1>, vector<4xi1>
// CHECK-NEXT: }
func.func @masks(%n: index) -> (vector<3x5xi1>, vector<5x3xi1>, vector<5xi1>, vector<2x4xi1>, vector<4xi1>) {
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %c2 = arith.constant 2 : index
  %m = vector.create_mask %c2, %c7 : vector<3x5xi1>
  %t = vector.transpose %m, [1, 0] : vector<3x5xi1> to vector<5x3xi1>
  %d = vector.create_mask %c1, %n : vector<3x5xi1>
  %e = vector.extract %d[0] : vector<5xi1> from vector<3x5xi1>
  %cm = vector.constant_mask [3, 3] : vector<4x6xi1>
  %s = vector.extract_strided_slice %cm {offsets = [1, 2], sizes = [2, 4], strides = [1, 1]} : vector<4x6xi1> to vector<2x4xi1>
  %k = vector.create_mask %n, %c1 : vector<4x1xi1>
  %sc = vector.shape_cast %k : vector<4x1xi1> to vector<4xi1>
  return %m, %t, %e, %s, %sc : vector<3x5xi1>, vector<5x3xi1>, vector<5xi1>, vector<2x4xi1>, vector<4xi1>
}

// CHECK-LABEL: func.func @consts() -> (vector<4xi32>, vector<2x2xf32>, vector<3xi8>, i32, vector<2xi32>, vector<4xi32>) {
// CHECK-NEXT: %cst = arith.constant dense<[1, 2, 7, 4]> : vector<4xi32>
// CHECK-NEXT: %cst_0 = arith.constant dense<{{\[\[}}1.000000e+00, 2.000000e+00], [9.000000e+00, 9.000000e+00{{\]\]}}> : vector<2x2xf32>
// CHECK-NEXT: %cst_1 = arith.constant dense<[6, 7, 8]> : vector<3xi8>
// CHECK-NEXT: %c4_i32 = arith.constant 4 : i32
// CHECK-NEXT: %cst_2 = arith.constant dense<[20, 1]> : vector<2xi32>
// CHECK-NEXT: %cst_3 = arith.constant dense<[1, 10, 20, 4]> : vector<4xi32>
// CHECK-NEXT: return %cst, %cst_0, %cst_1, %c4_i32, %cst_2, %cst_3 : vector<4xi32>, vector<2x2xf32>, vector<3xi8>, i32, vector<2xi32>, vector<4xi32>
// CHECK-NEXT: }
func.func @consts() -> (vector<4xi32>, vector<2x2xf32>, vector<3xi8>, i32, vector<2xi32>, vector<4xi32>) {
  %a = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
  %b = arith.constant dense<[10, 20]> : vector<2xi32>
  %c = arith.constant 7 : i32
  %i = vector.insert %c, %a[2] : i32 into vector<4xi32>
  %f = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : vector<2x2xf32>
  %g = arith.constant dense<9.0> : vector<2xf32>
  %h = vector.insert %g, %f[1] : vector<2xf32> into vector<2x2xf32>
  %s = arith.constant dense<[5, 6, 7, 8, 9]> : vector<5xi8>
  %x = vector.extract_strided_slice %s {offsets = [1], sizes = [3], strides = [1]} : vector<5xi8> to vector<3xi8>
  %y = vector.extract %a[3] : i32 from vector<4xi32>
  %z = vector.shuffle %a, %b [5, 0] : vector<4xi32>, vector<2xi32>
  %w = vector.insert_strided_slice %b, %a {offsets = [1], strides = [1]} : vector<2xi32> into vector<4xi32>
  return %i, %h, %x, %y, %z, %w : vector<4xi32>, vector<2x2xf32>, vector<3xi8>, i32, vector<2xi32>, vector<4xi32>
}

// CHECK-LABEL: func.func @bitcasts() -> (vector<2xi32>, vector<4xf32>, vector<2xi16>) {
// CHECK-NEXT: %cst = arith.constant dense<-33686019> : vector<2xi32>
// CHECK-NEXT: %cst_0 = arith.constant dense<0.125236511> : vector<4xf32>
// CHECK-NEXT: %cst_1 = arith.constant dense<1285> : vector<2xi16>
// CHECK-NEXT: return %cst, %cst_0, %cst_1 : vector<2xi32>, vector<4xf32>, vector<2xi16>
// CHECK-NEXT: }
func.func @bitcasts() -> (vector<2xi32>, vector<4xf32>, vector<2xi16>) {
  %a = arith.constant dense<-3> : vector<8xi8>
  %b = vector.bitcast %a : vector<8xi8> to vector<2xi32>
  %h = arith.constant dense<1.5> : vector<8xf16>
  %f = vector.bitcast %h : vector<8xf16> to vector<4xf32>
  %q = arith.constant dense<5> : vector<4xi8>
  %r = vector.bitcast %q : vector<4xi8> to vector<2xi16>
  return %b, %f, %r : vector<2xi32>, vector<4xf32>, vector<2xi16>
}

// CHECK-LABEL: func.func @reductions(%arg0: vector<1xf32>, %arg1: f32, %arg2: vector<4x1xi32>, %arg3: vector<4xi32>, %arg4: vector<1x1xf32>) -> (f32, f32, vector<4xi32>, f32, f32) {
// CHECK-NEXT: %0 = vector.extract %arg0[0] : f32 from vector<1xf32>
// CHECK-NEXT: %1 = arith.addf %0, %arg1 : f32
// CHECK-NEXT: %2 = vector.extract %arg0[0] : f32 from vector<1xf32>
// CHECK-NEXT: %3 = vector.shape_cast %arg2 : vector<4x1xi32> to vector<4xi32>
// CHECK-NEXT: %4 = arith.maxsi %arg3, %3 : vector<4xi32>
// CHECK-NEXT: %5 = vector.extract %arg4[0, 0] : f32 from vector<1x1xf32>
// CHECK-NEXT: %6 = arith.mulf %arg1, %5 : f32
// CHECK-NEXT: %7 = vector.extract %arg0[0] : f32 from vector<1xf32>
// CHECK-NEXT: %8 = arith.mulf %7, %arg1 fastmath<fast> : f32
// CHECK-NEXT: return %1, %2, %4, %6, %8 : f32, f32, vector<4xi32>, f32, f32
// CHECK-NEXT: }
func.func @reductions(%v: vector<1xf32>, %a: f32, %w: vector<4x1xi32>, %acc: vector<4xi32>, %u: vector<1x1xf32>) -> (f32, f32, vector<4xi32>, f32, f32) {
  %0 = vector.reduction <add>, %v, %a : vector<1xf32> into f32
  %1 = vector.reduction <maximumf>, %v fastmath<nnan> : vector<1xf32> into f32
  %2 = vector.multi_reduction <maxsi>, %w, %acc [1] : vector<4x1xi32> to vector<4xi32>
  %3 = vector.multi_reduction <mul>, %u, %a [0, 1] : vector<1x1xf32> to f32
  %4 = vector.reduction <mul>, %v, %a fastmath<fast> : vector<1xf32> into f32
  return %0, %1, %2, %3, %4 : f32, f32, vector<4xi32>, f32, f32
}

// CHECK-LABEL: func.func @shuffles(%arg0: vector<4xf32>, %arg1: vector<4xf32>, %arg2: f32, %arg3: vector<f32>) -> (vector<8xf32>, vector<4xf32>, vector<1xf32>, vector<2xf32>) {
// CHECK-NEXT: %0 = vector.interleave %arg0, %arg1 : vector<4xf32> -> vector<8xf32>
// CHECK-NEXT: %1 = vector.splat %arg2 : vector<4xf32>
// CHECK-NEXT: %2 = vector.broadcast %arg3 : vector<f32> to vector<1xf32>
// CHECK-NEXT: %3 = vector.shuffle %arg0, %arg1 [4, 5] : vector<4xf32>, vector<4xf32>
// CHECK-NEXT: return %0, %1, %2, %3 : vector<8xf32>, vector<4xf32>, vector<1xf32>, vector<2xf32>
// CHECK-NEXT: }
func.func @shuffles(%a: vector<4xf32>, %b: vector<4xf32>, %s: f32, %z: vector<f32>) -> (vector<8xf32>, vector<4xf32>, vector<1xf32>, vector<2xf32>) {
  %0 = vector.shuffle %a, %b [0, 4, 1, 5, 2, 6, 3, 7] : vector<4xf32>, vector<4xf32>
  %x = vector.splat %s : vector<4xf32>
  %y = vector.splat %s : vector<4xf32>
  %1 = vector.shuffle %x, %y [0, 5, 2, 7] : vector<4xf32>, vector<4xf32>
  %2 = vector.shuffle %z, %z [1] : vector<f32>, vector<f32>
  %3 = vector.shuffle %a, %b [4, 5] : vector<4xf32>, vector<4xf32>
  return %0, %1, %2, %3 : vector<8xf32>, vector<4xf32>, vector<1xf32>, vector<2xf32>
}
