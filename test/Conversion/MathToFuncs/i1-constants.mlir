// RUN: pyopt %s --convert-math-to-funcs --canonicalize | filecheck %s

// For i1, the constants 1 and -1 are the same value (`true`): canonicalization keeps one.

// CHECK-LABEL: func.func private @__mlir_math_ipowi_i1
// CHECK-NEXT: %[[F:.*]] = arith.constant false
// CHECK-NEXT: %[[T:.*]] = arith.constant true
// CHECK-NOT: arith.constant
// CHECK: arith.divsi %[[T]], %[[F]] : i1
func.func @b(%x: i1) -> i1 {
  %r = math.ipowi %x, %x : i1
  return %r : i1
}
