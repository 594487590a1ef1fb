// RUN: pyopt %s -inline='default-pipeline=' | filecheck %s

// CHECK-LABEL: func.func @loops(
// CHECK-NEXT:    affine.for %[[I:.*]] = 0 to 8 {
// CHECK-NEXT:      affine.load %arg0[%[[I]]] : memref<8xf32>
// CHECK-NEXT:      func.call @with_loop(%arg0)
// CHECK-NEXT:    }
// CHECK-NEXT:    affine.for %[[J:.*]] = 0 to 8 {
// CHECK-NEXT:      affine.load %arg0[%[[J]]] : memref<8xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return

// An affine load whose index is a callee argument can be inlined into a loop when the caller
// passes a valid dim (the induction variable).
func.func @read_at(%i: index, %m: memref<8xf32>) -> f32 {
  %0 = affine.load %m[%i] : memref<8xf32>
  return %0 : f32
}

// A callee holding a loop cannot be inlined into another affine loop, only at top level.
func.func @with_loop(%m: memref<8xf32>) {
  affine.for %j = 0 to 8 {
    %0 = affine.load %m[%j] : memref<8xf32>
  }
  return
}

func.func @loops(%m: memref<8xf32>) {
  affine.for %i = 0 to 8 {
    %0 = func.call @read_at(%i, %m) : (index, memref<8xf32>) -> f32
    func.call @with_loop(%m) : (memref<8xf32>) -> ()
  }
  call @with_loop(%m) : (memref<8xf32>) -> ()
  return
}
