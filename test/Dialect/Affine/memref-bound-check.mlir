// RUN: pyopt %s --test-memref-bound-check -split-input-file -verify-diagnostics | filecheck %s

// CHECK-LABEL: func @overrun_by_one
func.func @overrun_by_one(%buf: memref<16x8xi32>) {
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 8 {
      %a = affine.load %buf[%i, %j + 1] : memref<16x8xi32>
      // expected-error@-1 {{'affine.load' op memref out of upper bound access along dimension #2}}
      %b = affine.load %buf[%i - 1, %j] : memref<16x8xi32>
      // expected-error@-1 {{'affine.load' op memref out of lower bound access along dimension #1}}
      affine.store %a, %buf[%i, %j] : memref<16x8xi32>
    }
  }
  return
}

// -----

// Wrapped and divided subscripts stay inside the buffer.
// CHECK-LABEL: func @mod_and_div_in_bounds
func.func @mod_and_div_in_bounds(%buf: memref<4x32xf32>) {
  affine.for %i = 0 to 256 {
    %x = affine.load %buf[%i mod 4, %i floordiv 8] : memref<4x32xf32>
  }
  return
}
