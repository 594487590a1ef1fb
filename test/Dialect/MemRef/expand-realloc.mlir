// expand-realloc: realloc as "grow into a new buffer, or view the old one" (expected output:
// mlir-opt 19).
// RUN: pyopt %s -expand-realloc | filecheck %s
// RUN: pyopt %s -expand-realloc=emit-deallocs=false | filecheck %s --check-prefix=NODEALLOC

// CHECK-LABEL: func.func @grow_dynamic(
// CHECK-SAME: %[[M:[^:]*]]: memref<?xf32>, %[[N:[^:]*]]: index)
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[DIM:.*]] = memref.dim %[[M]], %[[C0]] : memref<?xf32>
// CHECK: %[[SMALLER:.*]] = arith.cmpi ult, %[[DIM]], %[[N]] : index
// CHECK: %[[R:.*]] = scf.if %[[SMALLER]] -> (memref<?xf32>) {
// CHECK:   %[[NEW:.*]] = memref.alloc(%[[N]]) : memref<?xf32>
// CHECK:   %[[SV:.*]] = memref.subview %[[NEW]][0] [%[[DIM]]] [1] : memref<?xf32> to memref<?xf32, strided<[1]>>
// CHECK:   memref.copy %[[M]], %[[SV]] : memref<?xf32> to memref<?xf32, strided<[1]>>
// CHECK:   memref.dealloc %[[M]] : memref<?xf32>
// CHECK:   scf.yield %[[NEW]] : memref<?xf32>
// CHECK: } else {
// CHECK:   %[[RC:.*]] = memref.reinterpret_cast %[[M]] to offset: [0], sizes: [%[[N]]], strides: [1] : memref<?xf32> to memref<?xf32>
// CHECK:   scf.yield %[[RC]] : memref<?xf32>
// CHECK: }
// CHECK: return %[[R]]
// NODEALLOC-LABEL: func.func @grow_dynamic(
// NODEALLOC-NOT: memref.dealloc
// NODEALLOC: return
func.func @grow_dynamic(%m: memref<?xf32>, %n: index) -> memref<?xf32> {
  %r = memref.realloc %m(%n) : memref<?xf32> to memref<?xf32>
  return %r : memref<?xf32>
}

// Static sizes are compared as constants; the alignment goes to the new alloc.
// CHECK-LABEL: func.func @grow_static(
// CHECK: %[[C4:.*]] = arith.constant 4 : index
// CHECK: %[[C16:.*]] = arith.constant 16 : index
// CHECK: %[[SMALLER:.*]] = arith.cmpi ult, %[[C4]], %[[C16]] : index
// CHECK: scf.if %[[SMALLER]] -> (memref<16xi8>) {
// CHECK:   %[[NEW:.*]] = memref.alloc() {alignment = 8 : i64} : memref<16xi8>
// CHECK:   memref.subview %[[NEW]][0] [4] [1] : memref<16xi8> to memref<4xi8, strided<[1]>>
// CHECK: } else {
// CHECK:   memref.reinterpret_cast %arg0 to offset: [0], sizes: [16], strides: [1] : memref<4xi8> to memref<16xi8>
func.func @grow_static(%m: memref<4xi8>) -> memref<16xi8> {
  %r = memref.realloc %m {alignment = 8} : memref<4xi8> to memref<16xi8>
  return %r : memref<16xi8>
}

// CHECK-LABEL: func.func @to_static(
// CHECK: %[[DIM:.*]] = memref.dim %arg0, %{{.*}} : memref<?xi32>
// CHECK: %[[C8:.*]] = arith.constant 8 : index
// CHECK: arith.cmpi ult, %[[DIM]], %[[C8]] : index
// CHECK: memref.alloc() : memref<8xi32>
// CHECK: memref.subview %{{.*}}[0] [%[[DIM]]] [1] : memref<8xi32> to memref<?xi32, strided<[1]>>
func.func @to_static(%m: memref<?xi32>) -> memref<8xi32> {
  %r = memref.realloc %m : memref<?xi32> to memref<8xi32>
  return %r : memref<8xi32>
}
