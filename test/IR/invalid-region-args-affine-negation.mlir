// RUN: pyopt %s -split-input-file -verify-diagnostics

func.func @nested_module_with_args() {
  // expected-error@+1 {{'builtin.module' op region should have no arguments}}
  builtin.module {
  ^bb0(%x: index):
  }
  return
}

// -----

// The unary minus around a missing operand reports it too.
// expected-error@+2 {{no expression inside parentheses}}
// expected-error@+1 {{missing operand of negation}}
#m = affine_map<(d0) -> (d0, -())>
