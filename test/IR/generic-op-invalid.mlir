// RUN: pyopt %s -allow-unregistered-dialect -split-input-file -verify-diagnostics

func.func @empty_name() {
  ""() : () -> ()  // expected-error {{empty operation name is invalid}}
  return
}

// -----

func.func @operand_type_count(%a: i32) {
  "t.op"(%a, %a) : (i32) -> ()  // expected-error {{expected 2 operand types but had 1}}
  return
}

// -----

func.func @not_function_type() {
  "t.op"() : i32  // expected-error {{expected function type}}
  return
}

// -----

func.func @successor_on_non_terminator(%a: i32) {
  // expected-error@+1 {{successors in non-terminator}}
  "func.call"(%a) [^bb1] {callee = @f} : (i32) -> ()
^bb1:
  return
}

// -----

func.func @unknown_dialect() {
  // expected-error@+2 {{Dialect `nosuch' not found for custom op 'nosuch.thing'}}
  // expected-note@+1 {{Registered dialects:}}
  nosuch.thing
  return
}

// -----

func.func @unknown_in_default_dialect() {
  // expected-error@+1 {{custom op 'frobnicate' is unknown (tried 'func.frobnicate' as well)}}
  frobnicate
  return
}

// -----

func.func @int_type_is_not_an_op() {
  // A wrong-token error points at the end of the previous line.
  %c = "t.c"() : () -> i32  // expected-error {{expected operation name in quotes}}
  i32
}

// -----

// expected-error@+1 {{expected three consecutive dots for an ellipsis}}
func.func @lone_dot(.)

// -----

// expected-error@+1 {{@ identifier expected to start with letter or '_'}}
func.func @9lives()
