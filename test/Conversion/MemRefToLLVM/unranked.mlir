// RUN: pyopt %s --finalize-memref-to-llvm | filecheck %s

// CHECK-LABEL: func.func @queries(
// CHECK-NEXT: %[[V0:.*]] = builtin.unrealized_conversion_cast %arg1 : index to i64
// CHECK-NEXT: %[[V1:.*]] = builtin.unrealized_conversion_cast %arg0 : memref<*xf32> to !llvm.struct<(i64, ptr)>
// CHECK-NEXT: %[[V2:.*]] = llvm.extractvalue %[[V1]][1] : !llvm.struct<(i64, ptr)>
// CHECK-NEXT: %[[V3:.*]] = llvm.getelementptr %[[V2]][0, 2] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(ptr, ptr, i64)>
// CHECK-NEXT: %[[V4:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT: %[[V5:.*]] = llvm.add %[[V4]], %[[V0]] : i64
// CHECK-NEXT: %[[V6:.*]] = llvm.getelementptr %[[V3]][%[[V5]]] : (!llvm.ptr, i64) -> !llvm.ptr, i64
// CHECK-NEXT: %[[V7:.*]] = llvm.load %[[V6]] : !llvm.ptr -> i64
// CHECK-NEXT: %[[V8:.*]] = builtin.unrealized_conversion_cast %[[V7]] : i64 to index
// CHECK-NEXT: %[[V9:.*]] = llvm.extractvalue %[[V1]][0] : !llvm.struct<(i64, ptr)>
// CHECK-NEXT: %[[V10:.*]] = builtin.unrealized_conversion_cast %[[V9]] : i64 to index
// CHECK-NEXT: %[[V11:.*]] = llvm.extractvalue %[[V1]][1] : !llvm.struct<(i64, ptr)>
// CHECK-NEXT: %[[V12:.*]] = llvm.getelementptr %[[V11]][1] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
// CHECK-NEXT: %[[V13:.*]] = llvm.load %[[V12]] : !llvm.ptr -> !llvm.ptr
// CHECK-NEXT: %[[V14:.*]] = llvm.ptrtoint %[[V13]] : !llvm.ptr to i64
// CHECK-NEXT: %[[V15:.*]] = builtin.unrealized_conversion_cast %[[V14]] : i64 to index
// CHECK-NEXT: return %[[V8]], %[[V10]], %[[V15]] : index, index, index
// Queries on unranked memrefs read the ranked descriptor behind the pointer: the size at a
// dynamic position (after the offset field), the aligned pointer.
func.func @queries(%u: memref<*xf32>, %k: index) -> (index, index, index) {
  %d = memref.dim %u, %k : memref<*xf32>
  %r = memref.rank %u : memref<*xf32>
  %p = memref.extract_aligned_pointer_as_index %u : memref<*xf32> -> index
  return %d, %r, %p : index, index, index
}
