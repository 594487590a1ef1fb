// RUN: not pyrunner %s -e entry -entry-point-result=void 2>&1 | filecheck %s

// A call to a function nothing provides is reported by name (no crash, exit status 1).

llvm.func @no_such_runtime_function(i64)
llvm.func @entry() {
  %c = llvm.mlir.constant(1 : i64) : i64
  llvm.call @no_such_runtime_function(%c) : (i64) -> ()
  llvm.return
}

// CHECK: JIT session error: Symbols not found: [ no_such_runtime_function ]
// CHECK: Error: symbol not found: no_such_runtime_function
