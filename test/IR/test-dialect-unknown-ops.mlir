// RUN: pyopt %s | filecheck %s
// RUN: printf '"other.op"() : () -> ()\n' | not pyopt 2>&1 | filecheck %s --check-prefix=OTHER

// Ops of the test dialect that it does not define parse in generic form without
// --allow-unregistered-dialect (mlir-opt registers the test dialect); another unknown
// dialect still needs the flag.

// CHECK-LABEL: func.func @uses_test_ops
// CHECK-NEXT:    %[[V:.*]] = "test.producer"() {tag = 1 : i32} : () -> i32
// CHECK-NEXT:    "test.consumer"(%[[V]]) : (i32) -> ()
func.func @uses_test_ops() {
  %v = "test.producer"() {tag = 1 : i32} : () -> i32
  "test.consumer"(%v) : (i32) -> ()
  return
}

// OTHER: <stdin>:1:11: error: operation being parsed with an unregistered dialect
