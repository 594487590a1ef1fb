// RUN: pyopt %s --transform-interpreter --split-input-file --verify-diagnostics

// Consuming a handle to a function invalidates handles to the ops nested in it.
module attributes {transform.with_named_sequence} {
  // expected-note @below {{ancestor payload op}}
  func.func @f(%a: i32) -> i32 {
    // expected-note @below {{nested payload op}}
    %0 = arith.addi %a, %a : i32
    return %0 : i32
  }
  transform.named_sequence @match_add(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.addi"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
    // expected-note @below {{handle to invalidated ops}}
    %add = transform.collect_matching @match_add in %arg0 : (!transform.any_op) -> !transform.any_op
    %p = transform.get_parent_op %add : (!transform.any_op) -> !transform.any_op
    // expected-note @below {{invalidated by this transform op that consumes its operand #0 and invalidates all handles to payload IR entities associated with this operand and entities nested in them}}
    %g = transform.apply_registered_pass "canonicalize" to %p : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{op uses a handle invalidated by a previously executed transform op}}
    transform.debug.emit_remark_at %add, "used" : !transform.any_op
    transform.yield
  }
}

// -----

// A value handle to a result of a nested op is invalidated too.
module attributes {transform.with_named_sequence} {
  // expected-note @below {{ancestor op associated with the consumed handle}}
  func.func @g(%a: i32) -> i32 {
    // expected-note @below {{op defining the value as result #0}}
    // expected-note @below {{payload value}}
    %0 = arith.muli %a, %a : i32
    return %0 : i32
  }
  transform.named_sequence @match_mul(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.muli"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
    %mul = transform.collect_matching @match_mul in %arg0 : (!transform.any_op) -> !transform.any_op
    // expected-note @below {{invalidated handle}}
    %v = transform.get_result %mul[0] : (!transform.any_op) -> !transform.any_value
    %p = transform.get_parent_op %mul : (!transform.any_op) -> !transform.any_op
    // expected-note @below {{invalidated by this transform op that consumes its operand #0 and invalidates all handles to payload IR entities associated with this operand and entities nested in them}}
    %g = transform.apply_registered_pass "canonicalize" to %p : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{op uses a handle invalidated by a previously executed transform op}}
    transform.debug.emit_remark_at %v, "used" : !transform.any_value
    transform.yield
  }
}
