// Memref folders and canonicalization patterns: dim/rank of known sizes, constant alloc and
// subview operands folded into the type (cast back), dead allocations, memref.cast folded into
// users, reshape chains composed. Expected output is mlir-opt 19's, verbatim.
// RUN: pyopt %s -allow-unregistered-dialect -canonicalize="test-convergence" | filecheck %s

func.func @dims(%n: index) -> (index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc(%n) : memref<?x8xf32>
  %d0 = memref.dim %a, %c0 : memref<?x8xf32>
  %d1 = memref.dim %a, %c1 : memref<?x8xf32>
  %r = memref.rank %a : memref<?x8xf32>
  "test.keep"(%a) : (memref<?x8xf32>) -> ()
  return %d0, %d1, %r : index, index, index
}
func.func @const_alloc() -> memref<?x?xf32> {
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %a = memref.alloc(%c3, %c5) : memref<?x?xf32>
  return %a : memref<?x?xf32>
}
func.func @dead_alloc(%v: f32) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  memref.store %v, %a[%c0] : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  return
}
func.func @load_of_cast(%m: memref<4x4xf32>, %i: index) -> f32 {
  %c = memref.cast %m : memref<4x4xf32> to memref<?x?xf32>
  %v = memref.load %c[%i, %i] : memref<?x?xf32>
  return %v : f32
}
func.func @subview_consts(%m: memref<8x16xf32>) -> memref<?x?xf32, strided<[?, ?], offset: ?>> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %s = memref.subview %m[%c2, %c0] [%c4, %c4] [%c1, %c2] : memref<8x16xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  return %s : memref<?x?xf32, strided<[?, ?], offset: ?>>
}
func.func @collapse_chain(%m: memref<2x3x4x5xf32>) -> memref<120xf32> {
  %a = memref.collapse_shape %m [[0, 1], [2], [3]] : memref<2x3x4x5xf32> into memref<6x4x5xf32>
  %b = memref.collapse_shape %a [[0, 1, 2]] : memref<6x4x5xf32> into memref<120xf32>
  return %b : memref<120xf32>
}
func.func @cast_chain(%m: memref<4xf32>) -> memref<4xf32> {
  %a = memref.cast %m : memref<4xf32> to memref<?xf32>
  %b = memref.cast %a : memref<?xf32> to memref<4xf32>
  return %b : memref<4xf32>
}

// CHECK-LABEL: func.func @dims(
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %c8 = arith.constant 8 : index
// CHECK-NEXT: %alloc = memref.alloc(%arg0) : memref<?x8xf32>
// CHECK-NEXT: "test.keep"(%alloc) : (memref<?x8xf32>) -> ()
// CHECK-NEXT: return %arg0, %c8, %c2 : index, index, index
// CHECK-NEXT: }
// CHECK-LABEL: func.func @const_alloc(
// CHECK-NEXT: %alloc = memref.alloc() : memref<3x5xf32>
// CHECK-NEXT: %cast = memref.cast %alloc : memref<3x5xf32> to memref<?x?xf32>
// CHECK-NEXT: return %cast : memref<?x?xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @dead_alloc(
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @load_of_cast(
// CHECK-NEXT: %0 = memref.load %arg0[%arg1, %arg1] : memref<4x4xf32>
// CHECK-NEXT: return %0 : f32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @subview_consts(
// CHECK-NEXT: %subview = memref.subview %arg0[2, 0] [4, 4] [1, 2] : memref<8x16xf32> to memref<4x4xf32, strided<[16, 2], offset: 32>>
// CHECK-NEXT: %cast = memref.cast %subview : memref<4x4xf32, strided<[16, 2], offset: 32>> to memref<?x?xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: return %cast : memref<?x?xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @collapse_chain(
// CHECK-NEXT: %collapse_shape = memref.collapse_shape %arg0 [[0, 1, 2, 3]] : memref<2x3x4x5xf32> into memref<120xf32>
// CHECK-NEXT: return %collapse_shape : memref<120xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @cast_chain(
// CHECK-NEXT: return %arg0 : memref<4xf32>
