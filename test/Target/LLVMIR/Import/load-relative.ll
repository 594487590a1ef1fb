; RUN: pytranslate -import-llvm %s | filecheck %s
; RUN: pytranslate -import-llvm %s | pytranslate -mlir-to-llvmir | filecheck %s --check-prefix=EXPORT

; Beyond MLIR 19 (which rejects the intrinsic, and recurses without end on a function
; using a table whose entries are offsets from the table itself): clang's PIC relative
; lookup tables import, the intrinsic as a generic llvm.call_intrinsic that MLIR 19 reads.

@names.rel = private unnamed_addr constant [2 x i32] [i32 trunc (i64 sub (i64 ptrtoint (ptr @n0 to i64), i64 ptrtoint (ptr @names.rel to i64)) to i32), i32 trunc (i64 sub (i64 ptrtoint (ptr @n1 to i64), i64 ptrtoint (ptr @names.rel to i64)) to i32)], align 4
@n0 = private unnamed_addr constant [4 x i8] c"red\00"
@n1 = private unnamed_addr constant [6 x i8] c"green\00"

; CHECK-LABEL: llvm.func @colour_name
; CHECK: %[[T:.*]] = llvm.mlir.addressof @names.rel : !llvm.ptr
; CHECK: %[[O:.*]] = llvm.zext
; CHECK: %{{.*}} = llvm.call_intrinsic "llvm.load.relative.i64"(%[[T]], %[[O]]) : (!llvm.ptr, i64) -> !llvm.ptr
; EXPORT: call ptr @llvm.load.relative.i64(ptr @names.rel, i64 %{{.*}})
; EXPORT: declare ptr @llvm.load.relative.i64(ptr, i64)
define ptr @colour_name(i32 %i) {
  %o = shl i32 %i, 2
  %z = zext i32 %o to i64
  %p = call ptr @llvm.load.relative.i64(ptr @names.rel, i64 %z)
  ret ptr %p
}
