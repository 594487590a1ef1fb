// RUN: pyopt %s --pass-pipeline="builtin.module(llvm.func(sroa))" --split-input-file | filecheck %s

// The 7-byte memset covers the i32, the first i16 and one byte of the second i16; only
// the two i16 fields are used, each gets its own clipped memset.
// CHECK-LABEL: llvm.func @memset_clipped_per_field
// CHECK: %[[F2:.*]] = llvm.alloca %{{.*}} x i16
// CHECK-NEXT: %[[F1:.*]] = llvm.alloca %{{.*}} x i16
// CHECK-NEXT: %[[BYTE:.*]] = llvm.mlir.constant(0 : i8) : i8
// CHECK: %[[L1:.*]] = llvm.mlir.constant(2 : i64) : i64
// CHECK-NEXT: "llvm.intr.memset"(%[[F1]], %[[BYTE]], %[[L1]]) <{isVolatile = false}>
// CHECK-NEXT: %[[L2:.*]] = llvm.mlir.constant(1 : i64) : i64
// CHECK-NEXT: "llvm.intr.memset"(%[[F2]], %[[BYTE]], %[[L2]]) <{isVolatile = false}>
// CHECK-NEXT: llvm.load %[[F1]] : !llvm.ptr -> i16
// CHECK-NEXT: llvm.load %[[F2]] : !llvm.ptr -> i16
llvm.func @memset_clipped_per_field() -> i16 {
  %one = llvm.mlir.constant(1 : i32) : i32
  %p = llvm.alloca %one x !llvm.struct<(i32, i16, i16)> : (i32) -> !llvm.ptr
  %byte = llvm.mlir.constant(0 : i8) : i8
  %len = llvm.mlir.constant(7 : i64) : i64
  "llvm.intr.memset"(%p, %byte, %len) <{isVolatile = false}> : (!llvm.ptr, i8, i64) -> ()
  %a = llvm.getelementptr %p[0, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i32, i16, i16)>
  %x = llvm.load %a : !llvm.ptr -> i16
  %b = llvm.getelementptr %p[0, 2] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i32, i16, i16)>
  %y = llvm.load %b : !llvm.ptr -> i16
  %s = llvm.add %x, %y : i16
  llvm.return %s : i16
}

// -----

// CHECK-LABEL: llvm.func @memset_past_end_is_kept
// CHECK: %[[P:.*]] = llvm.alloca %{{.*}} x !llvm.array<2 x i32>
// CHECK: "llvm.intr.memset"(%[[P]], 
llvm.func @memset_past_end_is_kept() -> i32 {
  %one = llvm.mlir.constant(1 : i32) : i32
  %p = llvm.alloca %one x !llvm.array<2 x i32> : (i32) -> !llvm.ptr
  %byte = llvm.mlir.constant(0 : i8) : i8
  %len = llvm.mlir.constant(9 : i32) : i32
  "llvm.intr.memset"(%p, %byte, %len) <{isVolatile = false}> : (!llvm.ptr, i8, i32) -> ()
  %r = llvm.load %p : !llvm.ptr -> i32
  llvm.return %r : i32
}

// -----

// CHECK-LABEL: llvm.func @memcpy_into_slot
// CHECK-SAME: (%[[SRC:.*]]: !llvm.ptr)
// CHECK: %[[S:.*]] = llvm.alloca %{{.*}} x f64
// CHECK: %[[G:.*]] = llvm.getelementptr %[[SRC]][0, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i32, f64)>
// CHECK-NEXT: %[[L:.*]] = llvm.mlir.constant(8 : i64) : i64
// CHECK-NEXT: "llvm.intr.memcpy"(%[[S]], %[[G]], %[[L]]) <{isVolatile = false}>
// CHECK-NEXT: llvm.load %[[S]] : !llvm.ptr -> f64
llvm.func @memcpy_into_slot(%src: !llvm.ptr) -> f64 {
  %one = llvm.mlir.constant(1 : i32) : i32
  %p = llvm.alloca %one x !llvm.struct<(i32, f64)> : (i32) -> !llvm.ptr
  %len = llvm.mlir.constant(16 : i64) : i64
  "llvm.intr.memcpy"(%p, %src, %len) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
  %f = llvm.getelementptr %p[0, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i32, f64)>
  %r = llvm.load %f : !llvm.ptr -> f64
  llvm.return %r : f64
}

// -----

// Copying the whole slot out reads every field: both get an alloca and a copy.
// CHECK-LABEL: llvm.func @memmove_out_of_slot
// CHECK-SAME: (%[[DST:.*]]: !llvm.ptr, %[[X:.*]]: f32)
// CHECK-COUNT-2: llvm.alloca %{{.*}} x f32
// CHECK: llvm.store %[[X]]
// CHECK: %[[G0:.*]] = llvm.getelementptr %[[DST]][0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<2 x f32>
// CHECK-NEXT: %[[L0:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK-NEXT: "llvm.intr.memmove"(%[[G0]], %{{.*}}, %[[L0]])
// CHECK-NEXT: %[[G1:.*]] = llvm.getelementptr %[[DST]][0, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<2 x f32>
// CHECK-NEXT: %[[L1:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK-NEXT: "llvm.intr.memmove"(%[[G1]], %{{.*}}, %[[L1]])
// CHECK-NOT: llvm.intr.memmove
llvm.func @memmove_out_of_slot(%dst: !llvm.ptr, %x: f32) {
  %one = llvm.mlir.constant(1 : i32) : i32
  %p = llvm.alloca %one x !llvm.array<2 x f32> : (i32) -> !llvm.ptr
  llvm.store %x, %p : f32, !llvm.ptr
  %len = llvm.mlir.constant(8 : i32) : i32
  "llvm.intr.memmove"(%dst, %p, %len) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i32) -> ()
  llvm.return
}

// -----

// CHECK-LABEL: llvm.func @memcpy_inline_into_slot
// CHECK-SAME: (%[[SRC:.*]]: !llvm.ptr)
// CHECK: %[[S:.*]] = llvm.alloca %{{.*}} x i8
// CHECK-NEXT: %[[G:.*]] = llvm.getelementptr %[[SRC]][0, 2] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<3 x i8>
// CHECK-NEXT: "llvm.intr.memcpy.inline"(%[[S]], %[[G]]) <{isVolatile = false, len = 1 : i64}>
llvm.func @memcpy_inline_into_slot(%src: !llvm.ptr) -> i8 {
  %one = llvm.mlir.constant(1 : i32) : i32
  %p = llvm.alloca %one x !llvm.array<3 x i8> : (i32) -> !llvm.ptr
  "llvm.intr.memcpy.inline"(%p, %src) <{isVolatile = false, len = 3 : i64}> : (!llvm.ptr, !llvm.ptr) -> ()
  %f = llvm.getelementptr %p[0, 2] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<3 x i8>
  %r = llvm.load %f : !llvm.ptr -> i8
  llvm.return %r : i8
}

// -----

// CHECK-LABEL: llvm.func @partial_memcpy_is_kept
// CHECK: llvm.alloca %{{.*}} x !llvm.struct<(i32, i32)>
llvm.func @partial_memcpy_is_kept(%src: !llvm.ptr) -> i32 {
  %one = llvm.mlir.constant(1 : i32) : i32
  %p = llvm.alloca %one x !llvm.struct<(i32, i32)> : (i32) -> !llvm.ptr
  %len = llvm.mlir.constant(4 : i32) : i32
  "llvm.intr.memcpy"(%p, %src, %len) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i32) -> ()
  %r = llvm.load %p : !llvm.ptr -> i32
  llvm.return %r : i32
}
