// RUN: pyopt %s --transform-interpreter --verify-diagnostics

// Canonicalization folds the matched addi into its operand (a block argument): no op can
// replace it while a live handle still points to it.

module attributes {transform.with_named_sequence} {
  // expected-note @below {{[0] replacement value 0}}
  func.func @f(%a: i32) -> i32 {
    %c0 = arith.constant 0 : i32
    // expected-note @below {{[0] replaced op}}
    %0 = arith.addi %a, %c0 : i32
    %1 = arith.muli %0, %a : i32
    return %1 : i32
  }
  transform.named_sequence @is_add(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.addi"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @is_func(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["func.func"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    // expected-note @below {{replacement is required because this handle must be updated}}
    %add = transform.collect_matching @is_add in %root : (!transform.any_op) -> !transform.any_op
    %f = transform.collect_matching @is_func in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{tracking listener failed to find replacement op during application of this transform op}}
    // expected-note @below {{replacement values belong to different ops}}
    transform.apply_patterns to %f {
      transform.apply_patterns.canonicalization
    } : !transform.any_op
    transform.debug.emit_remark_at %add, "still here" : !transform.any_op
    transform.yield
  }
}
