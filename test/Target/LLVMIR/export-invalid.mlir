// RUN: pytranslate -mlir-to-llvmir -split-input-file -verify-diagnostics %s

// expected-error @below {{cannot be converted to LLVM IR: missing `LLVMTranslationDialectInterface` registration for dialect for op: func.func}}
func.func @f() {
  return
}

// -----

// expected-error @below {{LLVM attribute 'noinline' does not expect a value, found 'x'}}
llvm.func @g() attributes {passthrough = [["noinline", "x"]]}
