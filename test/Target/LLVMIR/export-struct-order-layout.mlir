// RUN: pytranslate --mlir-to-llvmir --split-input-file %s | filecheck %s

// Named structs are defined in the order LLVM's TypeFinder meets them: blocks in layout
// order, each struct before its body. ^b1 comes first in the layout although ^b2, which uses
// both A and B, is the first one translated (dominance order).
// CHECK: %A = type { i32, %Inner }
// CHECK-NEXT: %Inner = type { i8 }
// CHECK-NEXT: %B = type { i32, i32 }
llvm.func @f(%p: !llvm.ptr, %c: i1) {
  llvm.cond_br %c, ^b2, ^b1
^b1:
  %x = llvm.getelementptr %p[0, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<"A", (i32, struct<"Inner", (i8)>)>
  llvm.return
^b2:
  %y = llvm.getelementptr %p[0, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<"B", (i32, i32)>
  %z = llvm.getelementptr %p[0, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<"A", (i32, struct<"Inner", (i8)>)>
  llvm.br ^b1
}

// -----

// Functions count in module order, their attributes included: @make's sret type is met
// after @user's allocas although every function is declared before any body is translated.
// CHECK: %First = type { i32 }
// CHECK-NEXT: %Second = type { i64 }
llvm.func @user() {
  %c = llvm.mlir.constant(1 : i32) : i32
  %a = llvm.alloca %c x !llvm.struct<"First", (i32)> : (i32) -> !llvm.ptr
  %b = llvm.alloca %c x !llvm.struct<"Second", (i64)> : (i32) -> !llvm.ptr
  llvm.return
}
llvm.func @make(!llvm.ptr {llvm.sret = !llvm.struct<"Second", (i64)>})
