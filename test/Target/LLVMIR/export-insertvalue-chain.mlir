// Constant aggregates filled by insertvalue chains (intermediates kept as element lists, printed
// once): nested positions, an intermediate used twice, a chain broken by a non-constant value.
// RUN: pytranslate -mlir-to-llvmir %s | filecheck %s

llvm.mlir.global internal constant @nested() : !llvm.array<2 x array<3 x i32>> {
  %0 = llvm.mlir.undef : !llvm.array<2 x array<3 x i32>>
  %1 = llvm.mlir.constant(1 : i32) : i32
  %2 = llvm.mlir.constant(2 : i32) : i32
  %3 = llvm.insertvalue %1, %0[0, 0] : !llvm.array<2 x array<3 x i32>>
  %4 = llvm.insertvalue %2, %3[0, 2] : !llvm.array<2 x array<3 x i32>>
  %5 = llvm.insertvalue %2, %4[1, 1] : !llvm.array<2 x array<3 x i32>>
  %6 = llvm.insertvalue %1, %5[0, 1] : !llvm.array<2 x array<3 x i32>>
  llvm.return %6 : !llvm.array<2 x array<3 x i32>>
}
llvm.func @f(%x: i32) -> !llvm.struct<(i32, i32, i32)> {
  %0 = llvm.mlir.undef : !llvm.struct<(i32, i32, i32)>
  %1 = llvm.mlir.constant(7 : i32) : i32
  %2 = llvm.insertvalue %1, %0[0] : !llvm.struct<(i32, i32, i32)>
  %3 = llvm.insertvalue %1, %2[1] : !llvm.struct<(i32, i32, i32)>
  %4 = llvm.insertvalue %x, %3[2] : !llvm.struct<(i32, i32, i32)>
  %5 = llvm.insertvalue %1, %2[2] : !llvm.struct<(i32, i32, i32)>
  %6 = llvm.extractvalue %5[2] : !llvm.struct<(i32, i32, i32)>
  %7 = llvm.insertvalue %6, %4[0] : !llvm.struct<(i32, i32, i32)>
  llvm.return %7 : !llvm.struct<(i32, i32, i32)>
}
llvm.func @g(%x: i32) -> !llvm.array<2 x struct<(i32, i32)>> {
  %0 = llvm.mlir.zero : !llvm.array<2 x struct<(i32, i32)>>
  %1 = llvm.mlir.constant(3 : i32) : i32
  %2 = llvm.insertvalue %1, %0[1, 0] : !llvm.array<2 x struct<(i32, i32)>>
  %3 = llvm.insertvalue %x, %2[1, 1] : !llvm.array<2 x struct<(i32, i32)>>
  %4 = llvm.insertvalue %1, %3[0, 1] : !llvm.array<2 x struct<(i32, i32)>>
  llvm.return %4 : !llvm.array<2 x struct<(i32, i32)>>
}

// CHECK: @nested = internal constant [2 x [3 x i32]] {{\[}}[3 x i32] [i32 1, i32 1, i32 2], [3 x i32] [i32 undef, i32 2, i32 undef]]
// CHECK-LABEL: define { i32, i32, i32 } @f(i32 %0)
// CHECK-NEXT: %2 = insertvalue { i32, i32, i32 } { i32 7, i32 7, i32 undef }, i32 %0, 2
// CHECK-NEXT: %3 = insertvalue { i32, i32, i32 } %2, i32 7, 0
// CHECK-NEXT: ret { i32, i32, i32 } %3
// CHECK-LABEL: define [2 x { i32, i32 }] @g(i32 %0)
// CHECK-NEXT: %2 = insertvalue [2 x { i32, i32 }] [{ i32, i32 } zeroinitializer, { i32, i32 } { i32 3, i32 0 }], i32 %0, 1, 1
// CHECK-NEXT: %3 = insertvalue [2 x { i32, i32 }] %2, i32 3, 0, 1
