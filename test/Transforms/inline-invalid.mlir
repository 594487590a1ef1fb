// RUN: pyopt %s -pass-pipeline='builtin.module(func.func(inline))' -split-input-file -verify-diagnostics

// expected-error@+1 {{'func.func' op  was scheduled to run under the inliner, but does not define a symbol table}}
func.func @not_a_table() {
  return
}
