// Export verifies its input (in a forked child while translating, for inputs of 64 KB or
// more: the second input is padded with comments to that size): an invalid module gives the
// verifier's diagnostic and exit code 1 either way, and no output.
// RUN: not pytranslate --mlir-to-llvmir %s 2>&1 | filecheck %s
// RUN: %python -c "print(('//' + 'x' * 98 + chr(10)) * 700)" > %t.pad
// RUN: cat %s %t.pad > %t.mlir
// RUN: not pytranslate --mlir-to-llvmir %t.mlir 2>&1 | filecheck %s
// RUN: env PYTRANSLATE_NO_FORK=1 not pytranslate --mlir-to-llvmir %t.mlir 2>&1 | filecheck %s

// CHECK: error: 'llvm.return' op mismatching result types
// CHECK: note: when returning from function
// CHECK-NOT: define
llvm.func @f(%a: i32) -> i64 {
  %0 = llvm.add %a, %a : i32
  llvm.return %0 : i32
}
