// Invalid UTF-8, NUL bytes, unbalanced braces and unterminated literals are diagnostics.
// RUN: printf '\377\376 garbage \000\n' > %t.bytes.mlir
// RUN: not pyopt %t.bytes.mlir 2>&1 | filecheck %s --check-prefix=BYTES
// BYTES: error: unexpected character
// RUN: printf 'func.func @f(%%%%a: i32 -> i32 {\n' > %t.unbalanced.mlir
// RUN: not pyopt %t.unbalanced.mlir 2>&1 | filecheck %s --check-prefix=UNBAL
// UNBAL: unbalanced.mlir:1:21: error: expected ')'
// RUN: printf 'func.func @f() {\n  return\n' > %t.eof.mlir
// RUN: not pyopt %t.eof.mlir 2>&1 | filecheck %s --check-prefix=EOF
// EOF: eof.mlir:2:9: error: expected operation name in quotes
// RUN: printf 'func.func @f() attributes {a = "abc} {\n' > %t.str.mlir
// RUN: not pyopt %t.str.mlir 2>&1 | filecheck %s --check-prefix=STR
// STR: error:
// STR-NOT: Traceback
// RUN: printf '"x.y"() ({ ^bb0(%%%%0: i32): "x.z"(%%%%1) : (i32) -> () }) : () -> ()\n' > %t.undef.mlir
// RUN: not pyopt %t.undef.mlir --allow-unregistered-dialect 2>&1 | filecheck %s --check-prefix=UNDEF
// UNDEF: undef.mlir:1:33: error: use of undeclared SSA value name
// RUN: printf 'func.func @f() { "foo.op"() : () -> () }\n' > %t.unreg.mlir
// RUN: not pyopt %t.unreg.mlir 2>&1 | filecheck %s --check-prefix=UNREG
// UNREG: unreg.mlir:1:26: error: operation being parsed with an unregistered dialect
