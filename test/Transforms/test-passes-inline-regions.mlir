// RUN: pyopt %s -allow-unregistered-dialect -test-inline | filecheck %s

// The only call of the function value: its body moves to the call and the op goes away.
// CHECK-LABEL: func.func @once
// CHECK-NEXT: %[[M:.*]] = arith.muli %arg0, %arg0 : i32
// CHECK-NEXT: return %[[M]]
func.func @once(%x: i32) -> i32 {
  %f = "test.functional_region_op"() ({
  ^bb0(%a: i32):
    %m = arith.muli %a, %a : i32
    "test.return"(%m) : (i32) -> ()
  }) : () -> ((i32) -> i32)
  %r = call_indirect %f(%x) : (i32) -> i32
  return %r : i32
}

// Two calls: each gets a copy and the function op stays until its last use is gone.
// CHECK-LABEL: func.func @twice
// CHECK-NOT: test.functional_region_op
// CHECK: arith.muli %arg0, %arg0
// CHECK: arith.muli %arg1, %arg1
func.func @twice(%x: i32, %y: i32) -> (i32, i32) {
  %f = "test.functional_region_op"() ({
  ^bb0(%a: i32):
    %m = arith.muli %a, %a : i32
    "test.return"(%m) : (i32) -> ()
  }) : () -> ((i32) -> i32)
  %r = call_indirect %f(%x) : (i32) -> i32
  %s = call_indirect %f(%y) : (i32) -> i32
  return %r, %s : i32, i32
}
