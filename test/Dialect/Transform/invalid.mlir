// RUN: pyopt %s --split-input-file --verify-diagnostics -allow-unregistered-dialect

// expected-error @below {{'transform.sequence' op expects the entry block to have at least one argument}}
transform.sequence failures(propagate) {
^bb0:
}

// -----

// expected-note @below {{nested in another possible top-level op}}
transform.sequence failures(propagate) {
^bb0(%a: !transform.any_op):
  // expected-error @below {{'transform.sequence' op expects operands to be provided for a nested op}}
  transform.sequence failures(propagate) {
  ^bb1(%b: !transform.any_op):
  }
}

// -----

module attributes {transform.with_named_sequence} {
  // expected-error @below {{argument #0 cannot be both readonly and consumed}}
  transform.named_sequence @both(%a: !transform.any_op {transform.readonly, transform.consumed}) {
    transform.yield
  }
}

// -----

// expected-note @below {{symbol table operation}}
module {
  // expected-error @below {{expects the parent symbol table to have the 'transform.with_named_sequence' attribute}}
  transform.named_sequence @orphan(%a: !transform.any_op {transform.readonly}) {
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @callee(%a: !transform.any_op {transform.readonly}) {
    transform.yield
  }
  transform.named_sequence @__transform_main(%a: !transform.any_op {transform.readonly}) {
    // expected-error @below {{incorrect number of operands for callee}}
    transform.include @callee failures(propagate) () : () -> ()
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%a: !transform.any_op {transform.readonly}) {
    // expected-error @below {{'transform.foreach' op expects the same number of targets as the body has block arguments}}
    transform.foreach %a : !transform.any_op {
    ^bb0(%x: !transform.any_op, %y: !transform.any_op):
    }
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%a: !transform.any_op {transform.readonly}) {
    // expected-error @below {{'transform.get_result' op cannot both request 'all' and specific values in the list}}
    %v = "transform.get_result"(%a) <{raw_position_list = array<i64: 0>, is_all}> : (!transform.any_op) -> !transform.any_value
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%a: !transform.any_op {transform.readonly}) {
    // expected-error @below {{'transform.apply_patterns' op expected children ops to implement PatternDescriptorOpInterface}}
    transform.apply_patterns to %a {
      // expected-note @below {{op without interface}}
      transform.yield
    } : !transform.any_op
    transform.yield
  }
}

// -----

// expected-error @below {{"transform.with_named_sequence" attribute can only be attached to operations with symbol tables}}
"test.op"() {transform.with_named_sequence} : () -> ()

// -----

// expected-error @below {{unknown attribute: "transform.something_else"}}
module attributes {transform.something_else} {}

// -----

module attributes {transform.with_named_sequence} {
  // expected-note @below {{operation on recursion stack}}
  transform.named_sequence @ping(%a: !transform.any_op {transform.readonly}) {
    transform.include @pong failures(propagate) (%a) : (!transform.any_op) -> ()
    transform.yield
  }
  // expected-error @below {{recursion not allowed in named sequences}}
  transform.named_sequence @pong(%a: !transform.any_op {transform.readonly}) {
    transform.include @ping failures(propagate) (%a) : (!transform.any_op) -> ()
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%a: !transform.any_op {transform.readonly}) {
    // expected-error @below {{expected the type of the parameter attribute ('i64') to match the parameter type ('i8')}}
    %n = transform.num_associations %a : (!transform.any_op) -> !transform.param<i8>
    transform.yield
  }
}
