// RUN: pyopt %s -allow-unregistered-dialect -test-multi-buffering | filecheck %s

// Two buffers by default; iteration k uses buffer (k floordiv step) mod 2.
// CHECK: #[[SLOT:.*]] = affine_map<(d0) -> ((d0 floordiv 2) mod 2)>
// CHECK: %[[BUF:.*]] = memref.alloc() : memref<2x8xf32>
// CHECK: scf.for %[[I:.*]] =
// CHECK-NEXT: %[[K:.*]] = affine.apply #[[SLOT]](%[[I]])
// CHECK-NEXT: %[[V:.*]] = memref.subview %[[BUF]][%[[K]], 0] [1, 8] [1, 1] : memref<2x8xf32> to memref<8xf32, strided<[1], offset: ?>>
// CHECK-NEXT: memref.copy %arg0, %[[V]]
// CHECK-NEXT: memref.load %[[V]][%[[I]]] : memref<8xf32, strided<[1], offset: ?>>
func.func @two_copies(%src: memref<8xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %buf = memref.alloc() : memref<8xf32>
  scf.for %i = %c0 to %n step %c2 {
    memref.copy %src, %buf : memref<8xf32> to memref<8xf32>
    %v = memref.load %buf[%i] : memref<8xf32>
    "use"(%v) : (f32) -> ()
  }
  return
}
