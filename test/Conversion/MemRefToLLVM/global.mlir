// RUN: pyopt %s --finalize-memref-to-llvm | filecheck %s

// Globals become nested arrays of the element type: private/public linkage, constant,
// alignment, address space, an undef initializer region for `uninitialized`, no initializer
// for a declaration, the scalar value for rank 0. get_global points at the first element,
// with 0xdeadbeef as the (never freed) allocated pointer.
// CHECK: llvm.mlir.global private constant @table(dense<{{\[\[}}1.000000e+00, 2.000000e+00, 3.000000e+00], [4.000000e+00, 5.000000e+00, 6.000000e+00{{\]\]}}> : tensor<2x3xf32>) {addr_space = 0 : i32, alignment = 16 : i64} : !llvm.array<2 x array<3 x f32>>
// CHECK: llvm.mlir.global external @scratch() {addr_space = 0 : i32} : !llvm.array<4 x i32> {
// CHECK: %[[V0:.*]] = llvm.mlir.undef : !llvm.array<4 x i32>
// CHECK: llvm.return %[[V0]] : !llvm.array<4 x i32>
// CHECK: llvm.mlir.global external @external() {addr_space = 0 : i32} : !llvm.array<4 x i32>
// CHECK: llvm.mlir.global private @half(1.500000e+00 : f16) {addr_space = 0 : i32} : f16
// CHECK: llvm.mlir.global private @shared(dense<7> : tensor<4xindex>) {addr_space = 3 : i32} : !llvm.array<4 x i64>
memref.global "private" constant @table : memref<2x3xf32> = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> {alignment = 16}
memref.global @scratch : memref<4xi32> = uninitialized
memref.global @external : memref<4xi32>
memref.global "private" @half : memref<f16> = dense<1.5>
memref.global "private" @shared : memref<4xindex, 3> = dense<7>

// CHECK-LABEL: func.func @uses(
// CHECK-NEXT: %[[V0:.*]] = llvm.mlir.constant(2 : index) : i64
// CHECK-NEXT: %[[V1:.*]] = llvm.mlir.constant(3 : index) : i64
// CHECK-NEXT: %[[V2:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT: %[[V3:.*]] = llvm.mlir.constant(6 : index) : i64
// CHECK-NEXT: %[[V4:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT: %[[V5:.*]] = llvm.getelementptr %[[V4]][%[[V3]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT: %[[V6:.*]] = llvm.ptrtoint %[[V5]] : !llvm.ptr to i64
// CHECK-NEXT: %[[V7:.*]] = llvm.mlir.addressof @table : !llvm.ptr
// CHECK-NEXT: %[[V8:.*]] = llvm.getelementptr %[[V7]][0, 0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<2 x array<3 x f32>>
// CHECK-NEXT: %[[V9:.*]] = llvm.mlir.constant(3735928559 : index) : i64
// CHECK-NEXT: %[[V10:.*]] = llvm.inttoptr %[[V9]] : i64 to !llvm.ptr
// CHECK-NEXT: %[[V11:.*]] = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V12:.*]] = llvm.insertvalue %[[V10]], %[[V11]][0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V13:.*]] = llvm.insertvalue %[[V8]], %[[V12]][1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V14:.*]] = llvm.mlir.constant(0 : index) : i64
// CHECK-NEXT: %[[V15:.*]] = llvm.insertvalue %[[V14]], %[[V13]][2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V16:.*]] = llvm.insertvalue %[[V0]], %[[V15]][3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V17:.*]] = llvm.insertvalue %[[V1]], %[[V16]][3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V18:.*]] = llvm.insertvalue %[[V1]], %[[V17]][4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V19:.*]] = llvm.insertvalue %[[V2]], %[[V18]][4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V20:.*]] = builtin.unrealized_conversion_cast %[[V19]] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> to memref<2x3xf32>
// CHECK-NEXT: %[[V21:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT: %[[V22:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT: %[[V23:.*]] = llvm.getelementptr %[[V22]][%[[V21]]] : (!llvm.ptr, i64) -> !llvm.ptr, f16
// CHECK-NEXT: %[[V24:.*]] = llvm.ptrtoint %[[V23]] : !llvm.ptr to i64
// CHECK-NEXT: %[[V25:.*]] = llvm.mlir.addressof @half : !llvm.ptr
// CHECK-NEXT: %[[V26:.*]] = llvm.getelementptr %[[V25]][0] : (!llvm.ptr) -> !llvm.ptr, f16
// CHECK-NEXT: %[[V27:.*]] = llvm.mlir.constant(3735928559 : index) : i64
// CHECK-NEXT: %[[V28:.*]] = llvm.inttoptr %[[V27]] : i64 to !llvm.ptr
// CHECK-NEXT: %[[V29:.*]] = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64)>
// CHECK-NEXT: %[[V30:.*]] = llvm.insertvalue %[[V28]], %[[V29]][0] : !llvm.struct<(ptr, ptr, i64)>
// CHECK-NEXT: %[[V31:.*]] = llvm.insertvalue %[[V26]], %[[V30]][1] : !llvm.struct<(ptr, ptr, i64)>
// CHECK-NEXT: %[[V32:.*]] = llvm.mlir.constant(0 : index) : i64
// CHECK-NEXT: %[[V33:.*]] = llvm.insertvalue %[[V32]], %[[V31]][2] : !llvm.struct<(ptr, ptr, i64)>
// CHECK-NEXT: %[[V34:.*]] = builtin.unrealized_conversion_cast %[[V33]] : !llvm.struct<(ptr, ptr, i64)> to memref<f16>
// CHECK-NEXT: %[[V35:.*]] = llvm.mlir.constant(4 : index) : i64
// CHECK-NEXT: %[[V36:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT: %[[V37:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT: %[[V38:.*]] = llvm.getelementptr %[[V37]][%[[V35]]] : (!llvm.ptr, i64) -> !llvm.ptr, i64
// CHECK-NEXT: %[[V39:.*]] = llvm.ptrtoint %[[V38]] : !llvm.ptr to i64
// CHECK-NEXT: %[[V40:.*]] = llvm.mlir.addressof @shared : !llvm.ptr<3>
// CHECK-NEXT: %[[V41:.*]] = llvm.getelementptr %[[V40]][0, 0] : (!llvm.ptr<3>) -> !llvm.ptr<3>, !llvm.array<4 x i64>
// CHECK-NEXT: %[[V42:.*]] = llvm.mlir.constant(3735928559 : index) : i64
// CHECK-NEXT: %[[V43:.*]] = llvm.inttoptr %[[V42]] : i64 to !llvm.ptr<3>
// CHECK-NEXT: %[[V44:.*]] = llvm.mlir.undef : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V45:.*]] = llvm.insertvalue %[[V43]], %[[V44]][0] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V46:.*]] = llvm.insertvalue %[[V41]], %[[V45]][1] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V47:.*]] = llvm.mlir.constant(0 : index) : i64
// CHECK-NEXT: %[[V48:.*]] = llvm.insertvalue %[[V47]], %[[V46]][2] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V49:.*]] = llvm.insertvalue %[[V35]], %[[V48]][3, 0] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V50:.*]] = llvm.insertvalue %[[V36]], %[[V49]][4, 0] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V51:.*]] = builtin.unrealized_conversion_cast %[[V50]] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)> to memref<4xindex, 3>
// CHECK-NEXT: return %[[V20]], %[[V34]], %[[V51]] : memref<2x3xf32>, memref<f16>, memref<4xindex, 3>
func.func @uses() -> (memref<2x3xf32>, memref<f16>, memref<4xindex, 3>) {
  %0 = memref.get_global @table : memref<2x3xf32>
  %1 = memref.get_global @half : memref<f16>
  %2 = memref.get_global @shared : memref<4xindex, 3>
  return %0, %1, %2 : memref<2x3xf32>, memref<f16>, memref<4xindex, 3>
}
