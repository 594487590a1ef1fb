// RUN: not pyopt %s --lower-affine -split-input-file 2>&1 | filecheck %s

// A non-positive constant divisor is reported and the op stays; the pass itself goes on.

// Diagnostics (stderr) come before the printed modules (stdout) here.
// CHECK: error: modulo by non-positive value is not supported
// CHECK: error: division by non-positive value is not supported
// CHECK: error: division by non-positive value is not supported
// CHECK: error: 'affine.load' op index must be a valid dimension or symbol identifier
// CHECK-LABEL: func.func @bad_divisors
// CHECK-NEXT: affine.apply #{{.*}}(%arg0)
// CHECK-NEXT: affine.apply #{{.*}}(%arg0)
// CHECK-NOT: func.func
func.func @bad_divisors(%a: index) -> (index, index) {
  %0 = affine.apply affine_map<(d0) -> (d0 mod -2)>(%a)
  %1 = affine.apply affine_map<(d0) -> (d0 floordiv 0)>(%a)
  return %0, %1 : index, index
}

// -----

// An affine.load left inside the new scf.for no longer verifies (its index is not a
// valid affine dimension there).

func.func @bad_in_loop(%m: memref<10xf32>) {
  affine.for %i = 0 to 10 {
    %v = affine.load %m[%i ceildiv -3] : memref<10xf32>
  }
  return
}
