// RUN: pyopt %s -split-input-file -verify-diagnostics

pdl.pattern : benefit(1) {
  // expected-error @below {{expected a bindable user when defined in the matcher body of a `pdl.pattern`}}
  %v = pdl.operand
  %op = pdl.operation "a.b"
  pdl.rewrite %op with "x"
}
// -----
pdl.pattern : benefit(1) {
  %op = pdl.operation "a.b"
  // expected-error @below {{expected rewrite region to be empty when rewrite is external}}
  pdl.rewrite %op with "x" {
    pdl.erase %op
  }
}
// -----
pdl.pattern : benefit(1) {
  %op = pdl.operation "a.b"
  // expected-error @below {{expected rewrite region to be non-empty if external name is not specified}}
  pdl.rewrite %op
}
// -----
pdl.pattern : benefit(1) {
  %t = pdl.type
  // expected-error @below {{expected only one of [`type`, `value`] to be set}}
  %a = pdl.attribute : %t = 5 : i32
  %op = pdl.operation "a.b" {"x" = %a}
  pdl.rewrite %op with "x"
}
