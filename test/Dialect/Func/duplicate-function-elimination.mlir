// RUN: pyopt %s --duplicate-function-elimination | filecheck %s

// Functions equal but for their name (locations ignored) fold into the first; a private
// one differs in visibility and stays; calls follow the survivor.

func.func @twice(%x: i32) -> i32 {
  %r = arith.addi %x, %x : i32
  return %r : i32
}

func.func @also_twice(%y: i32) -> i32 {
  %s = arith.addi %y, %y : i32 loc("elsewhere")
  return %s : i32
}

func.func private @private_twice(%y: i32) -> i32 {
  %s = arith.addi %y, %y : i32
  return %s : i32
}

func.func @square(%x: i32) -> i32 {
  %r = arith.muli %x, %x : i32
  return %r : i32
}

func.func @caller(%v: i32) -> (i32, i32, i32) {
  %a = func.call @also_twice(%v) : (i32) -> i32
  %b = func.call @square(%a) : (i32) -> i32
  %c = func.call @private_twice(%b) : (i32) -> i32
  return %a, %b, %c : i32, i32, i32
}

// CHECK:       func.func @twice(
// CHECK-NOT:   func.func @also_twice
// CHECK:       func.func private @private_twice(
// CHECK:       func.func @square(
// CHECK-LABEL: func.func @caller(
// CHECK-NEXT:    %[[A:.*]] = call @twice(%arg0)
// CHECK-NEXT:    %[[B:.*]] = call @square(%[[A]])
// CHECK-NEXT:    call @private_twice(%[[B]])
