; RUN: pytranslate -import-llvm %s | filecheck %s

; Constant expressions as call arguments, a pointer global initialised with another global's
; address (default linkage), and a `mul` constant expression, which LLVM 19 still reads.

declare ptr @calloc(i64, i64)

@counter = global i64 7
; CHECK: llvm.mlir.global external @alias_ptr() {addr_space = 0 : i32} : !llvm.ptr {
; CHECK:   %[[A:.*]] = llvm.mlir.addressof @counter : !llvm.ptr
; CHECK:   llvm.return %[[A]] : !llvm.ptr
@alias_ptr = global ptr @counter

; CHECK: llvm.mlir.global external @scaled() {addr_space = 0 : i32} : i64 {
; CHECK:   %[[C:.*]] = llvm.mlir.constant(5 : i64) : i64
; CHECK:   %[[P:.*]] = llvm.ptrtoint %{{.*}} : !llvm.ptr to i64
; CHECK:   %[[M:.*]] = llvm.mul %[[P]], %[[C]] : i64
; CHECK:   llvm.return %[[M]] : i64
@scaled = global i64 mul (i64 ptrtoint (ptr @counter to i64), i64 5)

; CHECK-LABEL: llvm.func @make()
; CHECK:   %[[N:.*]] = llvm.mlir.constant(3 : i64) : i64
; CHECK:   %[[Z:.*]] = llvm.mlir.zero : !llvm.ptr
; CHECK:   %[[G:.*]] = llvm.getelementptr %[[Z]][%[[N]]] : (!llvm.ptr, i64) -> !llvm.ptr, f64
; CHECK:   %[[S:.*]] = llvm.ptrtoint %[[G]] : !llvm.ptr to i64
; CHECK:   %[[R:.*]] = llvm.call @calloc(%[[S]], %[[S]]) : (i64, i64) -> !llvm.ptr
define ptr @make() {
  %r = call ptr @calloc(i64 ptrtoint (ptr getelementptr (double, ptr null, i64 3) to i64), i64 ptrtoint (ptr getelementptr (double, ptr null, i64 3) to i64))
  ret ptr %r
}

; A `mul` constant expression nested in an instruction operand.
; CHECK-LABEL: llvm.func @offset(
; CHECK:   llvm.mul
; CHECK:   llvm.getelementptr inbounds
define ptr @offset(ptr %base) {
  %p = getelementptr inbounds i8, ptr %base, i64 mul (i64 ptrtoint (ptr @counter to i64), i64 2)
  ret ptr %p
}
