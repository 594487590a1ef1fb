// RUN: pyopt %s --transform-interpreter --test-transform-dialect-erase-schedule | filecheck %s

// The schedule runs, then goes: only the payload (and the module attribute) remain.

// CHECK-LABEL: module attributes {transform.with_named_sequence} {
// CHECK-NEXT:    func.func @payload(%[[A:.*]]: i32) -> i32 {
// CHECK-NEXT:      return %[[A]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:  }
module attributes {transform.with_named_sequence} {
  func.func @payload(%a: i32) -> i32 {
    %c0 = arith.constant 0 : i32
    %0 = arith.addi %a, %c0 : i32
    return %0 : i32
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.collect_matching @is_func in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.canonicalization
    } : !transform.any_op
    transform.yield
  }
  transform.named_sequence @is_func(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["func.func"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
}
