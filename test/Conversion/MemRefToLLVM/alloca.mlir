// RUN: pyopt %s --finalize-memref-to-llvm | filecheck %s

// Stack allocations count elements, not bytes; alloca_scope brackets its body with
// stacksave/stackrestore and passes its results to a continuation block.

// CHECK-LABEL: func.func @stack(
// CHECK-NEXT: %[[V0:.*]] = builtin.unrealized_conversion_cast %arg0 : index to i64
// CHECK-NEXT: %[[V1:.*]] = llvm.mlir.constant(4 : index) : i64
// CHECK-NEXT: %[[V2:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT: %[[V3:.*]] = llvm.mul %[[V1]], %[[V0]] : i64
// CHECK-NEXT: %[[V4:.*]] = llvm.alloca %[[V3]] x f32 : (i64) -> !llvm.ptr
// CHECK-NEXT: %[[V5:.*]] = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V6:.*]] = llvm.insertvalue %[[V4]], %[[V5]][0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V7:.*]] = llvm.insertvalue %[[V4]], %[[V6]][1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V8:.*]] = llvm.mlir.constant(0 : index) : i64
// CHECK-NEXT: %[[V9:.*]] = llvm.insertvalue %[[V8]], %[[V7]][2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V10:.*]] = llvm.insertvalue %[[V0]], %[[V9]][3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V11:.*]] = llvm.insertvalue %[[V1]], %[[V10]][3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V12:.*]] = llvm.insertvalue %[[V1]], %[[V11]][4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V13:.*]] = llvm.insertvalue %[[V2]], %[[V12]][4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V14:.*]] = llvm.mlir.constant(3 : index) : i64
// CHECK-NEXT: %[[V15:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT: %[[V16:.*]] = llvm.alloca %[[V14]] x i16 {alignment = 16 : i64} : (i64) -> !llvm.ptr<4>
// CHECK-NEXT: %[[V17:.*]] = llvm.mlir.undef : !llvm.struct<(ptr<4>, ptr<4>, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V18:.*]] = llvm.insertvalue %[[V16]], %[[V17]][0] : !llvm.struct<(ptr<4>, ptr<4>, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V19:.*]] = llvm.insertvalue %[[V16]], %[[V18]][1] : !llvm.struct<(ptr<4>, ptr<4>, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V20:.*]] = llvm.mlir.constant(0 : index) : i64
// CHECK-NEXT: %[[V21:.*]] = llvm.insertvalue %[[V20]], %[[V19]][2] : !llvm.struct<(ptr<4>, ptr<4>, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V22:.*]] = llvm.insertvalue %[[V14]], %[[V21]][3, 0] : !llvm.struct<(ptr<4>, ptr<4>, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V23:.*]] = llvm.insertvalue %[[V15]], %[[V22]][4, 0] : !llvm.struct<(ptr<4>, ptr<4>, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V24:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT: %[[V25:.*]] = llvm.alloca %[[V24]] x i8 : (i64) -> !llvm.ptr
// CHECK-NEXT: %[[V26:.*]] = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64)>
// CHECK-NEXT: %[[V27:.*]] = llvm.insertvalue %[[V25]], %[[V26]][0] : !llvm.struct<(ptr, ptr, i64)>
// CHECK-NEXT: %[[V28:.*]] = llvm.insertvalue %[[V25]], %[[V27]][1] : !llvm.struct<(ptr, ptr, i64)>
// CHECK-NEXT: %[[V29:.*]] = llvm.mlir.constant(0 : index) : i64
// CHECK-NEXT: %[[V30:.*]] = llvm.insertvalue %[[V29]], %[[V28]][2] : !llvm.struct<(ptr, ptr, i64)>
// CHECK-NEXT: return
func.func @stack(%n: index) {
  %a = memref.alloca(%n) : memref<?x4xf32>
  %b = memref.alloca() {alignment = 16} : memref<3xi16, 4>
  %c = memref.alloca() : memref<i8>
  return
}

// CHECK-LABEL: func.func @scoped(
// CHECK-NEXT: %[[V0:.*]] = builtin.unrealized_conversion_cast %arg0 : index to i64
// CHECK-NEXT: %[[V1:.*]] = llvm.intr.stacksave : !llvm.ptr
// CHECK-NEXT: llvm.br ^bb1
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: %[[V2:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT: %[[V3:.*]] = llvm.alloca %[[V0]] x f32 : (i64) -> !llvm.ptr
// CHECK-NEXT: %[[V4:.*]] = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V5:.*]] = llvm.insertvalue %[[V3]], %[[V4]][0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V6:.*]] = llvm.insertvalue %[[V3]], %[[V5]][1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V7:.*]] = llvm.mlir.constant(0 : index) : i64
// CHECK-NEXT: %[[V8:.*]] = llvm.insertvalue %[[V7]], %[[V6]][2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V9:.*]] = llvm.insertvalue %[[V0]], %[[V8]][3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V10:.*]] = llvm.insertvalue %[[V2]], %[[V9]][4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[V11:.*]] = builtin.unrealized_conversion_cast %[[C0]] : index to i64
// CHECK-NEXT: %[[V12:.*]] = llvm.extractvalue %[[V10]][1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V13:.*]] = llvm.getelementptr %[[V12]][%[[V11]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT: %[[V14:.*]] = llvm.load %[[V13]] : !llvm.ptr -> f32
// CHECK-NEXT: llvm.intr.stackrestore %[[V1]] : !llvm.ptr
// CHECK-NEXT: llvm.br ^bb2(%[[V14]] : f32)
// CHECK-NEXT: ^bb2(%[[V15:.*]]: f32):  // pred: ^bb1
// CHECK-NEXT: llvm.br ^bb3
// CHECK-NEXT: ^bb3:  // pred: ^bb2
// CHECK-NEXT: %[[V16:.*]] = llvm.intr.stacksave : !llvm.ptr
// CHECK-NEXT: llvm.br ^bb4
// CHECK-NEXT: ^bb4:  // pred: ^bb3
// CHECK-NEXT: %[[V17:.*]] = llvm.mlir.constant(4 : index) : i64
// CHECK-NEXT: %[[V18:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT: %[[V19:.*]] = llvm.alloca %[[V17]] x i8 : (i64) -> !llvm.ptr
// CHECK-NEXT: %[[V20:.*]] = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V21:.*]] = llvm.insertvalue %[[V19]], %[[V20]][0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V22:.*]] = llvm.insertvalue %[[V19]], %[[V21]][1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V23:.*]] = llvm.mlir.constant(0 : index) : i64
// CHECK-NEXT: %[[V24:.*]] = llvm.insertvalue %[[V23]], %[[V22]][2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V25:.*]] = llvm.insertvalue %[[V17]], %[[V24]][3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V26:.*]] = llvm.insertvalue %[[V18]], %[[V25]][4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: llvm.intr.stackrestore %[[V16]] : !llvm.ptr
// CHECK-NEXT: llvm.br ^bb5
// CHECK-NEXT: ^bb5:  // pred: ^bb4
// CHECK-NEXT: return %[[V15]] : f32
func.func @scoped(%n: index) -> f32 {
  %r = memref.alloca_scope -> (f32) {
    %a = memref.alloca(%n) : memref<?xf32>
    %c0 = arith.constant 0 : index
    %v = memref.load %a[%c0] : memref<?xf32>
    memref.alloca_scope.return %v : f32
  }
  memref.alloca_scope {
    %b = memref.alloca() : memref<4xi8>
  }
  return %r : f32
}
