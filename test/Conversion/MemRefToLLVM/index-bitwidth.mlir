// RUN: pyopt %s --finalize-memref-to-llvm=index-bitwidth=32 | filecheck %s

// index-bitwidth=32: descriptors, sizes and address arithmetic use i32.
// CHECK: llvm.func @memrefCopy(i32, !llvm.ptr, !llvm.ptr)
// CHECK: llvm.func @malloc(i32) -> !llvm.ptr
// CHECK-LABEL: func.func @narrow(
// CHECK-NEXT: %[[V0:.*]] = builtin.unrealized_conversion_cast %arg1 : memref<*xf32> to !llvm.struct<(i32, ptr)>
// CHECK-NEXT: %[[V1:.*]] = builtin.unrealized_conversion_cast %arg0 : index to i32
// CHECK-NEXT: %[[V2:.*]] = llvm.mlir.constant(3 : index) : i32
// CHECK-NEXT: %[[V3:.*]] = llvm.mlir.constant(1 : index) : i32
// CHECK-NEXT: %[[V4:.*]] = llvm.mul %[[V2]], %[[V1]] : i32
// CHECK-NEXT: %[[V5:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT: %[[V6:.*]] = llvm.getelementptr %[[V5]][%[[V4]]] : (!llvm.ptr, i32) -> !llvm.ptr, f32
// CHECK-NEXT: %[[V7:.*]] = llvm.ptrtoint %[[V6]] : !llvm.ptr to i32
// CHECK-NEXT: %[[V8:.*]] = llvm.call @malloc(%[[V7]]) : (i32) -> !llvm.ptr
// CHECK-NEXT: %[[V9:.*]] = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)>
// CHECK-NEXT: %[[V10:.*]] = llvm.insertvalue %[[V8]], %[[V9]][0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)>
// CHECK-NEXT: %[[V11:.*]] = llvm.insertvalue %[[V8]], %[[V10]][1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)>
// CHECK-NEXT: %[[V12:.*]] = llvm.mlir.constant(0 : index) : i32
// CHECK-NEXT: %[[V13:.*]] = llvm.insertvalue %[[V12]], %[[V11]][2] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)>
// CHECK-NEXT: %[[V14:.*]] = llvm.insertvalue %[[V1]], %[[V13]][3, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)>
// CHECK-NEXT: %[[V15:.*]] = llvm.insertvalue %[[V2]], %[[V14]][3, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)>
// CHECK-NEXT: %[[V16:.*]] = llvm.insertvalue %[[V2]], %[[V15]][4, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)>
// CHECK-NEXT: %[[V17:.*]] = llvm.insertvalue %[[V3]], %[[V16]][4, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)>
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[V18:.*]] = builtin.unrealized_conversion_cast %[[C1]] : index to i32
// CHECK-NEXT: %[[V19:.*]] = llvm.extractvalue %[[V17]][1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)>
// CHECK-NEXT: %[[V20:.*]] = llvm.mlir.constant(3 : index) : i32
// CHECK-NEXT: %[[V21:.*]] = llvm.mul %[[V1]], %[[V20]] : i32
// CHECK-NEXT: %[[V22:.*]] = llvm.add %[[V21]], %[[V18]] : i32
// CHECK-NEXT: %[[V23:.*]] = llvm.getelementptr %[[V19]][%[[V22]]] : (!llvm.ptr, i32) -> !llvm.ptr, f32
// CHECK-NEXT: %[[V24:.*]] = llvm.load %[[V23]] : !llvm.ptr -> f32
// CHECK-NEXT: %[[V25:.*]] = llvm.extractvalue %[[V0]][1] : !llvm.struct<(i32, ptr)>
// CHECK-NEXT: %[[V26:.*]] = llvm.getelementptr %[[V25]][0, 2] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(ptr, ptr, i32)>
// CHECK-NEXT: %[[V27:.*]] = llvm.mlir.constant(1 : index) : i32
// CHECK-NEXT: %[[V28:.*]] = llvm.add %[[V27]], %[[V18]] : i32
// CHECK-NEXT: %[[V29:.*]] = llvm.getelementptr %[[V26]][%[[V28]]] : (!llvm.ptr, i32) -> !llvm.ptr, i32
// CHECK-NEXT: %[[V30:.*]] = llvm.load %[[V29]] : !llvm.ptr -> i32
// CHECK-NEXT: %[[V31:.*]] = builtin.unrealized_conversion_cast %[[V30]] : i32 to index
// CHECK-NEXT: %[[V32:.*]] = llvm.intr.stacksave : !llvm.ptr
// CHECK-NEXT: %[[V33:.*]] = llvm.mlir.constant(1 : index) : i32
// CHECK-NEXT: %[[V34:.*]] = llvm.alloca %[[V33]] x !llvm.struct<(i32, ptr)> : (i32) -> !llvm.ptr
// CHECK-NEXT: llvm.store %[[V0]], %[[V34]] : !llvm.struct<(i32, ptr)>, !llvm.ptr
// CHECK-NEXT: %[[V35:.*]] = llvm.alloca %[[V33]] x !llvm.struct<(i32, ptr)> : (i32) -> !llvm.ptr
// CHECK-NEXT: llvm.store %[[V0]], %[[V35]] : !llvm.struct<(i32, ptr)>, !llvm.ptr
// CHECK-NEXT: %[[V36:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT: %[[V37:.*]] = llvm.getelementptr %[[V36]][1] : (!llvm.ptr) -> !llvm.ptr, f32
// CHECK-NEXT: %[[V38:.*]] = llvm.ptrtoint %[[V37]] : !llvm.ptr to i32
// CHECK-NEXT: llvm.call @memrefCopy(%[[V38]], %[[V34]], %[[V35]]) : (i32, !llvm.ptr, !llvm.ptr) -> ()
// CHECK-NEXT: llvm.intr.stackrestore %[[V32]] : !llvm.ptr
// CHECK-NEXT: return %[[V24]], %[[V31]] : f32, index
func.func @narrow(%n: index, %u: memref<*xf32>) -> (f32, index) {
  %a = memref.alloc(%n) : memref<?x3xf32>
  %c1 = arith.constant 1 : index
  %v = memref.load %a[%n, %c1] : memref<?x3xf32>
  %d = memref.dim %u, %c1 : memref<*xf32>
  memref.copy %u, %u : memref<*xf32> to memref<*xf32>
  return %v, %d : f32, index
}
