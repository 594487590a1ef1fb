// RUN: pytranslate -mlir-to-llvmir %s | filecheck %s

// Identified structs are defined in the order LLVM's TypeFinder first meets them,
// walking the blocks as laid out: @pick translates ^bb2 before ^bb1 (reverse
// post-order), yet "first" (used in ^bb1) is listed before "second".

// CHECK:      %first = type { i32, i64 }
// CHECK-NEXT: %second = type { i8, i16 }
// CHECK-LABEL: define ptr @pick(
llvm.func @pick(%c: i1, %p: !llvm.ptr, %i: i64) -> !llvm.ptr {
  llvm.cond_br %c, ^bb1, ^bb2
^bb1:
  %a = llvm.getelementptr %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.struct<"first", (i32, i64)>
  llvm.br ^bb3(%a : !llvm.ptr)
^bb2:
  %b = llvm.getelementptr %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.struct<"second", (i8, i16)>
  llvm.br ^bb3(%b : !llvm.ptr)
^bb3(%r: !llvm.ptr):
  llvm.return %r : !llvm.ptr
}
