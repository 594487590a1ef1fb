// RUN: pytranslate -mlir-to-llvmir -split-input-file %s | filecheck %s

// CHECK: ; ModuleID = 'LLVMDialectModule'
// CHECK: @g = internal constant <2 x i32> <i32 1, i32 2>
// CHECK: @s = internal global [4 x i8] c"abc\00"
// CHECK-LABEL: define i32 @phis(i32 %0, ptr %1, i1 %2) {
// CHECK-NEXT:   %4 = add i32 %0, %0
// CHECK-NEXT:   br i1 %2, label %5, label %7
// CHECK: 5:                                                ; preds = %3
// CHECK-NEXT:   %6 = phi i32 [ %4, %3 ]
// CHECK-NEXT:   store i32 %6, ptr %1, align 4
// CHECK: 7:                                                ; preds = %5, %3
// CHECK-NEXT:   %8 = call i32 @callee()
// CHECK-NEXT:   ret i32 %8
// CHECK: ; Function Attrs: noinline
// CHECK-NEXT: declare i32 @callee() #0
// CHECK: attributes #0 = { noinline }
// CHECK: !llvm.module.flags = !{!0}
llvm.mlir.global internal constant @g(dense<[1, 2]> : vector<2xi32>) : vector<2xi32>
llvm.mlir.global internal @s("abc\00") : !llvm.array<4 x i8>
llvm.func @phis(%arg0: i32, %arg1: !llvm.ptr, %c: i1) -> i32 {
  %0 = llvm.add %arg0, %arg0 : i32
  llvm.cond_br %c, ^bb1(%0 : i32), ^bb2
^bb1(%1: i32):
  llvm.store %1, %arg1 : i32, !llvm.ptr
  llvm.br ^bb2
^bb2:
  %5 = llvm.call @callee() : () -> i32
  llvm.return %5 : i32
}
llvm.func @callee() -> i32 attributes {passthrough = ["noinline"]}

// -----

// The same successor with different arguments goes through a forwarding block.
// CHECK-LABEL: define i32 @same_successor(i1 %0, i32 %1, i32 %2) {
// CHECK-NEXT:   br i1 %0, label %4, label %6
// CHECK: 4:                                                ; preds = %6, %3
// CHECK-NEXT:   %5 = phi i32 [ %7, %6 ], [ %1, %3 ]
// CHECK-NEXT:   ret i32 %5
// CHECK: 6:                                                ; preds = %3
// CHECK-NEXT:   %7 = phi i32 [ %2, %3 ]
// CHECK-NEXT:   br label %4
llvm.func @same_successor(%c: i1, %a: i32, %b: i32) -> i32 {
  llvm.cond_br %c, ^bb1(%a : i32), ^bb1(%b : i32)
^bb1(%x: i32):
  llvm.return %x : i32
}

// -----

// Constant operands fold like IRBuilder's folder; global initializer regions are constants.
// CHECK: @agg = internal global { i32, ptr } { i32 7, ptr @agg }
// CHECK-LABEL: define i64 @fold(i64 %0) {
// CHECK-NEXT:   %2 = alloca i64, align 8
// CHECK-NEXT:   %3 = load i64, ptr %2, align 4
// CHECK-NEXT:   %4 = add i64 6, %3
llvm.mlir.global internal @agg() : !llvm.struct<(i32, ptr)> {
  %0 = llvm.mlir.undef : !llvm.struct<(i32, ptr)>
  %1 = llvm.mlir.constant(7 : i32) : i32
  %2 = llvm.insertvalue %1, %0[0] : !llvm.struct<(i32, ptr)>
  %3 = llvm.mlir.addressof @agg : !llvm.ptr
  %4 = llvm.insertvalue %3, %2[1] : !llvm.struct<(i32, ptr)>
  llvm.return %4 : !llvm.struct<(i32, ptr)>
}
llvm.func @fold(%a: i64) -> i64 {
  %one = llvm.mlir.constant(1 : i32) : i32
  %p = llvm.alloca %one x i64 : (i32) -> !llvm.ptr
  %l = llvm.load %p : !llvm.ptr -> i64
  %c = llvm.mlir.constant(3 : i64) : i64
  %0 = llvm.add %c, %c : i64
  %1 = llvm.add %0, %l : i64
  llvm.return %1 : i64
}
