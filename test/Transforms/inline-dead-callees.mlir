// RUN: pyopt %s -allow-unregistered-dialect -inline | filecheck %s

// Private callables whose last use was inlined are erased; a private callable referenced by an
// op that is not a call stays; a public one stays whatever its uses.
// CHECK-NOT: @helper
// CHECK-NOT: @never_called
// CHECK-LABEL: func.func private @referenced(
// CHECK-LABEL: func.func @public_unused(
// CHECK-LABEL: func.func @entry(
// CHECK-NEXT:    %[[R:.*]] = arith.muli %arg0, %arg0 : i32
// CHECK-NEXT:    return %[[R]] : i32
// CHECK-NOT: @helper

func.func private @helper(%x: i32) -> i32 {
  %0 = arith.muli %x, %x : i32
  return %0 : i32
}

func.func private @never_called() {
  return
}

func.func private @referenced() {
  return
}

func.func @public_unused() {
  return
}

func.func @entry(%x: i32) -> i32 {
  %0 = call @helper(%x) : (i32) -> i32
  return %0 : i32
}

"test.symbol_user"() {ref = @referenced} : () -> ()
