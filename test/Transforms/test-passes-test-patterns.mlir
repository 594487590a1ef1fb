// RUN: pyopt %s -allow-unregistered-dialect -test-patterns | filecheck %s
// RUN: pyopt %s -allow-unregistered-dialect -test-patterns=max-iterations=1 | filecheck %s

// A constant operand becomes the folded op's attribute (an in-place fold).
// CHECK-LABEL: func.func @in_place
// CHECK: "test.op_in_place_fold"(%{{.*}}) <{attr = 7 : i32}> : (i32) -> i32
func.func @in_place() -> i32 {
  %c = arith.constant 7 : i32
  %0 = "test.op_in_place_fold_anchor"(%c) : (i32) -> i32
  return %0 : i32
}

// The attribute counts up to 3 even with a single iteration: an op changed in place goes
// back on the worklist.
// CHECK-LABEL: func.func @count
// CHECK: "test.any_attr_of_i32_str"() <{attr = 3 : i32}>
func.func @count() {
  "test.any_attr_of_i32_str"() {attr = 1 : i32} : () -> ()
  return
}

// CHECK-LABEL: func.func @hoist
// CHECK-NEXT: %[[V:.*]] = "foo.maybe_eligible_op"() {eligible} : () -> index
// CHECK-NEXT: "test.one_region_op"() ({
// CHECK-NEXT: "foo.yield"(%[[V]])
func.func @hoist() {
  "test.one_region_op"() ({
    %0 = "foo.maybe_eligible_op"() : () -> index
    "foo.yield"(%0) : (index) -> ()
  }) : () -> ()
  return
}

// CHECK-LABEL: func.func @enums
// CHECK-NEXT: test.op_with_enum second tag 1 : i32
// CHECK-NEXT: test.op_with_enum first tag 2 : i32
func.func @enums() {
  test.op_with_enum first tag 0 : i32
  test.op_with_enum first tag 2 : i32
  return
}
