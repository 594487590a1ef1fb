// RUN: pyopt %s --finalize-memref-to-llvm | filecheck %s

// Heap allocations: malloc with manual alignment (an explicit alignment, or the element
// size for non-scalar elements), aligned_alloc with the size rounded up to the alignment,
// and the generic runtime functions; dealloc frees the allocated pointer.
// CHECK: llvm.func @free(!llvm.ptr)
// CHECK: llvm.func @malloc(i64) -> !llvm.ptr

// CHECK-LABEL: func.func @dynamic(
// CHECK-NEXT: %[[V0:.*]] = builtin.unrealized_conversion_cast %arg1 : index to i64
// CHECK-NEXT: %[[V1:.*]] = builtin.unrealized_conversion_cast %arg0 : index to i64
// CHECK-NEXT: %[[V2:.*]] = llvm.mlir.constant(4 : index) : i64
// CHECK-NEXT: %[[V3:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT: %[[V4:.*]] = llvm.mul %[[V0]], %[[V2]] : i64
// CHECK-NEXT: %[[V5:.*]] = llvm.mul %[[V4]], %[[V1]] : i64
// CHECK-NEXT: %[[V6:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT: %[[V7:.*]] = llvm.getelementptr %[[V6]][%[[V5]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT: %[[V8:.*]] = llvm.ptrtoint %[[V7]] : !llvm.ptr to i64
// CHECK-NEXT: %[[V9:.*]] = llvm.call @malloc(%[[V8]]) : (i64) -> !llvm.ptr
// CHECK-NEXT: %[[V10:.*]] = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)>
// CHECK-NEXT: %[[V11:.*]] = llvm.insertvalue %[[V9]], %[[V10]][0] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)>
// CHECK-NEXT: %[[V12:.*]] = llvm.insertvalue %[[V9]], %[[V11]][1] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)>
// CHECK-NEXT: %[[V13:.*]] = llvm.mlir.constant(0 : index) : i64
// CHECK-NEXT: %[[V14:.*]] = llvm.insertvalue %[[V13]], %[[V12]][2] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)>
// CHECK-NEXT: %[[V15:.*]] = llvm.insertvalue %[[V1]], %[[V14]][3, 0] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)>
// CHECK-NEXT: %[[V16:.*]] = llvm.insertvalue %[[V2]], %[[V15]][3, 1] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)>
// CHECK-NEXT: %[[V17:.*]] = llvm.insertvalue %[[V0]], %[[V16]][3, 2] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)>
// CHECK-NEXT: %[[V18:.*]] = llvm.insertvalue %[[V4]], %[[V17]][4, 0] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)>
// CHECK-NEXT: %[[V19:.*]] = llvm.insertvalue %[[V0]], %[[V18]][4, 1] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)>
// CHECK-NEXT: %[[V20:.*]] = llvm.insertvalue %[[V3]], %[[V19]][4, 2] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)>
// CHECK-NEXT: %[[V21:.*]] = builtin.unrealized_conversion_cast %[[V20]] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)> to memref<?x4x?xf32>
// CHECK-NEXT: return %[[V21]] : memref<?x4x?xf32>
// Dynamic sizes multiply into the strides; no alignment needed for a scalar element.
func.func @dynamic(%n: index, %m: index) -> memref<?x4x?xf32> {
  %a = memref.alloc(%n, %m) : memref<?x4x?xf32>
  return %a : memref<?x4x?xf32>
}

// CHECK-LABEL: func.func @aligned(
// CHECK-NEXT: %[[V0:.*]] = builtin.unrealized_conversion_cast %arg0 : memref<8xi8> to !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V1:.*]] = llvm.mlir.constant(3 : index) : i64
// CHECK-NEXT: %[[V2:.*]] = llvm.mlir.constant(5 : index) : i64
// CHECK-NEXT: %[[V3:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT: %[[V4:.*]] = llvm.mlir.constant(15 : index) : i64
// CHECK-NEXT: %[[V5:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT: %[[V6:.*]] = llvm.getelementptr %[[V5]][%[[V4]]] : (!llvm.ptr, i64) -> !llvm.ptr, i16
// CHECK-NEXT: %[[V7:.*]] = llvm.ptrtoint %[[V6]] : !llvm.ptr to i64
// CHECK-NEXT: %[[V8:.*]] = llvm.mlir.constant(32 : index) : i64
// CHECK-NEXT: %[[V9:.*]] = llvm.add %[[V7]], %[[V8]] : i64
// CHECK-NEXT: %[[V10:.*]] = llvm.call @malloc(%[[V9]]) : (i64) -> !llvm.ptr
// CHECK-NEXT: %[[V11:.*]] = llvm.ptrtoint %[[V10]] : !llvm.ptr to i64
// CHECK-NEXT: %[[V12:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT: %[[V13:.*]] = llvm.sub %[[V8]], %[[V12]] : i64
// CHECK-NEXT: %[[V14:.*]] = llvm.add %[[V11]], %[[V13]] : i64
// CHECK-NEXT: %[[V15:.*]] = llvm.urem %[[V14]], %[[V8]]  : i64
// CHECK-NEXT: %[[V16:.*]] = llvm.sub %[[V14]], %[[V15]] : i64
// CHECK-NEXT: %[[V17:.*]] = llvm.inttoptr %[[V16]] : i64 to !llvm.ptr
// CHECK-NEXT: %[[V18:.*]] = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V19:.*]] = llvm.insertvalue %[[V10]], %[[V18]][0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V20:.*]] = llvm.insertvalue %[[V17]], %[[V19]][1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V21:.*]] = llvm.mlir.constant(0 : index) : i64
// CHECK-NEXT: %[[V22:.*]] = llvm.insertvalue %[[V21]], %[[V20]][2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V23:.*]] = llvm.insertvalue %[[V1]], %[[V22]][3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V24:.*]] = llvm.insertvalue %[[V2]], %[[V23]][3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V25:.*]] = llvm.insertvalue %[[V2]], %[[V24]][4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V26:.*]] = llvm.insertvalue %[[V3]], %[[V25]][4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V27:.*]] = llvm.extractvalue %[[V0]][0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: llvm.call @free(%[[V27]]) : (!llvm.ptr) -> ()
// CHECK-NEXT: return
// An explicit alignment pads the size and rounds the aligned pointer up.
func.func @aligned(%m: memref<8xi8>) {
  %a = memref.alloc() {alignment = 32} : memref<3x5xi16>
  memref.dealloc %m : memref<8xi8>
  return
}

// CHECK-LABEL: func.func @vector_in_space(
// CHECK-NEXT: %[[V0:.*]] = llvm.mlir.constant(2 : index) : i64
// CHECK-NEXT: %[[V1:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT: %[[V2:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT: %[[V3:.*]] = llvm.getelementptr %[[V2]][%[[V0]]] : (!llvm.ptr, i64) -> !llvm.ptr, vector<3xf32>
// CHECK-NEXT: %[[V4:.*]] = llvm.ptrtoint %[[V3]] : !llvm.ptr to i64
// CHECK-NEXT: %[[V5:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT: %[[V6:.*]] = llvm.getelementptr %[[V5]][1] : (!llvm.ptr) -> !llvm.ptr, vector<3xf32>
// CHECK-NEXT: %[[V7:.*]] = llvm.ptrtoint %[[V6]] : !llvm.ptr to i64
// CHECK-NEXT: %[[V8:.*]] = llvm.add %[[V4]], %[[V7]] : i64
// CHECK-NEXT: %[[V9:.*]] = llvm.call @malloc(%[[V8]]) : (i64) -> !llvm.ptr
// CHECK-NEXT: %[[V10:.*]] = llvm.addrspacecast %[[V9]] : !llvm.ptr to !llvm.ptr<1>
// CHECK-NEXT: %[[V11:.*]] = llvm.ptrtoint %[[V10]] : !llvm.ptr<1> to i64
// CHECK-NEXT: %[[V12:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT: %[[V13:.*]] = llvm.sub %[[V7]], %[[V12]] : i64
// CHECK-NEXT: %[[V14:.*]] = llvm.add %[[V11]], %[[V13]] : i64
// CHECK-NEXT: %[[V15:.*]] = llvm.urem %[[V14]], %[[V7]]  : i64
// CHECK-NEXT: %[[V16:.*]] = llvm.sub %[[V14]], %[[V15]] : i64
// CHECK-NEXT: %[[V17:.*]] = llvm.inttoptr %[[V16]] : i64 to !llvm.ptr<1>
// CHECK-NEXT: %[[V18:.*]] = llvm.mlir.undef : !llvm.struct<(ptr<1>, ptr<1>, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V19:.*]] = llvm.insertvalue %[[V10]], %[[V18]][0] : !llvm.struct<(ptr<1>, ptr<1>, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V20:.*]] = llvm.insertvalue %[[V17]], %[[V19]][1] : !llvm.struct<(ptr<1>, ptr<1>, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V21:.*]] = llvm.mlir.constant(0 : index) : i64
// CHECK-NEXT: %[[V22:.*]] = llvm.insertvalue %[[V21]], %[[V20]][2] : !llvm.struct<(ptr<1>, ptr<1>, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V23:.*]] = llvm.insertvalue %[[V0]], %[[V22]][3, 0] : !llvm.struct<(ptr<1>, ptr<1>, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V24:.*]] = llvm.insertvalue %[[V1]], %[[V23]][4, 0] : !llvm.struct<(ptr<1>, ptr<1>, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V25:.*]] = builtin.unrealized_conversion_cast %[[V24]] : !llvm.struct<(ptr<1>, ptr<1>, i64, array<1 x i64>, array<1 x i64>)> to memref<2xvector<3xf32>, 1>
// CHECK-NEXT: return %[[V25]] : memref<2xvector<3xf32>, 1>
// Vector elements are aligned to their own size; a memory space casts malloc's pointer.
func.func @vector_in_space() -> memref<2xvector<3xf32>, 1> {
  %a = memref.alloc() : memref<2xvector<3xf32>, 1>
  return %a : memref<2xvector<3xf32>, 1>
}

// CHECK-LABEL: func.func @scalar(
// CHECK-NEXT: %[[V0:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT: %[[V1:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT: %[[V2:.*]] = llvm.getelementptr %[[V1]][%[[V0]]] : (!llvm.ptr, i64) -> !llvm.ptr, f64
// CHECK-NEXT: %[[V3:.*]] = llvm.ptrtoint %[[V2]] : !llvm.ptr to i64
// CHECK-NEXT: %[[V4:.*]] = llvm.call @malloc(%[[V3]]) : (i64) -> !llvm.ptr
// CHECK-NEXT: %[[V5:.*]] = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64)>
// CHECK-NEXT: %[[V6:.*]] = llvm.insertvalue %[[V4]], %[[V5]][0] : !llvm.struct<(ptr, ptr, i64)>
// CHECK-NEXT: %[[V7:.*]] = llvm.insertvalue %[[V4]], %[[V6]][1] : !llvm.struct<(ptr, ptr, i64)>
// CHECK-NEXT: %[[V8:.*]] = llvm.mlir.constant(0 : index) : i64
// CHECK-NEXT: %[[V9:.*]] = llvm.insertvalue %[[V8]], %[[V7]][2] : !llvm.struct<(ptr, ptr, i64)>
// CHECK-NEXT: %[[V10:.*]] = builtin.unrealized_conversion_cast %[[V9]] : !llvm.struct<(ptr, ptr, i64)> to memref<f64>
// CHECK-NEXT: return %[[V10]] : memref<f64>
// A rank-0 memref holds one element.
func.func @scalar() -> memref<f64> {
  %a = memref.alloc() : memref<f64>
  return %a : memref<f64>
}

// CHECK-LABEL: func.func @free_unranked(
// CHECK-NEXT: %[[V0:.*]] = builtin.unrealized_conversion_cast %arg0 : memref<*xf32> to !llvm.struct<(i64, ptr)>
// CHECK-NEXT: %[[V1:.*]] = llvm.extractvalue %[[V0]][1] : !llvm.struct<(i64, ptr)>
// CHECK-NEXT: %[[V2:.*]] = llvm.load %[[V1]] : !llvm.ptr -> !llvm.ptr
// CHECK-NEXT: llvm.call @free(%[[V2]]) : (!llvm.ptr) -> ()
// CHECK-NEXT: return
// An unranked memref is freed through the descriptor it points to.
func.func @free_unranked(%u: memref<*xf32>) {
  memref.dealloc %u : memref<*xf32>
  return
}
