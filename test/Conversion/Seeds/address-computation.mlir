// RUN: pyopt %s --finalize-memref-to-llvm --convert-func-to-llvm --reconcile-unrealized-casts | filecheck %s

// The seed's address computation: indices are linearized in row-major order with the
// strides (dynamic ones read from the descriptor, static ones as constants; a unit stride
// needs no multiply), added to the aligned pointer advanced by the offset. Loads and stores
// compute the address the same way; nothing is shared between accesses.

// CHECK-LABEL: llvm.func @pick(
// CHECK-SAME: %[[I:arg11]]: i64, %[[J:arg12]]: i64, %[[K:arg13]]: i64, %[[L:arg14]]: i64, %[[V:arg15]]: f32) -> f32
func.func @pick(%buf: memref<?x?x4x8xf32, strided<[?, 32, 8, 1], offset: ?>>,
                %i: index, %j: index, %k: index, %l: index, %v: f32) -> f32 {
  // CHECK: %[[ALIGNED:.*]] = llvm.extractvalue %[[D:.*]][1]
  // CHECK: %[[OFF:.*]] = llvm.extractvalue %[[D]][2]
  // CHECK: %[[BASE:.*]] = llvm.getelementptr %[[ALIGNED]][%[[OFF]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  // CHECK: %[[S0:.*]] = llvm.extractvalue %[[D]][4, 0]
  // CHECK: %[[A0:.*]] = llvm.mul %[[I]], %[[S0]] : i64
  // CHECK: %[[C32:.*]] = llvm.mlir.constant(32 : index) : i64
  // CHECK: %[[A1:.*]] = llvm.mul %[[J]], %[[C32]] : i64
  // CHECK: %[[S01:.*]] = llvm.add %[[A0]], %[[A1]] : i64
  // CHECK: %[[C8:.*]] = llvm.mlir.constant(8 : index) : i64
  // CHECK: %[[A2:.*]] = llvm.mul %[[K]], %[[C8]] : i64
  // CHECK: %[[S012:.*]] = llvm.add %[[S01]], %[[A2]] : i64
  // CHECK: %[[LIN:.*]] = llvm.add %[[S012]], %[[L]] : i64
  // CHECK: %[[P:.*]] = llvm.getelementptr %[[BASE]][%[[LIN]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  // CHECK: %[[X:.*]] = llvm.load %[[P]] : !llvm.ptr -> f32
  %x = memref.load %buf[%i, %j, %k, %l] : memref<?x?x4x8xf32, strided<[?, 32, 8, 1], offset: ?>>
  // CHECK: llvm.extractvalue %[[D]][1]
  // CHECK: llvm.mul %[[L]], %{{.*}} : i64
  // CHECK: %[[Q:.*]] = llvm.getelementptr
  // CHECK: llvm.store %[[V]], %[[Q]] : f32, !llvm.ptr
  memref.store %v, %buf[%l, %k, %j, %i] : memref<?x?x4x8xf32, strided<[?, 32, 8, 1], offset: ?>>
  // CHECK: llvm.return %[[X]] : f32
  return %x : f32
}
