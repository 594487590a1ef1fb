// RUN: pyopt %s --finalize-memref-to-llvm | filecheck %s

// Ops that build a new descriptor over the same buffer.

// CHECK-LABEL: func.func @reinterpret(
// CHECK-NEXT: %[[V0:.*]] = builtin.unrealized_conversion_cast %arg1 : memref<?x?xf32> to !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V1:.*]] = builtin.unrealized_conversion_cast %arg3 : index to i64
// CHECK-NEXT: %[[V2:.*]] = builtin.unrealized_conversion_cast %arg2 : index to i64
// CHECK-NEXT: %[[V3:.*]] = builtin.unrealized_conversion_cast %arg0 : memref<*xf32> to !llvm.struct<(i64, ptr)>
// CHECK-NEXT: %[[V4:.*]] = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V5:.*]] = llvm.extractvalue %[[V3]][1] : !llvm.struct<(i64, ptr)>
// CHECK-NEXT: %[[V6:.*]] = llvm.load %[[V5]] : !llvm.ptr -> !llvm.ptr
// CHECK-NEXT: %[[V7:.*]] = llvm.getelementptr %[[V5]][1] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
// CHECK-NEXT: %[[V8:.*]] = llvm.load %[[V7]] : !llvm.ptr -> !llvm.ptr
// CHECK-NEXT: %[[V9:.*]] = llvm.insertvalue %[[V6]], %[[V4]][0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V10:.*]] = llvm.insertvalue %[[V8]], %[[V9]][1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V11:.*]] = llvm.insertvalue %[[V2]], %[[V10]][2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V12:.*]] = llvm.insertvalue %[[V1]], %[[V11]][3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V13:.*]] = llvm.insertvalue %[[V1]], %[[V12]][4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V14:.*]] = llvm.mlir.constant(10 : index) : i64
// CHECK-NEXT: %[[V15:.*]] = llvm.insertvalue %[[V14]], %[[V13]][3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V16:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT: %[[V17:.*]] = llvm.insertvalue %[[V16]], %[[V15]][4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V18:.*]] = builtin.unrealized_conversion_cast %[[V17]] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> to memref<?x10xf32, strided<[?, 1], offset: ?>>
// CHECK-NEXT: %[[V19:.*]] = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V20:.*]] = llvm.extractvalue %[[V0]][0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V21:.*]] = llvm.extractvalue %[[V0]][1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V22:.*]] = llvm.insertvalue %[[V20]], %[[V19]][0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V23:.*]] = llvm.insertvalue %[[V21]], %[[V22]][1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V24:.*]] = llvm.mlir.constant(5 : index) : i64
// CHECK-NEXT: %[[V25:.*]] = llvm.insertvalue %[[V24]], %[[V23]][2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V26:.*]] = llvm.mlir.constant(4 : index) : i64
// CHECK-NEXT: %[[V27:.*]] = llvm.insertvalue %[[V26]], %[[V25]][3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V28:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT: %[[V29:.*]] = llvm.insertvalue %[[V28]], %[[V27]][4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V30:.*]] = llvm.insertvalue %[[V1]], %[[V29]][3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V31:.*]] = llvm.insertvalue %[[V1]], %[[V30]][4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V32:.*]] = builtin.unrealized_conversion_cast %[[V31]] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> to memref<4x?xf32, strided<[1, ?], offset: 5>>
// CHECK-NEXT: return %[[V18]], %[[V32]] : memref<?x10xf32, strided<[?, 1], offset: ?>>, memref<4x?xf32, strided<[1, ?], offset: 5>>
func.func @reinterpret(%u: memref<*xf32>, %m: memref<?x?xf32>, %o: index, %s: index) -> (memref<?x10xf32, strided<[?, 1], offset: ?>>, memref<4x?xf32, strided<[1, ?], offset: 5>>) {
  %0 = memref.reinterpret_cast %u to offset: [%o], sizes: [%s, 10], strides: [%s, 1] : memref<*xf32> to memref<?x10xf32, strided<[?, 1], offset: ?>>
  %1 = memref.reinterpret_cast %m to offset: [5], sizes: [4, %s], strides: [1, %s] : memref<?x?xf32> to memref<4x?xf32, strided<[1, ?], offset: 5>>
  return %0, %1 : memref<?x10xf32, strided<[?, 1], offset: ?>>, memref<4x?xf32, strided<[1, ?], offset: 5>>
}

// CHECK-LABEL: func.func @reshape_ranked(
// CHECK-NEXT: %[[V0:.*]] = builtin.unrealized_conversion_cast %arg1 : memref<3xi32> to !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V1:.*]] = builtin.unrealized_conversion_cast %arg0 : memref<?x?xf32> to !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V2:.*]] = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)>
// CHECK-NEXT: %[[V3:.*]] = llvm.extractvalue %[[V1]][0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V4:.*]] = llvm.extractvalue %[[V1]][1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V5:.*]] = llvm.insertvalue %[[V3]], %[[V2]][0] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)>
// CHECK-NEXT: %[[V6:.*]] = llvm.insertvalue %[[V4]], %[[V5]][1] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)>
// CHECK-NEXT: %[[V7:.*]] = llvm.mlir.constant(0 : index) : i64
// CHECK-NEXT: %[[V8:.*]] = llvm.insertvalue %[[V7]], %[[V6]][2] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)>
// CHECK-NEXT: %[[V9:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT: %[[V10:.*]] = llvm.mlir.constant(2 : index) : i64
// CHECK-NEXT: %[[V11:.*]] = llvm.extractvalue %[[V0]][1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V12:.*]] = llvm.getelementptr %[[V11]][%[[V10]]] : (!llvm.ptr, i64) -> !llvm.ptr, i32
// CHECK-NEXT: %[[V13:.*]] = llvm.load %[[V12]] : !llvm.ptr -> i32
// CHECK-NEXT: %[[V14:.*]] = builtin.unrealized_conversion_cast %[[V13]] : i32 to i64
// CHECK-NEXT: %[[V15:.*]] = llvm.insertvalue %[[V14]], %[[V8]][3, 2] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)>
// CHECK-NEXT: %[[V16:.*]] = llvm.insertvalue %[[V9]], %[[V15]][4, 2] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)>
// CHECK-NEXT: %[[V17:.*]] = llvm.mul %[[V9]], %[[V14]] : i64
// CHECK-NEXT: %[[V18:.*]] = llvm.mlir.constant(4 : index) : i64
// CHECK-NEXT: %[[V19:.*]] = llvm.insertvalue %[[V18]], %[[V16]][3, 1] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)>
// CHECK-NEXT: %[[V20:.*]] = llvm.insertvalue %[[V17]], %[[V19]][4, 1] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)>
// CHECK-NEXT: %[[V21:.*]] = llvm.mul %[[V17]], %[[V18]] : i64
// CHECK-NEXT: %[[V22:.*]] = llvm.mlir.constant(0 : index) : i64
// CHECK-NEXT: %[[V23:.*]] = llvm.extractvalue %[[V0]][1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V24:.*]] = llvm.getelementptr %[[V23]][%[[V22]]] : (!llvm.ptr, i64) -> !llvm.ptr, i32
// CHECK-NEXT: %[[V25:.*]] = llvm.load %[[V24]] : !llvm.ptr -> i32
// CHECK-NEXT: %[[V26:.*]] = builtin.unrealized_conversion_cast %[[V25]] : i32 to i64
// CHECK-NEXT: %[[V27:.*]] = llvm.insertvalue %[[V26]], %[[V20]][3, 0] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)>
// CHECK-NEXT: %[[V28:.*]] = llvm.insertvalue %[[V21]], %[[V27]][4, 0] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)>
// CHECK-NEXT: %[[V29:.*]] = llvm.mul %[[V21]], %[[V26]] : i64
// CHECK-NEXT: %[[V30:.*]] = builtin.unrealized_conversion_cast %[[V28]] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)> to memref<?x4x?xf32>
// CHECK-NEXT: return %[[V30]] : memref<?x4x?xf32>
// A static-length shape: dynamic sizes are loaded from it, strides are running products.
func.func @reshape_ranked(%m: memref<?x?xf32>, %shape: memref<3xi32>) -> memref<?x4x?xf32> {
  %0 = memref.reshape %m(%shape) : (memref<?x?xf32>, memref<3xi32>) -> memref<?x4x?xf32>
  return %0 : memref<?x4x?xf32>
}

// CHECK-LABEL: func.func @reshape_unranked(
// CHECK-NEXT: %[[V0:.*]] = builtin.unrealized_conversion_cast %arg1 : memref<?xindex> to !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V1:.*]] = builtin.unrealized_conversion_cast %arg0 : memref<?x?xf32> to !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V2:.*]] = llvm.extractvalue %[[V0]][3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V3:.*]] = llvm.mlir.undef : !llvm.struct<(i64, ptr)>
// CHECK-NEXT: %[[V4:.*]] = llvm.insertvalue %[[V2]], %[[V3]][0] : !llvm.struct<(i64, ptr)>
// CHECK-NEXT: %[[V5:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT: %[[V6:.*]] = llvm.mlir.constant(2 : index) : i64
// CHECK-NEXT: %[[V7:.*]] = llvm.mlir.constant(8 : index) : i64
// CHECK-NEXT: %[[V8:.*]] = llvm.mlir.constant(8 : index) : i64
// CHECK-NEXT: %[[V9:.*]] = llvm.mul %[[V6]], %[[V8]] : i64
// CHECK-NEXT: %[[V10:.*]] = llvm.extractvalue %[[V4]][0] : !llvm.struct<(i64, ptr)>
// CHECK-NEXT: %[[V11:.*]] = llvm.mul %[[V6]], %[[V10]] : i64
// CHECK-NEXT: %[[V12:.*]] = llvm.add %[[V11]], %[[V5]] : i64
// CHECK-NEXT: %[[V13:.*]] = llvm.mul %[[V12]], %[[V7]] : i64
// CHECK-NEXT: %[[V14:.*]] = llvm.add %[[V9]], %[[V13]] : i64
// CHECK-NEXT: %[[V15:.*]] = llvm.alloca %[[V14]] x i8 : (i64) -> !llvm.ptr
// CHECK-NEXT: %[[V16:.*]] = llvm.insertvalue %[[V15]], %[[V4]][1] : !llvm.struct<(i64, ptr)>
// CHECK-NEXT: %[[V17:.*]] = llvm.extractvalue %[[V1]][0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V18:.*]] = llvm.extractvalue %[[V1]][1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V19:.*]] = llvm.extractvalue %[[V1]][2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: llvm.store %[[V17]], %[[V15]] : !llvm.ptr, !llvm.ptr
// CHECK-NEXT: %[[V20:.*]] = llvm.getelementptr %[[V15]][1] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
// CHECK-NEXT: llvm.store %[[V18]], %[[V20]] : !llvm.ptr, !llvm.ptr
// CHECK-NEXT: %[[V21:.*]] = llvm.getelementptr %[[V15]][2] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
// CHECK-NEXT: llvm.store %[[V19]], %[[V21]] : i64, !llvm.ptr
// CHECK-NEXT: %[[V22:.*]] = llvm.getelementptr %[[V15]][0, 3] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(ptr, ptr, i64, i64)>
// CHECK-NEXT: %[[V23:.*]] = llvm.getelementptr %[[V22]][%[[V2]]] : (!llvm.ptr, i64) -> !llvm.ptr, i64
// CHECK-NEXT: %[[V24:.*]] = llvm.extractvalue %[[V0]][1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V25:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT: %[[V26:.*]] = llvm.sub %[[V2]], %[[V25]] : i64
// CHECK-NEXT: %[[V27:.*]] = builtin.unrealized_conversion_cast %[[V16]] : !llvm.struct<(i64, ptr)> to memref<*xf32>
// CHECK-NEXT: llvm.br ^bb1(%[[V26]], %[[V25]] : i64, i64)
// CHECK-NEXT: ^bb1(%[[V28:.*]]: i64, %[[V29:.*]]: i64):  // 2 preds: ^bb0, ^bb2
// CHECK-NEXT: %[[V30:.*]] = llvm.mlir.constant(0 : index) : i64
// CHECK-NEXT: %[[V31:.*]] = llvm.icmp "sge" %[[V28]], %[[V30]] : i64
// CHECK-NEXT: llvm.cond_br %[[V31]], ^bb2, ^bb3
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT: %[[V32:.*]] = llvm.getelementptr %[[V24]][%[[V28]]] : (!llvm.ptr, i64) -> !llvm.ptr, i64
// CHECK-NEXT: %[[V33:.*]] = llvm.load %[[V32]] : !llvm.ptr -> i64
// CHECK-NEXT: %[[V34:.*]] = llvm.getelementptr %[[V22]][%[[V28]]] : (!llvm.ptr, i64) -> !llvm.ptr, i64
// CHECK-NEXT: llvm.store %[[V33]], %[[V34]] : i64, !llvm.ptr
// CHECK-NEXT: %[[V35:.*]] = llvm.getelementptr %[[V23]][%[[V28]]] : (!llvm.ptr, i64) -> !llvm.ptr, i64
// CHECK-NEXT: llvm.store %[[V29]], %[[V35]] : i64, !llvm.ptr
// CHECK-NEXT: %[[V36:.*]] = llvm.mul %[[V29]], %[[V33]] : i64
// CHECK-NEXT: %[[V37:.*]] = llvm.sub %[[V28]], %[[V25]] : i64
// CHECK-NEXT: llvm.br ^bb1(%[[V37]], %[[V36]] : i64, i64)
// CHECK-NEXT: ^bb3:  // pred: ^bb1
// CHECK-NEXT: return %[[V27]] : memref<*xf32>
// A dynamic-length shape: an unranked descriptor filled by a loop.
func.func @reshape_unranked(%m: memref<?x?xf32>, %shape: memref<?xindex>) -> memref<*xf32> {
  %0 = memref.reshape %m(%shape) : (memref<?x?xf32>, memref<?xindex>) -> memref<*xf32>
  return %0 : memref<*xf32>
}

// CHECK-LABEL: func.func @view(
// CHECK-NEXT: %[[V0:.*]] = builtin.unrealized_conversion_cast %arg3 : index to i64
// CHECK-NEXT: %[[V1:.*]] = builtin.unrealized_conversion_cast %arg2 : index to i64
// CHECK-NEXT: %[[V2:.*]] = builtin.unrealized_conversion_cast %arg1 : index to i64
// CHECK-NEXT: %[[V3:.*]] = builtin.unrealized_conversion_cast %arg0 : memref<2048xi8> to !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V4:.*]] = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)>
// CHECK-NEXT: %[[V5:.*]] = llvm.extractvalue %[[V3]][0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V6:.*]] = llvm.insertvalue %[[V5]], %[[V4]][0] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)>
// CHECK-NEXT: %[[V7:.*]] = llvm.extractvalue %[[V3]][1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V8:.*]] = llvm.getelementptr %[[V7]][%[[V2]]] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK-NEXT: %[[V9:.*]] = llvm.insertvalue %[[V8]], %[[V6]][1] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)>
// CHECK-NEXT: %[[V10:.*]] = llvm.mlir.constant(0 : index) : i64
// CHECK-NEXT: %[[V11:.*]] = llvm.insertvalue %[[V10]], %[[V9]][2] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)>
// CHECK-NEXT: %[[V12:.*]] = llvm.insertvalue %[[V0]], %[[V11]][3, 2] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)>
// CHECK-NEXT: %[[V13:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT: %[[V14:.*]] = llvm.insertvalue %[[V13]], %[[V12]][4, 2] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)>
// CHECK-NEXT: %[[V15:.*]] = llvm.mlir.constant(4 : index) : i64
// CHECK-NEXT: %[[V16:.*]] = llvm.insertvalue %[[V15]], %[[V14]][3, 1] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)>
// CHECK-NEXT: %[[V17:.*]] = llvm.mul %[[V13]], %[[V0]] : i64
// CHECK-NEXT: %[[V18:.*]] = llvm.insertvalue %[[V17]], %[[V16]][4, 1] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)>
// CHECK-NEXT: %[[V19:.*]] = llvm.insertvalue %[[V1]], %[[V18]][3, 0] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)>
// CHECK-NEXT: %[[V20:.*]] = llvm.mul %[[V17]], %[[V15]] : i64
// CHECK-NEXT: %[[V21:.*]] = llvm.insertvalue %[[V20]], %[[V19]][4, 0] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)>
// CHECK-NEXT: %[[V22:.*]] = builtin.unrealized_conversion_cast %[[V21]] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)> to memref<?x4x?xf32>
// CHECK-NEXT: return %[[V22]] : memref<?x4x?xf32>
func.func @view(%buf: memref<2048xi8>, %shift: index, %a: index, %b: index) -> memref<?x4x?xf32> {
  %0 = memref.view %buf[%shift][%a, %b] : memref<2048xi8> to memref<?x4x?xf32>
  return %0 : memref<?x4x?xf32>
}

// CHECK-LABEL: func.func @transpose(
// CHECK-NEXT: %[[V0:.*]] = builtin.unrealized_conversion_cast %arg0 : memref<?x?xf32> to !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V1:.*]] = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V2:.*]] = llvm.extractvalue %[[V0]][0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V3:.*]] = llvm.insertvalue %[[V2]], %[[V1]][0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V4:.*]] = llvm.extractvalue %[[V0]][1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V5:.*]] = llvm.insertvalue %[[V4]], %[[V3]][1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V6:.*]] = llvm.extractvalue %[[V0]][2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V7:.*]] = llvm.insertvalue %[[V6]], %[[V5]][2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V8:.*]] = llvm.extractvalue %[[V0]][3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V9:.*]] = llvm.insertvalue %[[V8]], %[[V7]][3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V10:.*]] = llvm.extractvalue %[[V0]][4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V11:.*]] = llvm.insertvalue %[[V10]], %[[V9]][4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V12:.*]] = llvm.extractvalue %[[V0]][3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V13:.*]] = llvm.insertvalue %[[V12]], %[[V11]][3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V14:.*]] = llvm.extractvalue %[[V0]][4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V15:.*]] = llvm.insertvalue %[[V14]], %[[V13]][4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V16:.*]] = builtin.unrealized_conversion_cast %[[V15]] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> to memref<?x?xf32, strided<[1, ?]>>
// CHECK-NEXT: return %[[V16]] : memref<?x?xf32, strided<[1, ?]>>
func.func @transpose(%m: memref<?x?xf32>) -> memref<?x?xf32, strided<[1, ?]>> {
  %0 = memref.transpose %m (i, j) -> (j, i) : memref<?x?xf32> to memref<?x?xf32, strided<[1, ?]>>
  return %0 : memref<?x?xf32, strided<[1, ?]>>
}

// CHECK-LABEL: func.func @metadata(
// CHECK-NEXT: %[[V0:.*]] = builtin.unrealized_conversion_cast %arg0 : memref<4x?xf32, strided<[?, 1], offset: ?>> to !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[V1:.*]] = llvm.extractvalue %[[V0]][0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V2:.*]] = llvm.extractvalue %[[V0]][1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V3:.*]] = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64)>
// CHECK-NEXT: %[[V4:.*]] = llvm.insertvalue %[[V1]], %[[V3]][0] : !llvm.struct<(ptr, ptr, i64)>
// CHECK-NEXT: %[[V5:.*]] = llvm.insertvalue %[[V2]], %[[V4]][1] : !llvm.struct<(ptr, ptr, i64)>
// CHECK-NEXT: %[[V6:.*]] = llvm.mlir.constant(0 : index) : i64
// CHECK-NEXT: %[[V7:.*]] = llvm.insertvalue %[[V6]], %[[V5]][2] : !llvm.struct<(ptr, ptr, i64)>
// CHECK-NEXT: %[[V8:.*]] = llvm.extractvalue %[[V0]][2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V9:.*]] = llvm.extractvalue %[[V0]][3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V10:.*]] = llvm.extractvalue %[[V0]][3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V11:.*]] = llvm.extractvalue %[[V0]][4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V12:.*]] = llvm.extractvalue %[[V0]][4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V13:.*]] = builtin.unrealized_conversion_cast %[[V7]] : !llvm.struct<(ptr, ptr, i64)> to memref<f32>
// CHECK-NEXT: %[[V14:.*]] = builtin.unrealized_conversion_cast %[[V8]] : i64 to index
// CHECK-NEXT: %[[V15:.*]] = builtin.unrealized_conversion_cast %[[V10]] : i64 to index
// CHECK-NEXT: %[[V16:.*]] = builtin.unrealized_conversion_cast %[[V11]] : i64 to index
// CHECK-NEXT: %[[V17:.*]] = llvm.extractvalue %[[V0]][1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V18:.*]] = llvm.ptrtoint %[[V17]] : !llvm.ptr to i64
// CHECK-NEXT: %[[V19:.*]] = builtin.unrealized_conversion_cast %[[V18]] : i64 to index
// CHECK-NEXT: return %[[V13]], %[[V14]], %[[C4]], %[[V15]], %[[V16]], %[[C1]], %[[V19]] : memref<f32>, index, index, index, index, index, index
func.func @metadata(%m: memref<4x?xf32, strided<[?, 1], offset: ?>>) -> (memref<f32>, index, index, index, index, index, index) {
  %base, %off, %sz:2, %st:2 = memref.extract_strided_metadata %m : memref<4x?xf32, strided<[?, 1], offset: ?>> -> memref<f32>, index, index, index, index, index
  %p = memref.extract_aligned_pointer_as_index %m : memref<4x?xf32, strided<[?, 1], offset: ?>> -> index
  return %base, %off, %sz#0, %sz#1, %st#0, %st#1, %p : memref<f32>, index, index, index, index, index, index
}

// CHECK-LABEL: func.func @spaces(
// CHECK-NEXT: %[[V0:.*]] = builtin.unrealized_conversion_cast %arg1 : memref<*xf32> to !llvm.struct<(i64, ptr)>
// CHECK-NEXT: %[[V1:.*]] = builtin.unrealized_conversion_cast %arg0 : memref<?xf32> to !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V2:.*]] = llvm.extractvalue %[[V1]][0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V3:.*]] = llvm.extractvalue %[[V1]][1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V4:.*]] = llvm.extractvalue %[[V1]][2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V5:.*]] = llvm.extractvalue %[[V1]][3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V6:.*]] = llvm.extractvalue %[[V1]][4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V7:.*]] = llvm.addrspacecast %[[V2]] : !llvm.ptr to !llvm.ptr<1>
// CHECK-NEXT: %[[V8:.*]] = llvm.addrspacecast %[[V3]] : !llvm.ptr to !llvm.ptr<1>
// CHECK-NEXT: %[[V9:.*]] = llvm.mlir.undef : !llvm.struct<(ptr<1>, ptr<1>, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V10:.*]] = llvm.insertvalue %[[V7]], %[[V9]][0] : !llvm.struct<(ptr<1>, ptr<1>, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V11:.*]] = llvm.insertvalue %[[V8]], %[[V10]][1] : !llvm.struct<(ptr<1>, ptr<1>, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V12:.*]] = llvm.insertvalue %[[V4]], %[[V11]][2] : !llvm.struct<(ptr<1>, ptr<1>, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V13:.*]] = llvm.insertvalue %[[V5]], %[[V12]][3, 0] : !llvm.struct<(ptr<1>, ptr<1>, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V14:.*]] = llvm.insertvalue %[[V6]], %[[V13]][4, 0] : !llvm.struct<(ptr<1>, ptr<1>, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V15:.*]] = builtin.unrealized_conversion_cast %[[V14]] : !llvm.struct<(ptr<1>, ptr<1>, i64, array<1 x i64>, array<1 x i64>)> to memref<?xf32, 1>
// CHECK-NEXT: %[[V16:.*]] = llvm.extractvalue %[[V0]][0] : !llvm.struct<(i64, ptr)>
// CHECK-NEXT: %[[V17:.*]] = llvm.extractvalue %[[V0]][1] : !llvm.struct<(i64, ptr)>
// CHECK-NEXT: %[[V18:.*]] = llvm.mlir.undef : !llvm.struct<(i64, ptr)>
// CHECK-NEXT: %[[V19:.*]] = llvm.insertvalue %[[V16]], %[[V18]][0] : !llvm.struct<(i64, ptr)>
// CHECK-NEXT: %[[V20:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT: %[[V21:.*]] = llvm.mlir.constant(2 : index) : i64
// CHECK-NEXT: %[[V22:.*]] = llvm.mlir.constant(8 : index) : i64
// CHECK-NEXT: %[[V23:.*]] = llvm.mlir.constant(8 : index) : i64
// CHECK-NEXT: %[[V24:.*]] = llvm.mul %[[V21]], %[[V23]] : i64
// CHECK-NEXT: %[[V25:.*]] = llvm.extractvalue %[[V19]][0] : !llvm.struct<(i64, ptr)>
// CHECK-NEXT: %[[V26:.*]] = llvm.mul %[[V21]], %[[V25]] : i64
// CHECK-NEXT: %[[V27:.*]] = llvm.add %[[V26]], %[[V20]] : i64
// CHECK-NEXT: %[[V28:.*]] = llvm.mul %[[V27]], %[[V22]] : i64
// CHECK-NEXT: %[[V29:.*]] = llvm.add %[[V24]], %[[V28]] : i64
// CHECK-NEXT: %[[V30:.*]] = llvm.alloca %[[V29]] x i8 : (i64) -> !llvm.ptr
// CHECK-NEXT: %[[V31:.*]] = llvm.insertvalue %[[V30]], %[[V19]][1] : !llvm.struct<(i64, ptr)>
// CHECK-NEXT: %[[V32:.*]] = llvm.load %[[V17]] : !llvm.ptr -> !llvm.ptr
// CHECK-NEXT: %[[V33:.*]] = llvm.getelementptr %[[V17]][1] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
// CHECK-NEXT: %[[V34:.*]] = llvm.load %[[V33]] : !llvm.ptr -> !llvm.ptr
// CHECK-NEXT: %[[V35:.*]] = llvm.addrspacecast %[[V32]] : !llvm.ptr to !llvm.ptr<5>
// CHECK-NEXT: %[[V36:.*]] = llvm.addrspacecast %[[V34]] : !llvm.ptr to !llvm.ptr<5>
// CHECK-NEXT: llvm.store %[[V35]], %[[V30]] : !llvm.ptr<5>, !llvm.ptr
// CHECK-NEXT: %[[V37:.*]] = llvm.getelementptr %[[V30]][1] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr<5>
// CHECK-NEXT: llvm.store %[[V36]], %[[V37]] : !llvm.ptr<5>, !llvm.ptr
// CHECK-NEXT: %[[V38:.*]] = llvm.getelementptr %[[V17]][2] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
// CHECK-NEXT: %[[V39:.*]] = llvm.getelementptr %[[V30]][2] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr<5>
// CHECK-NEXT: %[[V40:.*]] = llvm.mlir.constant(16 : index) : i64
// CHECK-NEXT: %[[V41:.*]] = llvm.sub %[[V29]], %[[V40]] : i64
// CHECK-NEXT: "llvm.intr.memcpy"(%[[V39]], %[[V38]], %[[V41]]) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
// CHECK-NEXT: %[[V42:.*]] = builtin.unrealized_conversion_cast %[[V31]] : !llvm.struct<(i64, ptr)> to memref<*xf32, 5>
// CHECK-NEXT: return %[[V15]], %[[V42]] : memref<?xf32, 1>, memref<*xf32, 5>
func.func @spaces(%m: memref<?xf32>, %u: memref<*xf32>) -> (memref<?xf32, 1>, memref<*xf32, 5>) {
  %0 = memref.memory_space_cast %m : memref<?xf32> to memref<?xf32, 1>
  %1 = memref.memory_space_cast %u : memref<*xf32> to memref<*xf32, 5>
  return %0, %1 : memref<?xf32, 1>, memref<*xf32, 5>
}
