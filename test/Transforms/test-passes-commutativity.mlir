// RUN: pyopt %s -test-commutativity-utils | filecheck %s

// Operands go block arguments first, then values of non-constant ops (by op name), then
// constants; equal keys are told apart by the producers' own operands.
// CHECK-LABEL: func.func @order
// CHECK-SAME: (%[[A:.*]]: i32, %[[B:.*]]: i32)
// CHECK: %[[C:.*]] = arith.constant 7 : i32
// CHECK: %[[S:.*]] = arith.subi %[[A]], %[[B]]
// CHECK: %[[M:.*]] = arith.muli %[[A]], %[[B]]
// CHECK: "test.op_commutative"(%[[A]], %[[M]], %[[S]], %[[C]])
func.func @order(%a: i32, %b: i32) -> i32 {
  %c = arith.constant 7 : i32
  %s = arith.subi %a, %b : i32
  %m = arith.muli %a, %b : i32
  %r = "test.op_commutative"(%c, %s, %a, %m) : (i32, i32, i32, i32) -> i32
  return %r : i32
}
