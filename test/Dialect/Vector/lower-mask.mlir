// RUN: pyopt %s -lower-vector-mask | filecheck %s

// vector.mask around transfer_read / transfer_write / gather becomes their own mask operand;
// a read with a vector pass-through stays masked. Expected text from mlir-opt 19.

func.func @read(%m: memref<?xf32>, %i: index, %k: vector<8xi1>) -> vector<8xf32> {
  %p = arith.constant 0.5 : f32
  %0 = vector.mask %k { vector.transfer_read %m[%i], %p : memref<?xf32>, vector<8xf32> } : vector<8xi1> -> vector<8xf32>
  return %0 : vector<8xf32>
}

func.func @write(%v: vector<8xf32>, %m: memref<?xf32>, %i: index, %k: vector<8xi1>) {
  vector.mask %k { vector.transfer_write %v, %m[%i] {in_bounds = [true]} : vector<8xf32>, memref<?xf32> } : vector<8xi1>
  return
}

func.func @gather(%m: memref<?xi32>, %idx: vector<4xindex>, %k: vector<4xi1>, %pt: vector<4xi32>) -> (vector<4xi32>, vector<4xi32>) {
  %c0 = arith.constant 0 : index
  %t = arith.constant dense<true> : vector<4xi1>
  %0 = vector.mask %k { vector.gather %m[%c0] [%idx], %t, %pt : memref<?xi32>, vector<4xindex>, vector<4xi1>, vector<4xi32> into vector<4xi32> } : vector<4xi1> -> vector<4xi32>
  return %0, %0 : vector<4xi32>, vector<4xi32>
}

func.func @passthru_read_kept(%m: memref<?xf32>, %i: index, %k: vector<8xi1>, %pt: vector<8xf32>) -> vector<8xf32> {
  %p = arith.constant 0.5 : f32
  %0 = vector.mask %k, %pt { vector.transfer_read %m[%i], %p : memref<?xf32>, vector<8xf32> } : vector<8xi1> -> vector<8xf32>
  return %0 : vector<8xf32>
}

// CHECK-LABEL: func.func @read(%arg0: memref<?xf32>, %arg1: index, %arg2: vector<8xi1>) -> vector<8xf32> {
// CHECK-NEXT: %cst = arith.constant 5.000000e-01 : f32
// CHECK-NEXT: %0 = vector.transfer_read %arg0[%arg1], %cst, %arg2 : memref<?xf32>, vector<8xf32>
// CHECK-NEXT: return %0 : vector<8xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @write(%arg0: vector<8xf32>, %arg1: memref<?xf32>, %arg2: index, %arg3: vector<8xi1>) {
// CHECK-NEXT: vector.transfer_write %arg0, %arg1[%arg2], %arg3 {in_bounds = [true]} : vector<8xf32>, memref<?xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @gather(%arg0: memref<?xi32>, %arg1: vector<4xindex>, %arg2: vector<4xi1>, %arg3: vector<4xi32>) -> (vector<4xi32>, vector<4xi32>) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %cst = arith.constant dense<0> : vector<4xi32>
// CHECK-NEXT: %0 = vector.gather %arg0[%c0] [%arg1], %arg2, %cst : memref<?xi32>, vector<4xindex>, vector<4xi1>, vector<4xi32> into vector<4xi32>
// CHECK-NEXT: return %0, %0 : vector<4xi32>, vector<4xi32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @passthru_read_kept(%arg0: memref<?xf32>, %arg1: index, %arg2: vector<8xi1>, %arg3: vector<8xf32>) -> vector<8xf32> {
// CHECK-NEXT: %cst = arith.constant 5.000000e-01 : f32
// CHECK-NEXT: %0 = vector.mask %arg2, %arg3 { vector.transfer_read %arg0[%arg1], %cst : memref<?xf32>, vector<8xf32> } : vector<8xi1> -> vector<8xf32>
// CHECK-NEXT: return %0 : vector<8xf32>
// CHECK-NEXT: }
