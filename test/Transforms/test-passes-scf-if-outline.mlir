// RUN: pyopt %s -test-scf-if-utils | filecheck %s

// Regions become functions numbered per scf.if; a captured index constant is re-created
// inside the outlined function.
// CHECK-LABEL: func.func @outlined_then0(%arg0: memref<4xf32>, %arg1: index) -> f32
// CHECK-NEXT: %[[C:.*]] = arith.constant 2 : index
// CHECK-NEXT: memref.load %arg0[%[[C]]]
// CHECK: func.func @outlined_else0(%arg0: f32) -> f32
// CHECK: func.func @outlined_then1(%arg0: f32, %arg1: memref<4xf32>, %arg2: index)
// CHECK-NOT: outlined_else1
// CHECK: func.call @outlined_then0(%arg1, %c2) : (memref<4xf32>, index) -> f32
// CHECK: func.call @outlined_else0(%arg2) : (f32) -> f32
// CHECK: func.call @outlined_then1(%0, %arg1, %c2)
func.func @two_ifs(%c: i1, %m: memref<4xf32>, %f: f32) -> f32 {
  %i = arith.constant 2 : index
  %r = scf.if %c -> (f32) {
    %x = memref.load %m[%i] : memref<4xf32>
    scf.yield %x : f32
  } else {
    scf.yield %f : f32
  }
  scf.if %c {
    memref.store %r, %m[%i] : memref<4xf32>
  }
  return %r : f32
}
