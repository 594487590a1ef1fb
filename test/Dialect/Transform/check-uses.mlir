// RUN: pyopt %s --transform-dialect-check-uses --split-input-file --verify-diagnostics

// A handle read after an op that consumes it.
transform.sequence failures(propagate) {
^bb0(%arg0: !transform.any_op):
  // expected-note @below {{allocated here}}
  %0 = transform.get_parent_op %arg0 : (!transform.any_op) -> !transform.any_op
  // expected-note @below {{freed here}}
  %1 = transform.apply_registered_pass "canonicalize" to %0 : (!transform.any_op) -> !transform.any_op
  // expected-warning @below {{operand #0 may be used after free}}
  transform.print %0 : !transform.any_op
}

// -----

// Consumed inside a nested sequence: the sequence itself frees it.
transform.sequence failures(propagate) {
^bb0(%arg0: !transform.any_op):
  // expected-note @below {{allocated here}}
  %0 = transform.get_parent_op %arg0 : (!transform.any_op) -> !transform.any_op
  // expected-note @below {{freed here}}
  transform.sequence %0 : !transform.any_op failures(propagate) {
  ^bb1(%arg1: !transform.any_op):
    %1 = transform.apply_registered_pass "canonicalize" to %0 : (!transform.any_op) -> !transform.any_op
  }
  // expected-warning @below {{operand #0 may be used after free}}
  transform.print %0 : !transform.any_op
}

// -----

// Uses before the consumer are fine.
transform.sequence failures(propagate) {
^bb0(%arg0: !transform.any_op):
  %0 = transform.get_parent_op %arg0 : (!transform.any_op) -> !transform.any_op
  transform.print %0 : !transform.any_op
  %1 = transform.apply_registered_pass "canonicalize" to %0 : (!transform.any_op) -> !transform.any_op
  transform.print %1 : !transform.any_op
}
