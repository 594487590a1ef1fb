// RUN: pyopt %s --test-memref-dependence-check -split-input-file -verify-diagnostics | filecheck %s

// A shifted read of the value stored one iteration earlier: distance 1.
// CHECK-LABEL: func @shift_by_one
func.func @shift_by_one(%buf: memref<64xf32>) {
  affine.for %i = 1 to 64 {
    %x = affine.load %buf[%i - 1] : memref<64xf32>
    // expected-remark@above {{dependence from 0 to 0 at depth 1 = false}}
    // expected-remark@above {{dependence from 0 to 0 at depth 2 = false}}
    // expected-remark@above {{dependence from 0 to 1 at depth 1 = false}}
    // expected-remark@above {{dependence from 0 to 1 at depth 2 = false}}
    affine.store %x, %buf[%i] : memref<64xf32>
    // expected-remark@above {{dependence from 1 to 0 at depth 1 = [1, 1]}}
    // expected-remark@above {{dependence from 1 to 0 at depth 2 = false}}
    // expected-remark@above {{dependence from 1 to 1 at depth 1 = false}}
    // expected-remark@above {{dependence from 1 to 1 at depth 2 = false}}
  }
  return
}

// -----

// Even and odd elements never meet; a stride-2 loop is modelled exactly.
// CHECK-LABEL: func @even_odd
func.func @even_odd(%buf: memref<100xf32>, %v: f32) {
  affine.for %i = 0 to 50 step 2 {
    affine.store %v, %buf[%i] : memref<100xf32>
    // expected-remark@above {{dependence from 0 to 0 at depth 1 = false}}
    // expected-remark@above {{dependence from 0 to 0 at depth 2 = false}}
    // expected-remark@above {{dependence from 0 to 1 at depth 1 = false}}
    // expected-remark@above {{dependence from 0 to 1 at depth 2 = false}}
    %x = affine.load %buf[%i + 1] : memref<100xf32>
    // expected-remark@above {{dependence from 1 to 0 at depth 1 = false}}
    // expected-remark@above {{dependence from 1 to 0 at depth 2 = false}}
    // expected-remark@above {{dependence from 1 to 1 at depth 1 = false}}
    // expected-remark@above {{dependence from 1 to 1 at depth 2 = false}}
  }
  return
}

// -----

// A 2-d nest where the write of row i is read by row i + 2 (any column order).
// CHECK-LABEL: func @rows_apart
func.func @rows_apart(%buf: memref<10x10xf32>, %v: f32) {
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 10 {
      affine.store %v, %buf[%i + 2, %j] : memref<10x10xf32>
      // expected-remark@above {{dependence from 0 to 0 at depth 1 = false}}
      // expected-remark@above {{dependence from 0 to 0 at depth 2 = false}}
      // expected-remark@above {{dependence from 0 to 0 at depth 3 = false}}
      // expected-remark@above {{dependence from 0 to 1 at depth 1 = [2, 2][0, 0]}}
      // expected-remark@above {{dependence from 0 to 1 at depth 2 = false}}
      // expected-remark@above {{dependence from 0 to 1 at depth 3 = false}}
      %x = affine.load %buf[%i, %j] : memref<10x10xf32>
      // expected-remark@above {{dependence from 1 to 0 at depth 1 = false}}
      // expected-remark@above {{dependence from 1 to 0 at depth 2 = false}}
      // expected-remark@above {{dependence from 1 to 0 at depth 3 = false}}
      // expected-remark@above {{dependence from 1 to 1 at depth 1 = false}}
      // expected-remark@above {{dependence from 1 to 1 at depth 2 = false}}
      // expected-remark@above {{dependence from 1 to 1 at depth 3 = false}}
    }
  }
  return
}
