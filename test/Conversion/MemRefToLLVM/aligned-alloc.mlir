// RUN: pyopt %s --finalize-memref-to-llvm=use-aligned-alloc=1 | filecheck %s

// use-aligned-alloc: aligned_alloc(alignment, size); the alignment is the attribute or the
// element size rounded up to a power of two (at least 16), and the size is rounded up to a
// multiple of it unless its static part already is one.
// CHECK: llvm.func @aligned_alloc(i64, i64) -> !llvm.ptr

// CHECK-LABEL: func.func @default_alignment(
// CHECK-NEXT: %[[V0:.*]] = builtin.unrealized_conversion_cast %arg0 : index to i64
// CHECK-NEXT: %[[V1:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT: %[[V2:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT: %[[V3:.*]] = llvm.getelementptr %[[V2]][%[[V0]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT: %[[V4:.*]] = llvm.ptrtoint %[[V3]] : !llvm.ptr to i64
// CHECK-NEXT: %[[V5:.*]] = llvm.mlir.constant(16 : index) : i64
// CHECK-NEXT: %[[V6:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT: %[[V7:.*]] = llvm.sub %[[V5]], %[[V6]] : i64
// CHECK-NEXT: %[[V8:.*]] = llvm.add %[[V4]], %[[V7]] : i64
// CHECK-NEXT: %[[V9:.*]] = llvm.urem %[[V8]], %[[V5]]  : i64
// CHECK-NEXT: %[[V10:.*]] = llvm.sub %[[V8]], %[[V9]] : i64
// CHECK-NEXT: %[[V11:.*]] = llvm.call @aligned_alloc(%[[V5]], %[[V10]]) : (i64, i64) -> !llvm.ptr
// CHECK-NEXT: %[[V12:.*]] = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V13:.*]] = llvm.insertvalue %[[V11]], %[[V12]][0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V14:.*]] = llvm.insertvalue %[[V11]], %[[V13]][1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V15:.*]] = llvm.mlir.constant(0 : index) : i64
// CHECK-NEXT: %[[V16:.*]] = llvm.insertvalue %[[V15]], %[[V14]][2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V17:.*]] = llvm.insertvalue %[[V0]], %[[V16]][3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V18:.*]] = llvm.insertvalue %[[V1]], %[[V17]][4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V19:.*]] = builtin.unrealized_conversion_cast %[[V18]] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> to memref<?xf32>
// CHECK-NEXT: return %[[V19]] : memref<?xf32>
func.func @default_alignment(%n: index) -> memref<?xf32> {
  %a = memref.alloc(%n) : memref<?xf32>
  return %a : memref<?xf32>
}

// CHECK-LABEL: func.func @static_multiple(
// CHECK-NEXT: %[[V0:.*]] = llvm.mlir.constant(4 : index) : i64
// CHECK-NEXT: %[[V1:.*]] = llvm.mlir.constant(8 : index) : i64
// CHECK-NEXT: %[[V2:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT: %[[V3:.*]] = llvm.mlir.constant(32 : index) : i64
// CHECK-NEXT: %[[V4:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT: %[[V5:.*]] = llvm.getelementptr %[[V4]][%[[V3]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT: %[[V6:.*]] = llvm.ptrtoint %[[V5]] : !llvm.ptr to i64
// CHECK-NEXT: %[[V7:.*]] = llvm.mlir.constant(16 : index) : i64
// CHECK-NEXT: %[[V8:.*]] = llvm.call @aligned_alloc(%[[V7]], %[[V6]]) : (i64, i64) -> !llvm.ptr
// CHECK-NEXT: %[[V9:.*]] = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V10:.*]] = llvm.insertvalue %[[V8]], %[[V9]][0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V11:.*]] = llvm.insertvalue %[[V8]], %[[V10]][1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V12:.*]] = llvm.mlir.constant(0 : index) : i64
// CHECK-NEXT: %[[V13:.*]] = llvm.insertvalue %[[V12]], %[[V11]][2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V14:.*]] = llvm.insertvalue %[[V0]], %[[V13]][3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V15:.*]] = llvm.insertvalue %[[V1]], %[[V14]][3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V16:.*]] = llvm.insertvalue %[[V1]], %[[V15]][4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V17:.*]] = llvm.insertvalue %[[V2]], %[[V16]][4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V18:.*]] = builtin.unrealized_conversion_cast %[[V17]] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> to memref<4x8xf32>
// CHECK-NEXT: return %[[V18]] : memref<4x8xf32>
func.func @static_multiple() -> memref<4x8xf32> {
  %a = memref.alloc() : memref<4x8xf32>
  return %a : memref<4x8xf32>
}

// CHECK-LABEL: func.func @explicit_and_space(
// CHECK-NEXT: %[[V0:.*]] = llvm.mlir.constant(3 : index) : i64
// CHECK-NEXT: %[[V1:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT: %[[V2:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT: %[[V3:.*]] = llvm.getelementptr %[[V2]][%[[V0]]] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK-NEXT: %[[V4:.*]] = llvm.ptrtoint %[[V3]] : !llvm.ptr to i64
// CHECK-NEXT: %[[V5:.*]] = llvm.mlir.constant(64 : index) : i64
// CHECK-NEXT: %[[V6:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT: %[[V7:.*]] = llvm.sub %[[V5]], %[[V6]] : i64
// CHECK-NEXT: %[[V8:.*]] = llvm.add %[[V4]], %[[V7]] : i64
// CHECK-NEXT: %[[V9:.*]] = llvm.urem %[[V8]], %[[V5]]  : i64
// CHECK-NEXT: %[[V10:.*]] = llvm.sub %[[V8]], %[[V9]] : i64
// CHECK-NEXT: %[[V11:.*]] = llvm.call @aligned_alloc(%[[V5]], %[[V10]]) : (i64, i64) -> !llvm.ptr
// CHECK-NEXT: %[[V12:.*]] = llvm.addrspacecast %[[V11]] : !llvm.ptr to !llvm.ptr<1>
// CHECK-NEXT: %[[V13:.*]] = llvm.mlir.undef : !llvm.struct<(ptr<1>, ptr<1>, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V14:.*]] = llvm.insertvalue %[[V12]], %[[V13]][0] : !llvm.struct<(ptr<1>, ptr<1>, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V15:.*]] = llvm.insertvalue %[[V12]], %[[V14]][1] : !llvm.struct<(ptr<1>, ptr<1>, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V16:.*]] = llvm.mlir.constant(0 : index) : i64
// CHECK-NEXT: %[[V17:.*]] = llvm.insertvalue %[[V16]], %[[V15]][2] : !llvm.struct<(ptr<1>, ptr<1>, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V18:.*]] = llvm.insertvalue %[[V0]], %[[V17]][3, 0] : !llvm.struct<(ptr<1>, ptr<1>, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V19:.*]] = llvm.insertvalue %[[V1]], %[[V18]][4, 0] : !llvm.struct<(ptr<1>, ptr<1>, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V20:.*]] = builtin.unrealized_conversion_cast %[[V19]] : !llvm.struct<(ptr<1>, ptr<1>, i64, array<1 x i64>, array<1 x i64>)> to memref<3xi8, 1>
// CHECK-NEXT: return %[[V20]] : memref<3xi8, 1>
func.func @explicit_and_space() -> memref<3xi8, 1> {
  %a = memref.alloc() {alignment = 64} : memref<3xi8, 1>
  return %a : memref<3xi8, 1>
}

// CHECK-LABEL: func.func @descriptor_elements(
// CHECK-NEXT: %[[V0:.*]] = llvm.mlir.constant(2 : index) : i64
// CHECK-NEXT: %[[V1:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT: %[[V2:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT: %[[V3:.*]] = llvm.getelementptr %[[V2]][%[[V0]]] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V4:.*]] = llvm.ptrtoint %[[V3]] : !llvm.ptr to i64
// CHECK-NEXT: %[[V5:.*]] = llvm.mlir.constant(64 : index) : i64
// CHECK-NEXT: %[[V6:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT: %[[V7:.*]] = llvm.sub %[[V5]], %[[V6]] : i64
// CHECK-NEXT: %[[V8:.*]] = llvm.add %[[V4]], %[[V7]] : i64
// CHECK-NEXT: %[[V9:.*]] = llvm.urem %[[V8]], %[[V5]]  : i64
// CHECK-NEXT: %[[V10:.*]] = llvm.sub %[[V8]], %[[V9]] : i64
// CHECK-NEXT: %[[V11:.*]] = llvm.call @aligned_alloc(%[[V5]], %[[V10]]) : (i64, i64) -> !llvm.ptr
// CHECK-NEXT: %[[V12:.*]] = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V13:.*]] = llvm.insertvalue %[[V11]], %[[V12]][0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V14:.*]] = llvm.insertvalue %[[V11]], %[[V13]][1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V15:.*]] = llvm.mlir.constant(0 : index) : i64
// CHECK-NEXT: %[[V16:.*]] = llvm.insertvalue %[[V15]], %[[V14]][2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V17:.*]] = llvm.insertvalue %[[V0]], %[[V16]][3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V18:.*]] = llvm.insertvalue %[[V1]], %[[V17]][4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V19:.*]] = builtin.unrealized_conversion_cast %[[V18]] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> to memref<2xmemref<4xf32>>
// CHECK-NEXT: return %[[V19]] : memref<2xmemref<4xf32>>
func.func @descriptor_elements() -> memref<2xmemref<4xf32>> {
  %a = memref.alloc() : memref<2xmemref<4xf32>>
  return %a : memref<2xmemref<4xf32>>
}
