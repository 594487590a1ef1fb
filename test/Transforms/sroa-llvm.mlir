// RUN: pyopt %s --pass-pipeline="builtin.module(llvm.func(sroa))" --split-input-file | filecheck %s

// Scalar replacement of LLVM aggregates: only the fields reached through constant GEPs (or
// the first field, for direct loads/stores) get their own alloca.

// CHECK-LABEL: llvm.func @pair_second
// CHECK-SAME: (%[[X:.*]]: f32)
// CHECK: %[[N:.*]] = llvm.mlir.constant(1 : i64) : i64
// CHECK-NEXT: %[[S:.*]] = llvm.alloca %[[N]] x f32 : (i64) -> !llvm.ptr
// CHECK-NEXT: llvm.store %[[X]], %[[S]] : f32, !llvm.ptr
// CHECK-NEXT: %[[R:.*]] = llvm.load %[[S]] : !llvm.ptr -> f32
// CHECK-NEXT: llvm.return %[[R]]
llvm.func @pair_second(%x: f32) -> f32 {
  %one = llvm.mlir.constant(1 : i64) : i64
  %p = llvm.alloca %one x !llvm.struct<(i64, f32)> : (i64) -> !llvm.ptr
  %f = llvm.getelementptr inbounds %p[0, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i64, f32)>
  llvm.store %x, %f : f32, !llvm.ptr
  %r = llvm.load %f : !llvm.ptr -> f32
  llvm.return %r : f32
}

// -----

// CHECK-LABEL: llvm.func @deep_path
// CHECK: %[[S:.*]] = llvm.alloca %{{.*}} x i16 : (i32) -> !llvm.ptr
// CHECK-NOT: llvm.getelementptr
// CHECK: llvm.store %{{.*}}, %[[S]] : i16, !llvm.ptr
// CHECK-NEXT: llvm.load %[[S]] : !llvm.ptr -> i16
llvm.func @deep_path(%x: i16) -> i16 {
  %one = llvm.mlir.constant(1 : i32) : i32
  %p = llvm.alloca %one x !llvm.array<3 x struct<(i8, array<4 x i16>)>> : (i32) -> !llvm.ptr
  %f = llvm.getelementptr %p[0, 2, 1, 3] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<3 x struct<(i8, array<4 x i16>)>>
  llvm.store %x, %f : i16, !llvm.ptr
  %r = llvm.load %f : !llvm.ptr -> i16
  llvm.return %r : i16
}

// -----

// The byte offset 5 lands one byte into the second field.
// CHECK-LABEL: llvm.func @byte_offset_inside_field
// CHECK: %[[S:.*]] = llvm.alloca %{{.*}} x i32 : (i32) -> !llvm.ptr
// CHECK-NEXT: %[[B:.*]] = llvm.getelementptr %[[S]][1] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK-NEXT: llvm.store %{{.*}}, %[[B]] : i8, !llvm.ptr
// CHECK-NEXT: llvm.load %[[S]] : !llvm.ptr -> i32
llvm.func @byte_offset_inside_field(%x: i8) -> i32 {
  %one = llvm.mlir.constant(1 : i32) : i32
  %p = llvm.alloca %one x !llvm.struct<(i32, i32)> : (i32) -> !llvm.ptr
  %b = llvm.getelementptr %p[5] : (!llvm.ptr) -> !llvm.ptr, i8
  llvm.store %x, %b : i8, !llvm.ptr
  %w = llvm.getelementptr %p[0, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i32, i32)>
  %r = llvm.load %w : !llvm.ptr -> i32
  llvm.return %r : i32
}

// -----

// Fields 0 and 3 are never touched: no alloca for them.
// CHECK-LABEL: llvm.func @fields_in_use_order
// CHECK-SAME: (%[[A:.*]]: i32, %[[B:.*]]: i8)
// CHECK: %[[S2:.*]] = llvm.alloca %{{.*}} x i32
// CHECK-NEXT: %[[S1:.*]] = llvm.alloca %{{.*}} x i8
// CHECK-NEXT: llvm.store %[[B]], %[[S1]] : i8, !llvm.ptr
// CHECK-NEXT: llvm.store %[[A]], %[[S2]] : i32, !llvm.ptr
// CHECK-NEXT: llvm.return
llvm.func @fields_in_use_order(%a: i32, %b: i8) {
  %one = llvm.mlir.constant(1 : i32) : i32
  %p = llvm.alloca %one x !llvm.struct<(i32, i8, i32, i8)> : (i32) -> !llvm.ptr
  %f1 = llvm.getelementptr %p[0, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i32, i8, i32, i8)>
  llvm.store %b, %f1 : i8, !llvm.ptr
  %f2 = llvm.getelementptr %p[0, 2] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i32, i8, i32, i8)>
  llvm.store %a, %f2 : i32, !llvm.ptr
  llvm.return
}

// -----

// CHECK-LABEL: llvm.func @markers_are_dropped
// CHECK-NOT: lifetime
// CHECK: %[[S:.*]] = llvm.alloca %{{.*}} x i32
// CHECK-NOT: lifetime
// CHECK: llvm.return
llvm.func @markers_are_dropped(%x: i32) -> i32 {
  %one = llvm.mlir.constant(1 : i32) : i32
  %p = llvm.alloca %one x !llvm.struct<(i32, i32)> : (i32) -> !llvm.ptr
  llvm.intr.lifetime.start 8, %p : !llvm.ptr
  %f = llvm.getelementptr %p[0, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i32, i32)>
  llvm.store %x, %f : i32, !llvm.ptr
  %r = llvm.load %f : !llvm.ptr -> i32
  llvm.intr.lifetime.end 8, %p : !llvm.ptr
  llvm.return %r : i32
}

// -----

llvm.func @escape(!llvm.ptr)

// CHECK-LABEL: llvm.func @escaping_slot_is_kept
// CHECK: %[[P:.*]] = llvm.alloca %{{.*}} x !llvm.struct<(i32, i32)>
// CHECK-NEXT: %[[F:.*]] = llvm.getelementptr %[[P]][0, 1]
// CHECK-NEXT: llvm.store %{{.*}}, %[[F]]
// CHECK-NEXT: llvm.call @escape(%[[F]])
llvm.func @escaping_slot_is_kept(%x: i32) {
  %one = llvm.mlir.constant(1 : i32) : i32
  %p = llvm.alloca %one x !llvm.struct<(i32, i32)> : (i32) -> !llvm.ptr
  %f = llvm.getelementptr %p[0, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i32, i32)>
  llvm.store %x, %f : i32, !llvm.ptr
  llvm.call @escape(%f) : (!llvm.ptr) -> ()
  llvm.return
}

// -----

// CHECK-LABEL: llvm.func @wide_load_is_kept
// CHECK: %[[P:.*]] = llvm.alloca %{{.*}} x !llvm.struct<(i32, i32)>
// CHECK-NEXT: llvm.load %[[P]] : !llvm.ptr -> i64
llvm.func @wide_load_is_kept() -> i64 {
  %one = llvm.mlir.constant(1 : i32) : i32
  %p = llvm.alloca %one x !llvm.struct<(i32, i32)> : (i32) -> !llvm.ptr
  %r = llvm.load %p : !llvm.ptr -> i64
  llvm.return %r : i64
}

// -----

// CHECK-LABEL: llvm.func @dynamic_index_is_kept
// CHECK: %[[P:.*]] = llvm.alloca %{{.*}} x !llvm.array<4 x i32>
// CHECK-NEXT: llvm.getelementptr %[[P]][0, %{{.*}}]
llvm.func @dynamic_index_is_kept(%i: i64) -> i32 {
  %one = llvm.mlir.constant(1 : i32) : i32
  %p = llvm.alloca %one x !llvm.array<4 x i32> : (i32) -> !llvm.ptr
  %f = llvm.getelementptr %p[0, %i] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.array<4 x i32>
  %r = llvm.load %f : !llvm.ptr -> i32
  llvm.return %r : i32
}

// -----

// CHECK-LABEL: llvm.func @large_array_is_kept
// CHECK: llvm.alloca %{{.*}} x !llvm.array<32 x i32>
llvm.func @large_array_is_kept() -> i32 {
  %one = llvm.mlir.constant(1 : i32) : i32
  %p = llvm.alloca %one x !llvm.array<32 x i32> : (i32) -> !llvm.ptr
  %f = llvm.getelementptr %p[0, 7] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<32 x i32>
  %r = llvm.load %f : !llvm.ptr -> i32
  llvm.return %r : i32
}

// -----

// Byte 1 is padding before the i32.
// CHECK-LABEL: llvm.func @padding_access_is_kept
// CHECK: %[[P:.*]] = llvm.alloca %{{.*}} x !llvm.struct<(i8, i32)>
// CHECK-NEXT: llvm.getelementptr %[[P]][1] : (!llvm.ptr) -> !llvm.ptr, i8
llvm.func @padding_access_is_kept(%x: i8) {
  %one = llvm.mlir.constant(1 : i32) : i32
  %p = llvm.alloca %one x !llvm.struct<(i8, i32)> : (i32) -> !llvm.ptr
  %b = llvm.getelementptr %p[1] : (!llvm.ptr) -> !llvm.ptr, i8
  llvm.store %x, %b : i8, !llvm.ptr
  llvm.return
}
