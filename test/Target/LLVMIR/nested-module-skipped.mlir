// RUN: pytranslate --mlir-to-llvmir %s | filecheck %s

// A nested builtin.module (e.g. a transform schedule emptied by
// -test-transform-dialect-erase-schedule) is skipped with everything in it.
// CHECK: define void @outer()
// CHECK-NOT: @inner
module {
  llvm.func @outer() {
    llvm.return
  }
  module attributes {transform.with_named_sequence} {
    llvm.func @inner() {
      llvm.return
    }
  }
}
