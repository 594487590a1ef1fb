// RUN: pyopt %s -split-input-file -verify-diagnostics

func.func @wrong_return_count() -> i32 {
  // expected-error@+1 {{'func.return' op has 0 operands, but enclosing function (@wrong_return_count) returns 1}}
  return
}

// -----

func.func @wrong_return_type(%a: i64) -> i32 {
  // expected-error@+1 {{type of return operand 0 ('i64') doesn't match function result type ('i32') in function @wrong_return_type}}
  return %a : i64
}

// -----

func.func @bad_callee() {
  // expected-error@+1 {{'func.call' op 'nowhere' does not reference a valid function}}
  func.call @nowhere() : () -> ()
  return
}

// -----

func.func private @takes_i32(i32)
func.func @operand_mismatch(%a: i64) {
  // expected-error@+1 {{operand type mismatch: expected operand type 'i32', but provided 'i64' for operand number 0}}
  func.call @takes_i32(%a) : (i64) -> ()
  return
}
