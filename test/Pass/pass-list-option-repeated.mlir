// A list option given twice in one pass's options adds to the list (llvm::cl list options).
// RUN: pyopt %s '--symbol-privatize=exclude=keep_a exclude=keep_b,keep_c' --dump-pass-pipeline 2>&1 | filecheck %s

// CHECK: symbol-privatize{exclude=keep_a,keep_b,keep_c}
// CHECK-LABEL: func.func @keep_a
// CHECK-LABEL: func.func @keep_b
// CHECK-LABEL: func.func private @other
func.func @keep_a() { return }
func.func @keep_b() { return }
func.func @other() { return }
