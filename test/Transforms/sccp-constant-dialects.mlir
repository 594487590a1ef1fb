// RUN: pyopt %s -sccp | filecheck %s

// The same constant reached from two dialects (an arith.constant initial value, a math fold
// yielded by the body) is one lattice value: the loop's result is that constant and the loop
// goes away with the constant inside its body.
// CHECK-LABEL: func.func @same_constant_two_dialects
// CHECK-NOT:   scf.for
// CHECK-NOT:   arith.constant 27
// CHECK:       %[[M:.*]] = arith.constant -2147483648 : i32
// CHECK:       return %[[M]] : i32
func.func @same_constant_two_dialects(%n: index) -> i32 {
  %min = arith.constant -2147483648 : i32
  %abs = math.absi %min : i32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %min) -> (i32) {
    %k = arith.constant 27 : index
    scf.yield %abs : i32
  }
  return %r : i32
}
