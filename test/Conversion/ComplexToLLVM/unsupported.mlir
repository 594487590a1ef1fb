// RUN: not pyopt %s --convert-complex-to-llvm 2>&1 | filecheck %s

// Ops with no LLVM lowering of their own (exp, log, sqrt, ...) need convert-complex-to-standard
// first; here they fail to legalize, as the complex dialect is illegal.
func.func @exp(%a: complex<f32>) -> complex<f32> {
  %0 = complex.exp %a : complex<f32>
  return %0 : complex<f32>
}
// CHECK: unsupported.mlir:6:8: error: failed to legalize operation 'complex.exp' that was explicitly marked illegal
// CHECK-NEXT: %0 = complex.exp %a : complex<f32>
// CHECK: unsupported.mlir:6:8: note: see current operation: %0 = "complex.exp"(%arg0) <{fastmath = #arith.fastmath<none>}> : (complex<f32>) -> complex<f32>
