// RUN: pyopt %s -split-input-file -verify-diagnostics

// The forward declaration of a struct alias (the bare identified struct as the whole alias
// value) must be completed by a redefinition of that alias with the body.
// expected-error@+1 {{type alias '!s' is forward-declared but never defined}}
!s = !llvm.struct<"s">
llvm.func @f(!llvm.ptr<!s>)

// -----

!s = !llvm.struct<"s">
// A forward declaration only completes with the same struct.
// expected-error@+1 {{redefinition of type alias id 's'}}
!s = !llvm.struct<"t", (i32)>

// -----

!s = !llvm.struct<"s", (i32)>
// A complete alias is not redefined.
// expected-error@+1 {{redefinition of type alias id 's'}}
!s = !llvm.struct<"s", (i32)>

// -----

// Only the whole alias value may be a bare struct: nested, it is still a recursive reference.
// expected-error@+1 {{struct without a body only allowed in a recursive struct}}
!p = !llvm.ptr<struct<"s">>

// -----

llvm.func @g() {
  // expected-error@+1 {{struct without a body only allowed in a recursive struct}}
  %0 = llvm.mlir.undef : !llvm.struct<"s">
  llvm.return
}

// -----

!a = !llvm.struct<"a">
!b = !llvm.struct<"b", (ptr<!a>)>
// The body must agree with every other use of the struct.
!a = !llvm.struct<"a", (ptr<!b>)>
llvm.func @h() {
  // expected-error@+1 {{identified type already used with a different body}}
  %0 = llvm.mlir.undef : !llvm.struct<"a", (i32)>
  llvm.return
}
