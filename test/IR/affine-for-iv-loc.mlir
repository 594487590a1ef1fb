// RUN: pyopt %s -mlir-print-debuginfo | filecheck %s

// affine.for prints its induction variable's location inline after the variable (and its
// alias is defined at the top, with the other argument locations).
// CHECK: #[[IV:loc[0-9]*]] = loc("iv.c":3:9)
// CHECK: affine.for %arg1 loc("iv.c":3:9) = 0 to %arg0 {
// CHECK: } loc(#
func.func @f(%n: index) {
  affine.for %i loc("iv.c":3:9) = 0 to %n {
  } loc("for.c":3:3)
  return
}
