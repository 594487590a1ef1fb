// RUN: pyopt %s | filecheck %s

// llvm.call's parser hands attr-dict entries named like its properties to the properties;
// one of the wrong kind is dropped (branch_weights wants a DenseI32ArrayAttr), not an error.
llvm.func @g() -> i32

// CHECK-LABEL: llvm.func @drops_bad_weights
llvm.func @drops_bad_weights() -> i32 {
  // CHECK: llvm.call @g() {fastmathFlags = #llvm.fastmath<nnan>} : () -> i32
  %0 = llvm.call @g() {fastmathFlags = #llvm.fastmath<nnan>, branch_weights = dense<7> : vector<1xi32>} : () -> i32
  // CHECK: llvm.call @g() {branch_weights = array<i32: 7>} : () -> i32
  %1 = llvm.call @g() {branch_weights = array<i32: 7>} : () -> i32
  llvm.return %0 : i32
}
