// RUN: pyopt %s --finalize-memref-to-llvm=use-generic-functions=1 | filecheck %s
// RUN: pyopt %s '--finalize-memref-to-llvm=use-generic-functions=1 use-aligned-alloc=1' | filecheck %s --check-prefix=ALIGNED

// use-generic-functions: the runtime's _mlir_memref_to_llvm_* allocation functions replace
// malloc, aligned_alloc and free.
// ALIGNED: llvm.func @_mlir_memref_to_llvm_free(!llvm.ptr)
// ALIGNED: llvm.func @_mlir_memref_to_llvm_aligned_alloc(i64, i64) -> !llvm.ptr
// ALIGNED-LABEL: func.func @roundtrip(
// ALIGNED: %[[ALIGN:.*]] = llvm.mlir.constant(16 : index) : i64
// ALIGNED: llvm.urem
// ALIGNED-NEXT: %[[SIZE:.*]] = llvm.sub %{{.*}}, %{{.*}} : i64
// ALIGNED: llvm.call @_mlir_memref_to_llvm_aligned_alloc(%[[ALIGN]], %[[SIZE]]) : (i64, i64) -> !llvm.ptr
// ALIGNED: llvm.call @_mlir_memref_to_llvm_free(%{{.*}}) : (!llvm.ptr) -> ()
// CHECK: llvm.func @_mlir_memref_to_llvm_free(!llvm.ptr)
// CHECK: llvm.func @_mlir_memref_to_llvm_alloc(i64) -> !llvm.ptr
// CHECK-LABEL: func.func @roundtrip(
// CHECK-NEXT: %[[V0:.*]] = builtin.unrealized_conversion_cast %arg0 : index to i64
// CHECK-NEXT: %[[V1:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT: %[[V2:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT: %[[V3:.*]] = llvm.getelementptr %[[V2]][%[[V0]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT: %[[V4:.*]] = llvm.ptrtoint %[[V3]] : !llvm.ptr to i64
// CHECK-NEXT: %[[V5:.*]] = llvm.call @_mlir_memref_to_llvm_alloc(%[[V4]]) : (i64) -> !llvm.ptr
// CHECK-NEXT: %[[V6:.*]] = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V7:.*]] = llvm.insertvalue %[[V5]], %[[V6]][0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V8:.*]] = llvm.insertvalue %[[V5]], %[[V7]][1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V9:.*]] = llvm.mlir.constant(0 : index) : i64
// CHECK-NEXT: %[[V10:.*]] = llvm.insertvalue %[[V9]], %[[V8]][2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V11:.*]] = llvm.insertvalue %[[V0]], %[[V10]][3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V12:.*]] = llvm.insertvalue %[[V1]], %[[V11]][4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V13:.*]] = llvm.extractvalue %[[V12]][0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: llvm.call @_mlir_memref_to_llvm_free(%[[V13]]) : (!llvm.ptr) -> ()
// CHECK-NEXT: return
func.func @roundtrip(%n: index) {
  %a = memref.alloc(%n) : memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  return
}
