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

// -----

// A global counts with its value type; values its initializer region builds but does not
// return are not part of LLVM's constant and do not count.
// CHECK: %Outer = type { %In1 }
// CHECK-NEXT: %In1 = type { i16 }
// CHECK-NEXT: %Later = type { i8 }
llvm.mlir.global internal constant @g() : !llvm.struct<"Outer", (struct<"In1", (i16)>)> {
  %c = llvm.mlir.constant(1 : i8) : i8
  %l = llvm.mlir.undef : !llvm.struct<"Later", (i8)>
  %l2 = llvm.insertvalue %c, %l[0] : !llvm.struct<"Later", (i8)>
  %u = llvm.mlir.undef : !llvm.struct<"In1", (i16)>
  %o = llvm.mlir.undef : !llvm.struct<"Outer", (struct<"In1", (i16)>)>
  %r = llvm.insertvalue %u, %o[0] : !llvm.struct<"Outer", (struct<"In1", (i16)>)>
  llvm.return %r : !llvm.struct<"Outer", (struct<"In1", (i16)>)>
}
llvm.mlir.global internal constant @h() : !llvm.struct<"Later", (i8)> {
  %l = llvm.mlir.undef : !llvm.struct<"Later", (i8)>
  llvm.return %l : !llvm.struct<"Later", (i8)>
}
