// RUN: pyopt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect

func.func @redefined_struct() {
  "t.op"() : () -> !llvm.struct<"s", (i32)>
  // expected-error@+1 {{identified type already used with a different body}}
  "t.op"() : () -> !llvm.struct<"s", (i64)>
  return
}

// -----

func.func @opaque_redefinition() {
  "t.op"() : () -> !llvm.struct<"s", (i32)>
  // expected-error@+1 {{redeclaring defined struct as opaque}}
  "t.op"() : () -> !llvm.struct<"s", opaque>
  return
}

// -----

func.func @no_body() {
  // expected-error@+1 {{struct without a body only allowed in a recursive struct}}
  "t.op"() : () -> !llvm.struct<"s">
  return
}

// -----

func.func @void_element() {
  // expected-error@+1 {{invalid LLVM structure element type: '!llvm.void'}}
  "t.op"() : () -> !llvm.struct<(void)>
  return
}

// -----

func.func @builtin_in_vec() {
  // expected-error@+1 {{cannot use !llvm.vec for built-in primitives, use 'vector' instead}}
  "t.op"() : () -> !llvm.vec<4 x i32>
  return
}

// -----

func.func @bad_dims() {
  // expected-error@+1 {{expected '? x <integer> x <type>' or '<integer> x <type>'}}
  "t.op"() : () -> !llvm.vec<? x ptr>
  return
}

// -----

func.func @unknown() {
  // expected-error@+1 {{unknown LLVM type: foo}}
  "t.op"() : () -> !llvm.foo
  return
}

// -----

func.func @builtin_mnemonic() {
  // expected-error@+1 {{unexpected type, expected keyword}}
  "t.op"() : () -> !llvm.i32
  return
}
