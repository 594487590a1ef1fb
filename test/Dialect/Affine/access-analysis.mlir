// RUN: pyopt %s --test-affine-access-analysis --verify-diagnostics | filecheck %s

// CHECK-LABEL: func @accesses
func.func @accesses(%m: memref<8x8xf32>, %v: f32) {
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      // Row-major walk: the innermost subscript follows %j.
      affine.store %v, %m[%i, %j] : memref<8x8xf32>
      // expected-remark@above {{contiguous along loop 1}}
      // Column walk: %j varies the outer subscript; invariant along %i.
      %a = affine.load %m[%j, 0] : memref<8x8xf32>
      // expected-remark@above {{invariant along loop 0}}
      // %i - %i simplifies away: invariant along both (contiguity looks at the raw
      // subscripts, where %i still appears, in the outer dimension: no remark).
      %b = affine.load %m[%i - %i, 3] : memref<8x8xf32>
      // expected-remark@above {{invariant along loop 0}}
      // expected-remark@-2 {{invariant along loop 1}}
    }
  }
  return
}
