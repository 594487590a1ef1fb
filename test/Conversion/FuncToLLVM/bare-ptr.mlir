// RUN: pyopt %s --convert-func-to-llvm=use-bare-ptr-memref-call-conv=1 | filecheck %s

// Statically shaped memrefs pass as one pointer; the body rebuilds a descriptor from it.
// CHECK-LABEL: llvm.func @id(%arg0: !llvm.ptr) -> !llvm.ptr
// CHECK: %[[U:.*]] = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK: llvm.insertvalue %arg0, %[[U]][0]
// CHECK: llvm.insertvalue %arg0, %{{.*}}[1]
// CHECK: llvm.mlir.constant(0 : index) : i64
// CHECK: llvm.mlir.constant(3 : index) : i64
// CHECK: %[[P:.*]] = llvm.extractvalue %{{.*}}[0]
// CHECK: llvm.return %[[P]] : !llvm.ptr
func.func @id(%m: memref<3x5xf32>) -> memref<3x5xf32> {
  return %m : memref<3x5xf32>
}
// CHECK-LABEL: llvm.func @use
// CHECK: %[[A:.*]] = llvm.extractvalue %{{.*}}[1]
// CHECK: llvm.call @id(%[[A]]) : (!llvm.ptr) -> !llvm.ptr
func.func @use(%m: memref<3x5xf32>) {
  %r = call @id(%m) : (memref<3x5xf32>) -> memref<3x5xf32>
  return
}
