// RUN: pyopt %s | pyopt | filecheck %s
// A private llvm.func read from text keeps its visibility: 19 prints sym_visibility in the
// attribute dictionary (convert-func-to-llvm's output read back by the next stage).

// CHECK: llvm.func @decl(i64) attributes {sym_visibility = "private"}
llvm.func @decl(i64) attributes {sym_visibility = "private"}

// CHECK: llvm.func @def() attributes {foo, sym_visibility = "private"} {
llvm.func @def() attributes {sym_visibility = "private", foo} {
  llvm.return
}

// CHECK: llvm.func @pub() {
llvm.func @pub() {
  llvm.return
}
