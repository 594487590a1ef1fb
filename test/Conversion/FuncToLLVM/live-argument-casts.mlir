// RUN: pyopt %s --convert-func-to-llvm --split-input-file | filecheck %s
// RUN: pyopt %s --convert-func-to-llvm --reconcile-unrealized-casts --split-input-file | filecheck %s --check-prefix=RECONCILE
// RUN: pyopt %s --convert-arith-to-llvm --split-input-file | filecheck %s --check-prefix=ARITH

// Arguments whose old values stay in use (here by a memref.load that no pass of this run
// lowers) are cast back where their conversion put them at the block's start: the later
// argument first. The memref's descriptor is followed by a cast to the struct type that
// nothing uses (mlir-opt-19 keeps it); the index argument's cast comes after both.
// CHECK-LABEL: llvm.func @index_and_memref(
// CHECK-SAME: %[[X:arg0]]: i32, %[[I:arg1]]: i64, %[[P0:arg2]]: !llvm.ptr
// CHECK-NEXT: %[[U:.*]] = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: llvm.insertvalue %[[P0]], %[[U]][0]
// CHECK-NEXT: llvm.insertvalue
// CHECK-NEXT: llvm.insertvalue
// CHECK-NEXT: llvm.insertvalue
// CHECK-NEXT: %[[D:.*]] = llvm.insertvalue %{{.*}}[4, 0]
// CHECK-NEXT: %[[M:.*]] = builtin.unrealized_conversion_cast %[[D]] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> to memref<8xi32>
// CHECK-NEXT: builtin.unrealized_conversion_cast %[[M]] : memref<8xi32> to !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[IDX:.*]] = builtin.unrealized_conversion_cast %[[I]] : i64 to index
// CHECK-NEXT: %[[V:.*]] = memref.load %[[M]][%[[IDX]]] : memref<8xi32>
// CHECK-NEXT: llvm.add %[[V]], %[[X]] : i32
// Once the casts are reconciled, the unused one is gone and the order stays.
// RECONCILE-LABEL: llvm.func @index_and_memref(
// RECONCILE: %[[D:.*]] = llvm.insertvalue %{{.*}}[4, 0]
// RECONCILE-NEXT: %[[M:.*]] = builtin.unrealized_conversion_cast %[[D]] : {{.*}} to memref<8xi32>
// RECONCILE-NEXT: %[[IDX:.*]] = builtin.unrealized_conversion_cast %arg1 : i64 to index
// RECONCILE-NEXT: memref.load %[[M]][%[[IDX]]] : memref<8xi32>
func.func @index_and_memref(%x: i32, %i: index, %m: memref<8xi32>) -> i32 {
  %v = memref.load %m[%i] : memref<8xi32>
  %r = arith.addi %v, %x : i32
  return %r : i32
}

// -----

// An op that folds to a converted block argument has its users take that argument's cast,
// which sits at the start of the block, ahead of the ops lowered there.
// CHECK-LABEL: llvm.func @fold_to_block_arg(
// CHECK: llvm.br ^bb1(%arg0 : i64)
// CHECK-NEXT: ^bb1(%[[K:.*]]: i64):
// CHECK-NEXT: %[[KI:.*]] = builtin.unrealized_conversion_cast %[[K]] : i64 to index
// CHECK-NEXT: llvm.mlir.constant(false) : i1
// CHECK-NEXT: memref.load %{{.*}}[%[[KI]]] : memref<4xi32>
func.func @fold_to_block_arg(%n: index, %m: memref<4xi32>) -> i32 {
  cf.br ^bb1(%n : index)
^bb1(%k: index):
  %f = arith.constant false
  %s = arith.select %f, %n, %k : index
  %v = memref.load %m[%s] : memref<4xi32>
  return %v : i32
}

// -----

// A cast made for a lowered op's operand stays although that op's result is unused, as
// long as the operand itself keeps a user that is not lowered.
// ARITH-LABEL: func.func @unused_target_cast(
// ARITH-NEXT: builtin.unrealized_conversion_cast %arg0 : index to i64
// ARITH-NEXT: memref.load %arg1[%arg0] : memref<4xi32>
func.func @unused_target_cast(%i: index, %m: memref<4xi32>) -> i32 {
  %unused = arith.index_cast %i : index to i64
  %v = memref.load %m[%i] : memref<4xi32>
  return %v : i32
}
