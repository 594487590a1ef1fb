// RUN: pyopt %s --finalize-memref-to-llvm | filecheck %s

// Element accesses other than load/store: llvm.atomicrmw (acq_rel) for the kinds LLVM has,
// a cmpxchg loop for generic_atomic_rmw, llvm.intr.prefetch, and an llvm.intr.assume on the
// element-0 address for assume_alignment.

// CHECK-LABEL: func.func @atomic_rmw(
// CHECK-NEXT: %[[V0:.*]] = builtin.unrealized_conversion_cast %arg1 : memref<8xi32> to !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V1:.*]] = builtin.unrealized_conversion_cast %arg3 : index to i64
// CHECK-NEXT: %[[V2:.*]] = builtin.unrealized_conversion_cast %arg2 : index to i64
// CHECK-NEXT: %[[V3:.*]] = builtin.unrealized_conversion_cast %arg0 : memref<4x?xf32, strided<[?, 1], offset: ?>> to !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V4:.*]] = llvm.extractvalue %[[V3]][1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V5:.*]] = llvm.extractvalue %[[V3]][2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V6:.*]] = llvm.getelementptr %[[V4]][%[[V5]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT: %[[V7:.*]] = llvm.extractvalue %[[V3]][4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V8:.*]] = llvm.mul %[[V2]], %[[V7]] : i64
// CHECK-NEXT: %[[V9:.*]] = llvm.add %[[V8]], %[[V1]] : i64
// CHECK-NEXT: %[[V10:.*]] = llvm.getelementptr %[[V6]][%[[V9]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT: %[[V11:.*]] = llvm.atomicrmw fmax %[[V10]], %arg4 acq_rel : !llvm.ptr, f32
// CHECK-NEXT: %[[V12:.*]] = llvm.extractvalue %[[V0]][1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V13:.*]] = llvm.getelementptr %[[V12]][%[[V2]]] : (!llvm.ptr, i64) -> !llvm.ptr, i32
// CHECK-NEXT: %[[V14:.*]] = llvm.atomicrmw umin %[[V13]], %arg5 acq_rel : !llvm.ptr, i32
// CHECK-NEXT: %[[V15:.*]] = llvm.extractvalue %[[V0]][1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V16:.*]] = llvm.getelementptr %[[V15]][%[[V2]]] : (!llvm.ptr, i64) -> !llvm.ptr, i32
// CHECK-NEXT: %[[V17:.*]] = llvm.atomicrmw xchg %[[V16]], %arg5 acq_rel : !llvm.ptr, i32
// CHECK-NEXT: %[[V18:.*]] = memref.atomic_rmw mulf %arg4, %arg0[%arg2, %arg3] : (f32, memref<4x?xf32, strided<[?, 1], offset: ?>>) -> f32
// CHECK-NEXT: return %[[V11]], %[[V14]], %[[V17]], %[[V18]] : f32, i32, i32, f32
func.func @atomic_rmw(%m: memref<4x?xf32, strided<[?, 1], offset: ?>>, %mi: memref<8xi32>, %i: index, %j: index, %f: f32, %x: i32) -> (f32, i32, i32, f32) {
  %0 = memref.atomic_rmw maximumf %f, %m[%i, %j] : (f32, memref<4x?xf32, strided<[?, 1], offset: ?>>) -> f32
  %1 = memref.atomic_rmw minu %x, %mi[%i] : (i32, memref<8xi32>) -> i32
  %2 = memref.atomic_rmw assign %x, %mi[%i] : (i32, memref<8xi32>) -> i32
  // mulf has no LLVM instruction: left for a generic_atomic_rmw rewrite.
  %3 = memref.atomic_rmw mulf %f, %m[%i, %j] : (f32, memref<4x?xf32, strided<[?, 1], offset: ?>>) -> f32
  return %0, %1, %2, %3 : f32, i32, i32, f32
}

// CHECK-LABEL: func.func @generic(
// CHECK-NEXT: %[[C3_I32:.*]] = arith.constant 3 : i32
// CHECK-NEXT: %[[V0:.*]] = memref.generic_atomic_rmw %arg0[%arg1, %arg1] : memref<4x4xi32> {
// CHECK-NEXT: ^bb0(%arg3: i32):
// CHECK-NEXT: %[[V2:.*]] = arith.addi %arg3, %arg2 : i32
// CHECK-NEXT: %[[V3:.*]] = arith.muli %[[V2]], %[[C3_I32]] : i32
// CHECK-NEXT: memref.atomic_yield %[[V3]] : i32
// CHECK: %[[V1:.*]] = arith.addi %[[V0]], %arg2 : i32
// CHECK: return %[[V1]] : i32
func.func @generic(%m: memref<4x4xi32>, %i: index, %x: i32) -> i32 {
  %c = arith.constant 3 : i32
  %r = memref.generic_atomic_rmw %m[%i, %i] : memref<4x4xi32> {
  ^bb0(%cur: i32):
    %a = arith.addi %cur, %x : i32
    %b = arith.muli %a, %c : i32
    memref.atomic_yield %b : i32
  }
  %s = arith.addi %r, %x : i32
  return %s : i32
}

// CHECK-LABEL: func.func @hints(
// CHECK-NEXT: %[[V0:.*]] = builtin.unrealized_conversion_cast %arg1 : memref<?xf64, 3> to !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V1:.*]] = builtin.unrealized_conversion_cast %arg2 : index to i64
// CHECK-NEXT: %[[V2:.*]] = builtin.unrealized_conversion_cast %arg0 : memref<4x?xf32, strided<[?, 1], offset: 8>> to !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V3:.*]] = llvm.extractvalue %[[V2]][1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V4:.*]] = llvm.mlir.constant(8 : index) : i64
// CHECK-NEXT: %[[V5:.*]] = llvm.getelementptr %[[V3]][%[[V4]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT: %[[V6:.*]] = llvm.extractvalue %[[V2]][4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V7:.*]] = llvm.mul %[[V1]], %[[V6]] : i64
// CHECK-NEXT: %[[V8:.*]] = llvm.add %[[V7]], %[[V1]] : i64
// CHECK-NEXT: %[[V9:.*]] = llvm.getelementptr %[[V5]][%[[V8]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT: "llvm.intr.prefetch"(%[[V9]]) <{cache = 1 : i32, hint = 3 : i32, rw = 0 : i32}> : (!llvm.ptr) -> ()
// CHECK-NEXT: %[[V10:.*]] = llvm.extractvalue %[[V0]][1] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V11:.*]] = llvm.getelementptr %[[V10]][%[[V1]]] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f64
// CHECK-NEXT: "llvm.intr.prefetch"(%[[V11]]) <{cache = 0 : i32, hint = 0 : i32, rw = 1 : i32}> : (!llvm.ptr<3>) -> ()
// CHECK-NEXT: %[[V12:.*]] = llvm.extractvalue %[[V2]][1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[V13:.*]] = llvm.mlir.constant(8 : index) : i64
// CHECK-NEXT: %[[V14:.*]] = llvm.getelementptr %[[V12]][%[[V13]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT: %[[V15:.*]] = llvm.mlir.constant(0 : index) : i64
// CHECK-NEXT: %[[V16:.*]] = llvm.mlir.constant(15 : index) : i64
// CHECK-NEXT: %[[V17:.*]] = llvm.ptrtoint %[[V14]] : !llvm.ptr to i64
// CHECK-NEXT: %[[V18:.*]] = llvm.and %[[V17]], %[[V16]]  : i64
// CHECK-NEXT: %[[V19:.*]] = llvm.icmp "eq" %[[V18]], %[[V15]] : i64
// CHECK-NEXT: "llvm.intr.assume"(%[[V19]]) : (i1) -> ()
// CHECK-NEXT: %[[V20:.*]] = llvm.extractvalue %[[V0]][1] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[V21:.*]] = llvm.mlir.constant(0 : index) : i64
// CHECK-NEXT: %[[V22:.*]] = llvm.mlir.constant(63 : index) : i64
// CHECK-NEXT: %[[V23:.*]] = llvm.ptrtoint %[[V20]] : !llvm.ptr<3> to i64
// CHECK-NEXT: %[[V24:.*]] = llvm.and %[[V23]], %[[V22]]  : i64
// CHECK-NEXT: %[[V25:.*]] = llvm.icmp "eq" %[[V24]], %[[V21]] : i64
// CHECK-NEXT: "llvm.intr.assume"(%[[V25]]) : (i1) -> ()
// CHECK-NEXT: return
func.func @hints(%m: memref<4x?xf32, strided<[?, 1], offset: 8>>, %n: memref<?xf64, 3>, %i: index) {
  memref.prefetch %m[%i, %i], read, locality<3>, data : memref<4x?xf32, strided<[?, 1], offset: 8>>
  memref.prefetch %n[%i], write, locality<0>, instr : memref<?xf64, 3>
  memref.assume_alignment %m, 16 : memref<4x?xf32, strided<[?, 1], offset: 8>>
  memref.assume_alignment %n, 64 : memref<?xf64, 3>
  return
}
