// RUN: pyopt %s -split-input-file -verify-diagnostics | filecheck %s

// The body's single top-level op runs with the root bound to its argument.
// CHECK-LABEL: transform.with_pdl_patterns {
// CHECK-NEXT: ^{{.*}}(%[[A:.*]]: !transform.any_op):
// CHECK-NEXT:   sequence %[[A]] : !transform.any_op failures(propagate) {
transform.with_pdl_patterns {
^bb0(%root: !transform.any_op):
  transform.sequence %root : !transform.any_op failures(propagate) {
  ^bb1(%h: !transform.any_op):
    transform.print %h {name = "x"} : !transform.any_op
  }
}

// -----

// expected-error @below {{'transform.with_pdl_patterns' op expects at least one non-pattern op}}
transform.with_pdl_patterns {
^bb0(%root: !transform.any_op):
}

// -----

// expected-error @below {{expects only pattern and top-level transform ops in its body}}
transform.with_pdl_patterns {
^bb0(%root: !transform.any_op):
  // expected-note @below {{offending op}}
  transform.print %root : !transform.any_op
}

// -----

// expected-error @below {{expects the entry block to have at least one argument}}
transform.with_pdl_patterns {
  transform.sequence failures(propagate) {
  ^bb1(%h: !transform.any_op):
  }
}

// -----

transform.sequence failures(propagate) {
^bb0(%arg0: !transform.any_op):
  // CHECK: {{^}}    with_pdl_patterns %{{.*}} : !transform.any_op {
  with_pdl_patterns %arg0 : !transform.any_op {
  ^bb1(%arg1: !transform.any_op):
    sequence %arg1 : !transform.any_op failures(propagate) {
    ^bb2(%arg2: !transform.any_op):
    }
  }
}
