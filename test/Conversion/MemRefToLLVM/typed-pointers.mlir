// RUN: pyopt %s --finalize-memref-to-llvm=use-opaque-pointers=0 -split-input-file | filecheck %s

// The typed-pointer mode writes MLIR 16's IR: the allocator's i8* is cast to the element
// pointer and back for free; globals and unranked descriptors are reached through pointers
// that name what they point to.

// CHECK-LABEL: func.func @heap
// CHECK: %[[RAW:.*]] = llvm.call @malloc(%{{.*}}) : (i64) -> !llvm.ptr<i8>
// CHECK: %[[P:.*]] = llvm.bitcast %[[RAW]] : !llvm.ptr<i8> to !llvm.ptr<f32>
// CHECK: llvm.insertvalue %[[P]], %{{.*}}[0] : !llvm.struct<(ptr<f32>, ptr<f32>, i64, array<1 x i64>, array<1 x i64>)>
// CHECK: %[[A:.*]] = llvm.extractvalue %{{.*}}[0] : !llvm.struct<(ptr<f32>, ptr<f32>, i64, array<1 x i64>, array<1 x i64>)>
// CHECK: %[[B:.*]] = llvm.bitcast %[[A]] : !llvm.ptr<f32> to !llvm.ptr<i8>
// CHECK: llvm.call @free(%[[B]]) : (!llvm.ptr<i8>) -> ()
func.func @heap(%n: index) {
  %a = memref.alloc(%n) : memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  return
}

// -----

memref.global "private" constant @table : memref<2xi32> = dense<[3, 4]>

// CHECK-LABEL: func.func @global
// CHECK: %[[G:.*]] = llvm.mlir.addressof @table : !llvm.ptr<array<2 x i32>>
// CHECK: llvm.getelementptr %[[G]][0, 0] : (!llvm.ptr<array<2 x i32>>) -> !llvm.ptr<i32>
// CHECK: llvm.inttoptr %{{.*}} : i64 to !llvm.ptr<i32>
func.func @global() -> memref<2xi32> {
  %g = memref.get_global @table : memref<2xi32>
  return %g : memref<2xi32>
}

// -----

// CHECK-LABEL: func.func @unranked
// CHECK: %[[SLOT:.*]] = llvm.alloca %{{.*}} x !llvm.struct<(ptr<f32>, ptr<f32>, i64, array<1 x i64>, array<1 x i64>)> : (i64) -> !llvm.ptr<struct<(ptr<f32>, ptr<f32>, i64, array<1 x i64>, array<1 x i64>)>>
// CHECK: llvm.store %{{.*}}, %[[SLOT]] : !llvm.ptr<struct<(ptr<f32>, ptr<f32>, i64, array<1 x i64>, array<1 x i64>)>>
// CHECK: %[[I8:.*]] = llvm.bitcast %[[SLOT]] : !llvm.ptr<struct<(ptr<f32>, ptr<f32>, i64, array<1 x i64>, array<1 x i64>)>> to !llvm.ptr<i8>
// CHECK: llvm.insertvalue %[[I8]], %{{.*}}[1] : !llvm.struct<(i64, ptr<i8>)>
func.func @unranked(%m: memref<?xf32>) -> memref<*xf32> {
  %u = memref.cast %m : memref<?xf32> to memref<*xf32>
  return %u : memref<*xf32>
}

// -----

// CHECK-LABEL: func.func @unranked_dim
// CHECK: %[[D:.*]] = llvm.extractvalue %{{.*}}[1] : !llvm.struct<(i64, ptr<i8>)>
// CHECK: %[[V:.*]] = llvm.bitcast %[[D]] : !llvm.ptr<i8> to !llvm.ptr<struct<(ptr<f32>, ptr<f32>, i64)>>
// CHECK: llvm.getelementptr %[[V]][0, 2] : (!llvm.ptr<struct<(ptr<f32>, ptr<f32>, i64)>>) -> !llvm.ptr<i64>
// CHECK: llvm.load %{{.*}} : !llvm.ptr<i64>
func.func @unranked_dim(%u: memref<*xf32>, %i: index) -> index {
  %d = memref.dim %u, %i : memref<*xf32>
  return %d : index
}
