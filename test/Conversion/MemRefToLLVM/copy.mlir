// RUN: pyopt %s --finalize-memref-to-llvm | filecheck %s

// memref.copy: one memcpy of size * element size when both sides are contiguous (identity
// layout, or static, non-empty and row-major with any offset); otherwise memrefCopy on
// unranked descriptors stored on the stack between stacksave and stackrestore.
// CHECK: llvm.func @memrefCopy(i64, !llvm.ptr, !llvm.ptr)

// CHECK-LABEL: func.func @contiguous(
// CHECK-NEXT: %[[V0:.*]] = builtin.unrealized_conversion_cast %arg1 : memref<4x?xf32> to !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V1:.*]] = builtin.unrealized_conversion_cast %arg0 : memref<4x?xf32> to !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V2:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT: %[[V3:.*]] = llvm.extractvalue %[[V1]][3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V4:.*]] = llvm.mul %[[V2]], %[[V3]] : i64
// CHECK-NEXT: %[[V5:.*]] = llvm.extractvalue %[[V1]][3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V6:.*]] = llvm.mul %[[V4]], %[[V5]] : i64
// CHECK-NEXT: %[[V7:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT: %[[V8:.*]] = llvm.getelementptr %[[V7]][1] : (!llvm.ptr) -> !llvm.ptr, f32
// CHECK-NEXT: %[[V9:.*]] = llvm.ptrtoint %[[V8]] : !llvm.ptr to i64
// CHECK-NEXT: %[[V10:.*]] = llvm.mul %[[V6]], %[[V9]] : i64
// CHECK-NEXT: %[[V11:.*]] = llvm.extractvalue %[[V1]][1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V12:.*]] = llvm.extractvalue %[[V1]][2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V13:.*]] = llvm.getelementptr %[[V11]][%[[V12]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT: %[[V14:.*]] = llvm.extractvalue %[[V0]][1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V15:.*]] = llvm.extractvalue %[[V0]][2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V16:.*]] = llvm.getelementptr %[[V14]][%[[V15]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT: "llvm.intr.memcpy"(%[[V16]], %[[V13]], %[[V10]]) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
// CHECK-NEXT: return
func.func @contiguous(%a: memref<4x?xf32>, %b: memref<4x?xf32>) {
  memref.copy %a, %b : memref<4x?xf32> to memref<4x?xf32>
  return
}

// CHECK-LABEL: func.func @offset_row(
// CHECK-NEXT: %[[V0:.*]] = builtin.unrealized_conversion_cast %arg1 : memref<1x5xf32> to !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V1:.*]] = builtin.unrealized_conversion_cast %arg0 : memref<1x5xf32, strided<[20, 1], offset: ?>> to !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V2:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT: %[[V3:.*]] = llvm.extractvalue %[[V1]][3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V4:.*]] = llvm.mul %[[V2]], %[[V3]] : i64
// CHECK-NEXT: %[[V5:.*]] = llvm.extractvalue %[[V1]][3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V6:.*]] = llvm.mul %[[V4]], %[[V5]] : i64
// CHECK-NEXT: %[[V7:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT: %[[V8:.*]] = llvm.getelementptr %[[V7]][1] : (!llvm.ptr) -> !llvm.ptr, f32
// CHECK-NEXT: %[[V9:.*]] = llvm.ptrtoint %[[V8]] : !llvm.ptr to i64
// CHECK-NEXT: %[[V10:.*]] = llvm.mul %[[V6]], %[[V9]] : i64
// CHECK-NEXT: %[[V11:.*]] = llvm.extractvalue %[[V1]][1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V12:.*]] = llvm.extractvalue %[[V1]][2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V13:.*]] = llvm.getelementptr %[[V11]][%[[V12]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT: %[[V14:.*]] = llvm.extractvalue %[[V0]][1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V15:.*]] = llvm.extractvalue %[[V0]][2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V16:.*]] = llvm.getelementptr %[[V14]][%[[V15]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT: "llvm.intr.memcpy"(%[[V16]], %[[V13]], %[[V10]]) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
// CHECK-NEXT: return
func.func @offset_row(%a: memref<1x5xf32, strided<[20, 1], offset: ?>>, %b: memref<1x5xf32>) {
  memref.copy %a, %b : memref<1x5xf32, strided<[20, 1], offset: ?>> to memref<1x5xf32>
  return
}

// CHECK-LABEL: func.func @strided(
// CHECK-NEXT: %[[V0:.*]] = builtin.unrealized_conversion_cast %arg1 : memref<4x5xi8> to !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V1:.*]] = builtin.unrealized_conversion_cast %arg0 : memref<4x5xi8, strided<[10, 1], offset: 3>> to !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V2:.*]] = llvm.intr.stacksave : !llvm.ptr
// CHECK-NEXT: %[[V3:.*]] = llvm.mlir.constant(2 : i64) : i64
// CHECK-NEXT: %[[V4:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT: %[[V5:.*]] = llvm.alloca %[[V4]] x !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> : (i64) -> !llvm.ptr
// CHECK-NEXT: llvm.store %[[V1]], %[[V5]] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, !llvm.ptr
// CHECK-NEXT: %[[V6:.*]] = llvm.mlir.undef : !llvm.struct<(i64, ptr)>
// CHECK-NEXT: %[[V7:.*]] = llvm.insertvalue %[[V3]], %[[V6]][0] : !llvm.struct<(i64, ptr)>
// CHECK-NEXT: %[[V8:.*]] = llvm.insertvalue %[[V5]], %[[V7]][1] : !llvm.struct<(i64, ptr)>
// CHECK-NEXT: %[[V9:.*]] = llvm.mlir.constant(2 : i64) : i64
// CHECK-NEXT: %[[V10:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT: %[[V11:.*]] = llvm.alloca %[[V10]] x !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> : (i64) -> !llvm.ptr
// CHECK-NEXT: llvm.store %[[V0]], %[[V11]] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, !llvm.ptr
// CHECK-NEXT: %[[V12:.*]] = llvm.mlir.undef : !llvm.struct<(i64, ptr)>
// CHECK-NEXT: %[[V13:.*]] = llvm.insertvalue %[[V9]], %[[V12]][0] : !llvm.struct<(i64, ptr)>
// CHECK-NEXT: %[[V14:.*]] = llvm.insertvalue %[[V11]], %[[V13]][1] : !llvm.struct<(i64, ptr)>
// CHECK-NEXT: %[[V15:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT: %[[V16:.*]] = llvm.alloca %[[V15]] x !llvm.struct<(i64, ptr)> : (i64) -> !llvm.ptr
// CHECK-NEXT: llvm.store %[[V8]], %[[V16]] : !llvm.struct<(i64, ptr)>, !llvm.ptr
// CHECK-NEXT: %[[V17:.*]] = llvm.alloca %[[V15]] x !llvm.struct<(i64, ptr)> : (i64) -> !llvm.ptr
// CHECK-NEXT: llvm.store %[[V14]], %[[V17]] : !llvm.struct<(i64, ptr)>, !llvm.ptr
// CHECK-NEXT: %[[V18:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT: %[[V19:.*]] = llvm.getelementptr %[[V18]][1] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK-NEXT: %[[V20:.*]] = llvm.ptrtoint %[[V19]] : !llvm.ptr to i64
// CHECK-NEXT: llvm.call @memrefCopy(%[[V20]], %[[V16]], %[[V17]]) : (i64, !llvm.ptr, !llvm.ptr) -> ()
// CHECK-NEXT: llvm.intr.stackrestore %[[V2]] : !llvm.ptr
// CHECK-NEXT: return
func.func @strided(%a: memref<4x5xi8, strided<[10, 1], offset: 3>>, %b: memref<4x5xi8>) {
  memref.copy %a, %b : memref<4x5xi8, strided<[10, 1], offset: 3>> to memref<4x5xi8>
  return
}

// CHECK-LABEL: func.func @unranked(
// CHECK-NEXT: %[[V0:.*]] = builtin.unrealized_conversion_cast %arg1 : memref<*xf64> to !llvm.struct<(i64, ptr)>
// CHECK-NEXT: %[[V1:.*]] = builtin.unrealized_conversion_cast %arg0 : memref<*xf64> to !llvm.struct<(i64, ptr)>
// CHECK-NEXT: %[[V2:.*]] = llvm.intr.stacksave : !llvm.ptr
// CHECK-NEXT: %[[V3:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT: %[[V4:.*]] = llvm.alloca %[[V3]] x !llvm.struct<(i64, ptr)> : (i64) -> !llvm.ptr
// CHECK-NEXT: llvm.store %[[V1]], %[[V4]] : !llvm.struct<(i64, ptr)>, !llvm.ptr
// CHECK-NEXT: %[[V5:.*]] = llvm.alloca %[[V3]] x !llvm.struct<(i64, ptr)> : (i64) -> !llvm.ptr
// CHECK-NEXT: llvm.store %[[V0]], %[[V5]] : !llvm.struct<(i64, ptr)>, !llvm.ptr
// CHECK-NEXT: %[[V6:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT: %[[V7:.*]] = llvm.getelementptr %[[V6]][1] : (!llvm.ptr) -> !llvm.ptr, f64
// CHECK-NEXT: %[[V8:.*]] = llvm.ptrtoint %[[V7]] : !llvm.ptr to i64
// CHECK-NEXT: llvm.call @memrefCopy(%[[V8]], %[[V4]], %[[V5]]) : (i64, !llvm.ptr, !llvm.ptr) -> ()
// CHECK-NEXT: llvm.intr.stackrestore %[[V2]] : !llvm.ptr
// CHECK-NEXT: return
func.func @unranked(%u: memref<*xf64>, %v: memref<*xf64>) {
  memref.copy %u, %v : memref<*xf64> to memref<*xf64>
  return
}
