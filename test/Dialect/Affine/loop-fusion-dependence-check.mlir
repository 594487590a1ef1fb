// RUN: pyopt %s -test-loop-fusion=test-loop-fusion-dependence-check -split-input-file -verify-diagnostics | filecheck %s

// The middle nest reads what the first writes and writes what the last reads, so the
// first and the last cannot be brought together past it.
// CHECK-LABEL: func @middle_blocks
func.func @middle_blocks(%x: memref<8xf32>, %y: memref<8xf32>, %z: memref<8xf32>) {
  %c = arith.constant 1.0 : f32
  affine.for %i = 0 to 8 {
    // expected-remark@-1 {{block-level dependence preventing fusion of loop nest 0 into loop nest 2 at depth 0}}
    affine.store %c, %x[%i] : memref<8xf32>
  }
  affine.for %i = 0 to 8 {
    %v = affine.load %x[%i] : memref<8xf32>
    affine.store %v, %y[%i] : memref<8xf32>
  }
  affine.for %i = 0 to 8 {
    // expected-remark@-1 {{block-level dependence preventing fusion of loop nest 2 into loop nest 0 at depth 0}}
    %v = affine.load %y[%i] : memref<8xf32>
    affine.store %v, %x[%i] : memref<8xf32>
  }
  return
}

// -----

// Independent middle nest: no remark.
// CHECK-LABEL: func @middle_independent
func.func @middle_independent(%x: memref<8xf32>, %y: memref<8xf32>) {
  %c = arith.constant 1.0 : f32
  affine.for %i = 0 to 8 {
    affine.store %c, %x[%i] : memref<8xf32>
  }
  affine.for %i = 0 to 8 {
    affine.store %c, %y[%i] : memref<8xf32>
  }
  affine.for %i = 0 to 8 {
    %v = affine.load %x[%i] : memref<8xf32>
  }
  return
}
