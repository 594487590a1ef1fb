// RUN: pyopt %s --transform-interpreter --verify-diagnostics | filecheck %s

// The first alternative fails (no scf.for parent), so the second one, run on a clone of
// the function, replaces it; its yielded handle is the result.

// CHECK-LABEL: func.func @f(%arg0: i32) -> i32 {
// CHECK-NEXT:    return %arg0 : i32
// CHECK-NEXT:  }
module attributes {transform.with_named_sequence} {
  // expected-remark @below {{chosen}}
  func.func @f(%a: i32) -> i32 {
    %c0 = arith.constant 0 : i32
    %0 = arith.addi %a, %c0 : i32
    return %0 : i32
  }
  transform.named_sequence @is_func(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["func.func"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.collect_matching @is_func in %root : (!transform.any_op) -> !transform.any_op
    %r = transform.alternatives %f : !transform.any_op -> !transform.any_op {
    ^bb0(%s: !transform.any_op):
      %p = transform.get_parent_op %s {op_name = "scf.for"} : (!transform.any_op) -> !transform.any_op
      transform.yield %p : !transform.any_op
    }, {
    ^bb0(%s: !transform.any_op):
      transform.apply_patterns to %s {
        transform.apply_patterns.canonicalization
      } : !transform.any_op
      transform.yield %s : !transform.any_op
    }
    transform.debug.emit_remark_at %r, "chosen" : !transform.any_op
    transform.yield
  }
}
