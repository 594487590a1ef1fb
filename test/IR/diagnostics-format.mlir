// RUN: not pyopt %s -split-input-file 2>&1 | filecheck %s

// Errors at locations without a file print under <unknown>, a non-file location first.
// CHECK: <unknown>:0: error: 'func.return' op has 0 operands, but enclosing function (@u) returns 1
// CHECK-NEXT: <unknown>:0: note: see current operation: "func.return"() : () -> ()
func.func @u() -> i32 {
  return loc(unknown)
}

// -----

// CHECK: <unknown>:0: error: loc("name"): 'func.return' op
func.func @n() -> i32 {
  return loc("name")
}

// -----

// A call site location reports its callers as notes.
// CHECK: inner.c:1:2: error: 'func.return' op
// CHECK-NEXT: middle.c:3:4: note: called from
// CHECK-NEXT: outer.c:5:6: note: called from
// CHECK-NEXT: inner.c:1:2: note: see current operation
func.func @c() -> i32 {
  return loc(callsite("inner.c":1:2 at callsite("middle.c":3:4 at "outer.c":5:6)))
}

// -----

// A multi-line op in the note starts on a line of its own, printed generically from the
// closest isolated op.
// CHECK: error: 'func.func' op symbol's parent must have the SymbolTable trait
// CHECK-NEXT: {{^}}  func.func @inner(%x: i32) {
// CHECK-NEXT: {{^}}  ^
// CHECK-NEXT: note: see current operation: {{$}}
// CHECK-NEXT: "func.func"() <{function_type = (i32) -> (), sym_name = "inner"}> ({
// CHECK-NEXT: ^bb0(%arg0: i32):
func.func @outer() {
  func.func @inner(%x: i32) {
    return
  }
  return
}
