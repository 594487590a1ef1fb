// NVVM function attributes become `!nvvm.annotations` entries, for definitions and
// declarations alike, in function order and attribute-name order; unknown nvvm attributes
// add nothing.
// RUN: pytranslate -mlir-to-llvmir %s | filecheck %s

llvm.func @kern() attributes {nvvm.kernel, nvvm.reqntid = array<i32: 32, 4>, nvvm.maxnreg = 64 : i32} {
  llvm.return
}
llvm.func @decl() attributes {nvvm.minctasm = 2 : i32, nvvm.unknown_thing = 1 : i32}
llvm.func @plain()

// CHECK: !nvvm.annotations = !{![[A:[0-9]+]], ![[B:[0-9]+]], ![[C:[0-9]+]], ![[D:[0-9]+]], ![[E:[0-9]+]]}
// CHECK-DAG: ![[A]] = !{ptr @kern, !"kernel", i32 1}
// CHECK-DAG: ![[B]] = !{ptr @kern, !"maxnreg", i32 64}
// CHECK-DAG: ![[C]] = !{ptr @kern, !"reqntidx", i32 32}
// CHECK-DAG: ![[D]] = !{ptr @kern, !"reqntidy", i32 4}
// CHECK-DAG: ![[E]] = !{ptr @decl, !"minctasm", i32 2}
