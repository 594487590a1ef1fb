// Seed 001, unranked memref "lifetime": a returned unranked memref has the ranked descriptor it
// points to copied to the heap (malloc) just before the return; the caller copies it back to
// its own stack (alloca) and frees the heap copy. The copy is
// 2 * sizeof(ptr) + (1 + 2 * rank) * sizeof(index) bytes.
// (memref.rank is left for the memref lowering, which does not exist yet.)
// RUN: pyopt %s --convert-func-to-llvm | filecheck %s

// CHECK: llvm.func @free(!llvm.ptr)
// CHECK: llvm.func @malloc(i64) -> !llvm.ptr

// CHECK-LABEL: llvm.func @pass_through(
// CHECK:        %[[ONE:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT:   %[[TWO:.*]] = llvm.mlir.constant(2 : index) : i64
// CHECK-NEXT:   %[[IDX_SIZE:.*]] = llvm.mlir.constant(8 : index) : i64
// CHECK-NEXT:   %[[PTR_SIZE:.*]] = llvm.mlir.constant(8 : index) : i64
// CHECK-NEXT:   %[[PTRS:.*]] = llvm.mul %[[TWO]], %[[PTR_SIZE]] : i64
// CHECK-NEXT:   %[[RANK:.*]] = llvm.extractvalue %[[DESC:.*]][0] : !llvm.struct<(i64, ptr)>
// CHECK-NEXT:   %[[R2:.*]] = llvm.mul %[[TWO]], %[[RANK]] : i64
// CHECK-NEXT:   %[[R21:.*]] = llvm.add %[[R2]], %[[ONE]] : i64
// CHECK-NEXT:   %[[IDXS:.*]] = llvm.mul %[[R21]], %[[IDX_SIZE]] : i64
// CHECK-NEXT:   %[[SIZE:.*]] = llvm.add %[[PTRS]], %[[IDXS]] : i64
// CHECK-NEXT:   %[[HEAP:.*]] = llvm.call @malloc(%[[SIZE]]) : (i64) -> !llvm.ptr
// CHECK-NEXT:   %[[SRC:.*]] = llvm.extractvalue %[[DESC]][1] : !llvm.struct<(i64, ptr)>
// CHECK-NEXT:   "llvm.intr.memcpy"(%[[HEAP]], %[[SRC]], %[[SIZE]]) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
// CHECK-NEXT:   %[[U:.*]] = llvm.mlir.undef : !llvm.struct<(i64, ptr)>
// CHECK-NEXT:   %[[RANK2:.*]] = llvm.extractvalue %[[DESC]][0] : !llvm.struct<(i64, ptr)>
// CHECK-NEXT:   %[[U1:.*]] = llvm.insertvalue %[[RANK2]], %[[U]][0] : !llvm.struct<(i64, ptr)>
// CHECK-NEXT:   %[[U2:.*]] = llvm.insertvalue %[[HEAP]], %[[U1]][1] : !llvm.struct<(i64, ptr)>
// CHECK-NEXT:   llvm.return %[[U2]] : !llvm.struct<(i64, ptr)>
func.func @pass_through(%m: memref<*xf32>) -> memref<*xf32> {
  return %m : memref<*xf32>
}

// CHECK-LABEL: llvm.func @caller(
// CHECK:        %[[R:.*]] = llvm.call @pass_through(%{{.*}}, %{{.*}}) : (i64, !llvm.ptr) -> !llvm.struct<(i64, ptr)>
// CHECK:        %[[STACK:.*]] = llvm.alloca %[[SIZE:.*]] x i8 : (i64) -> !llvm.ptr
// CHECK-NEXT:   %[[SRC:.*]] = llvm.extractvalue %[[R]][1] : !llvm.struct<(i64, ptr)>
// CHECK-NEXT:   "llvm.intr.memcpy"(%[[STACK]], %[[SRC]], %[[SIZE]]) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
// CHECK-NEXT:   llvm.call @free(%[[SRC]]) : (!llvm.ptr) -> ()
// CHECK:        %[[NEW:.*]] = llvm.insertvalue %[[STACK]], %{{.*}}[1] : !llvm.struct<(i64, ptr)>
// CHECK-NEXT:   builtin.unrealized_conversion_cast %[[NEW]] : !llvm.struct<(i64, ptr)> to memref<*xf32>
func.func @caller(%m: memref<*xf32>) -> i64 {
  %r = call @pass_through(%m) : (memref<*xf32>) -> memref<*xf32>
  %k = memref.rank %r : memref<*xf32>
  %ki = arith.index_cast %k : index to i64
  return %ki : i64
}
