llvm.func @first() {
  llvm.return
}
// ===x (a near miss of the custom marker: no split here)

// =====

llvm.func @second() -> i32 {
  %0 = llvm.mlir.constant(4 : i32) : i32
  llvm.return %0 : i32
}
