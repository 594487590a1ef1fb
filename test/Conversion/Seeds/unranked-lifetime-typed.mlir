// Seed 001, unranked memref "lifetime", in typed-pointer mode: malloc, free, the stack copy and
// the copied descriptor pointer are all `!llvm.ptr<i8>`.
// (mlir-opt 16's llvm.intr.memcpy takes the volatile flag as an i1 operand where mlir-opt 19
// has an `isVolatile` property; the checks stop before the flag.)
// RUN: pyopt %s --convert-func-to-llvm=use-opaque-pointers=0 | filecheck %s

// CHECK: llvm.func @free(!llvm.ptr<i8>)
// CHECK: llvm.func @malloc(i64) -> !llvm.ptr<i8>

// CHECK-LABEL: llvm.func @pass_through(
// CHECK-SAME: %{{.*}}: i64, %{{.*}}: !llvm.ptr<i8>) -> !llvm.struct<(i64, ptr<i8>)> {
// CHECK:        %[[HEAP:.*]] = llvm.call @malloc(%[[SIZE:.*]]) : (i64) -> !llvm.ptr<i8>
// CHECK-NEXT:   %[[SRC:.*]] = llvm.extractvalue %{{.*}}[1] : !llvm.struct<(i64, ptr<i8>)>
// CHECK-NEXT:   "llvm.intr.memcpy"(%[[HEAP]], %[[SRC]], %[[SIZE]]
// CHECK-SAME: (!llvm.ptr<i8>, !llvm.ptr<i8>, i64
// CHECK:        %[[U2:.*]] = llvm.insertvalue %[[HEAP]], %{{.*}}[1] : !llvm.struct<(i64, ptr<i8>)>
// CHECK-NEXT:   llvm.return %[[U2]] : !llvm.struct<(i64, ptr<i8>)>
func.func @pass_through(%m: memref<*xf32>) -> memref<*xf32> {
  return %m : memref<*xf32>
}

// CHECK-LABEL: llvm.func @caller(
// CHECK:        %[[R:.*]] = llvm.call @pass_through(%{{.*}}, %{{.*}}) : (i64, !llvm.ptr<i8>) -> !llvm.struct<(i64, ptr<i8>)>
// CHECK:        %[[STACK:.*]] = llvm.alloca %[[SIZE:.*]] x i8 : (i64) -> !llvm.ptr<i8>
// CHECK-NEXT:   %[[SRC:.*]] = llvm.extractvalue %[[R]][1] : !llvm.struct<(i64, ptr<i8>)>
// CHECK-NEXT:   "llvm.intr.memcpy"(%[[STACK]], %[[SRC]], %[[SIZE]]
// CHECK-SAME: (!llvm.ptr<i8>, !llvm.ptr<i8>, i64
// CHECK-NEXT:   llvm.call @free(%[[SRC]]) : (!llvm.ptr<i8>) -> ()
func.func @caller(%m: memref<*xf32>) -> i64 {
  %r = call @pass_through(%m) : (memref<*xf32>) -> memref<*xf32>
  %k = memref.rank %r : memref<*xf32>
  %ki = arith.index_cast %k : index to i64
  return %ki : i64
}
