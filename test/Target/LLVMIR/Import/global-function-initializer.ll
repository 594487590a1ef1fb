; RUN: pytranslate -import-llvm %s | filecheck %s

@three = global i32 3
; A global initialised with a function's address carries the symbol as its value (no
; initializer region); another global's address still needs the region, where MLIR 19 also
; materialises that global's own initializer (an operand of the global in LLVM) (oniguruma).
; CHECK: llvm.mlir.global internal @handler(@cb) {addr_space = 0 : i32, alignment = 8 : i64, dso_local} : !llvm.ptr
@handler = internal global ptr @cb, align 8
; CHECK: llvm.mlir.global external @other() {addr_space = 0 : i32} : !llvm.ptr {
; CHECK-NEXT: %0 = llvm.mlir.constant(3 : i32) : i32
; CHECK-NEXT: %1 = llvm.mlir.addressof @three : !llvm.ptr
; CHECK-NEXT: llvm.return %1 : !llvm.ptr
@other = global ptr @three
define internal void @cb() {
  ret void
}
