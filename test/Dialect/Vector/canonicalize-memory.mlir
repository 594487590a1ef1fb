// Vector canonicalization, own inputs: transfer in_bounds inference, all-true masks,
// store-to-load forwarding, masked memory ops with constant masks, vector.mask folds and
// add(contract) merging. Expected output is mlir-opt 19's.
// RUN: pyopt %s -canonicalize="test-convergence" | filecheck %s

// CHECK: #map = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK: #map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK: #map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @xfer(%arg0: memref<8x8xf32>, %arg1: tensor<8x8xf32>, %arg2: vector<4xf32>, %arg3: index, %arg4: vector<4xi1>) -> (vector<4xf32>, tensor<8x8xf32>, vector<4xf32>, tensor<8x8xf32>) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %c6 = arith.constant 6 : index
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %0 = vector.transfer_read %arg0[%c2, %c2], %cst {in_bounds = [true]} : memref<8x8xf32>, vector<4xf32>
// CHECK-NEXT: %1 = vector.transfer_read %arg0[%c2, %c6], %cst : memref<8x8xf32>, vector<4xf32>
// CHECK-NEXT: %2 = vector.transfer_write %arg2, %arg1[%c2, %c0] {in_bounds = [true]} : vector<4xf32>, tensor<8x8xf32>
// CHECK-NEXT: %3 = vector.transfer_write %arg2, %2[%c6, %c0] {in_bounds = [true]} : vector<4xf32>, tensor<8x8xf32>
// CHECK-NEXT: %4 = vector.transfer_write %0, %3[%c2, %c0] {in_bounds = [true]} : vector<4xf32>, tensor<8x8xf32>
// CHECK-NEXT: vector.transfer_write %1, %arg0[%arg3, %arg3] : vector<4xf32>, memref<8x8xf32>
// CHECK-NEXT: return %arg2, %4, %1, %3 : vector<4xf32>, tensor<8x8xf32>, vector<4xf32>, tensor<8x8xf32>
// CHECK-NEXT: }
func.func @xfer(%m: memref<8x8xf32>, %t: tensor<8x8xf32>, %v: vector<4xf32>, %i: index, %mask: vector<4xi1>) -> (vector<4xf32>, tensor<8x8xf32>, vector<4xf32>, tensor<8x8xf32>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c6 = arith.constant 6 : index
  %pad = arith.constant 0.0 : f32
  %0 = vector.transfer_read %m[%c2, %c2], %pad : memref<8x8xf32>, vector<4xf32>
  %1 = vector.transfer_read %m[%c2, %c6], %pad : memref<8x8xf32>, vector<4xf32>
  %all = vector.constant_mask [4] : vector<4xi1>
  %w = vector.transfer_write %v, %t[%c2, %c0], %all : vector<4xf32>, tensor<8x8xf32>
  %w2 = vector.transfer_write %v, %w[%c6, %c0] {in_bounds = [true]} : vector<4xf32>, tensor<8x8xf32>
  %r = vector.transfer_read %w2[%c2, %c0], %pad {in_bounds = [true]} : tensor<8x8xf32>, vector<4xf32>
  %w3 = vector.transfer_write %0, %w2[%c2, %c0] {in_bounds = [true]} : vector<4xf32>, tensor<8x8xf32>
  vector.transfer_write %1, %m[%i, %i] : vector<4xf32>, memref<8x8xf32>
  return %r, %w3, %1, %w2 : vector<4xf32>, tensor<8x8xf32>, vector<4xf32>, tensor<8x8xf32>
}

// CHECK-LABEL: func.func @memops(%arg0: memref<16xf32>, %arg1: vector<16xf32>, %arg2: vector<16xi32>) -> vector<16xf32> {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0 = vector.load %arg0[%c0] : memref<16xf32>, vector<16xf32>
// CHECK-NEXT: vector.store %0, %arg0[%c0] : memref<16xf32>, vector<16xf32>
// CHECK-NEXT: %1 = vector.load %arg0[%c0] : memref<16xf32>, vector<16xf32>
// CHECK-NEXT: vector.store %1, %arg0[%c0] : memref<16xf32>, vector<16xf32>
// CHECK-NEXT: %2 = vector.load %arg0[%c0] : memref<16xf32>, vector<16xf32>
// CHECK-NEXT: vector.store %2, %arg0[%c0] : memref<16xf32>, vector<16xf32>
// CHECK-NEXT: return %2 : vector<16xf32>
// CHECK-NEXT: }
func.func @memops(%m: memref<16xf32>, %v: vector<16xf32>, %iv: vector<16xi32>) -> vector<16xf32> {
  %c0 = arith.constant 0 : index
  %t = vector.constant_mask [16] : vector<16xi1>
  %f = vector.constant_mask [0] : vector<16xi1>
  %0 = vector.maskedload %m[%c0], %t, %v : memref<16xf32>, vector<16xi1>, vector<16xf32> into vector<16xf32>
  vector.maskedstore %m[%c0], %t, %0 : memref<16xf32>, vector<16xi1>, vector<16xf32>
  vector.maskedstore %m[%c0], %f, %0 : memref<16xf32>, vector<16xi1>, vector<16xf32>
  %1 = vector.gather %m[%c0][%iv], %f, %v : memref<16xf32>, vector<16xi32>, vector<16xi1>, vector<16xf32> into vector<16xf32>
  vector.scatter %m[%c0][%iv], %f, %1 : memref<16xf32>, vector<16xi32>, vector<16xi1>, vector<16xf32>
  %2 = vector.expandload %m[%c0], %t, %1 : memref<16xf32>, vector<16xi1>, vector<16xf32> into vector<16xf32>
  vector.compressstore %m[%c0], %t, %2 : memref<16xf32>, vector<16xi1>, vector<16xf32>
  %cast = memref.cast %m : memref<16xf32> to memref<?xf32>
  %3 = vector.load %cast[%c0] : memref<?xf32>, vector<16xf32>
  vector.store %3, %cast[%c0] : memref<?xf32>, vector<16xf32>
  return %3 : vector<16xf32>
}

// CHECK-LABEL: func.func @masked(%arg0: vector<8xf32>, %arg1: vector<8xi1>, %arg2: memref<8xf32>) -> (f32, f32) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0 = vector.reduction <add>, %arg0 : vector<8xf32> into f32
// CHECK-NEXT: vector.transfer_write %arg0, %arg2[%c0] {in_bounds = [true]} : vector<8xf32>, memref<8xf32>
// CHECK-NEXT: %1 = vector.mask %arg1 { vector.reduction <add>, %arg0 : vector<8xf32> into f32 } : vector<8xi1> -> f32
// CHECK-NEXT: return %0, %1 : f32, f32
// CHECK-NEXT: }
func.func @masked(%v: vector<8xf32>, %m: vector<8xi1>, %mem: memref<8xf32>) -> (f32, f32) {
  %all = vector.constant_mask [8] : vector<8xi1>
  %0 = vector.mask %all { vector.reduction <add>, %v : vector<8xf32> into f32 } : vector<8xi1> -> f32
  %c0 = arith.constant 0 : index
  vector.mask %all { vector.transfer_write %v, %mem[%c0] : vector<8xf32>, memref<8xf32> } : vector<8xi1>
  %1 = vector.mask %m { vector.reduction <add>, %v : vector<8xf32> into f32 } : vector<8xi1> -> f32
  return %0, %1 : f32, f32
}

// CHECK-LABEL: func.func @masked_red(%arg0: vector<1xf32>, %arg1: vector<1xi1>, %arg2: f32, %arg3: vector<3x1xf32>, %arg4: vector<3x1xi1>, %arg5: vector<3xf32>) -> (f32, vector<3xf32>) {
// CHECK-NEXT: %0 = vector.extract %arg1[0] : i1 from vector<1xi1>
// CHECK-NEXT: %1 = vector.extract %arg0[0] : f32 from vector<1xf32>
// CHECK-NEXT: %2 = arith.addf %1, %arg2 : f32
// CHECK-NEXT: %3 = arith.select %0, %2, %arg2 : f32
// CHECK-NEXT: %4 = vector.shape_cast %arg4 : vector<3x1xi1> to vector<3xi1>
// CHECK-NEXT: %5 = vector.shape_cast %arg3 : vector<3x1xf32> to vector<3xf32>
// CHECK-NEXT: %6 = arith.addf %arg5, %5 : vector<3xf32>
// CHECK-NEXT: %7 = arith.select %4, %6, %5 : vector<3xi1>, vector<3xf32>
// CHECK-NEXT: return %3, %7 : f32, vector<3xf32>
// CHECK-NEXT: }
func.func @masked_red(%v: vector<1xf32>, %m: vector<1xi1>, %a: f32, %w: vector<3x1xf32>, %m2: vector<3x1xi1>, %acc: vector<3xf32>) -> (f32, vector<3xf32>) {
  %0 = vector.mask %m { vector.reduction <add>, %v, %a : vector<1xf32> into f32 } : vector<1xi1> -> f32
  %1 = vector.mask %m2 { vector.multi_reduction <add>, %w, %acc [1] : vector<3x1xf32> to vector<3xf32> } : vector<3x1xi1> -> vector<3xf32>
  return %0, %1 : f32, vector<3xf32>
}

// CHECK-LABEL: func.func @contract_add(%arg0: vector<2x3xf32>, %arg1: vector<3x4xf32>, %arg2: vector<2x4xf32>) -> vector<2x4xf32> {
// CHECK-NEXT: %0 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %arg0, %arg1, %arg2 : vector<2x3xf32>, vector<3x4xf32> into vector<2x4xf32>
// CHECK-NEXT: return %0 : vector<2x4xf32>
// CHECK-NEXT: }
func.func @contract_add(%a: vector<2x3xf32>, %b: vector<3x4xf32>, %c: vector<2x4xf32>) -> vector<2x4xf32> {
  %z = arith.constant dense<0.0> : vector<2x4xf32>
  %0 = vector.contract {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %z : vector<2x3xf32>, vector<3x4xf32> into vector<2x4xf32>
  %1 = arith.addf %c, %0 : vector<2x4xf32>
  return %1 : vector<2x4xf32>
}
