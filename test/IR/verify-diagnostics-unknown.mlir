// `expected-*@unknown` matches a diagnostic that has no file location.
// RUN: pyopt %s -split-input-file -verify-diagnostics
// RUN: sed -e 's/returns 1}}/returns 7}}/' %s > %t.mlir
// RUN: not pyopt %t.mlir -split-input-file -verify-diagnostics 2>&1 | filecheck %s --check-prefix=WRONG

// expected-error@unknown {{'func.return' op has 0 operands, but enclosing function (@f) returns 1}}
func.func @f() -> i32 {
  return loc(unknown)
}

// WRONG: <unknown>:0: error: unexpected error: 'func.return' op has 0 operands, but enclosing function (@f) returns 1
// WRONG: error: expected error "'func.return' op has 0 operands, but enclosing function (@f) returns 7" was not produced
