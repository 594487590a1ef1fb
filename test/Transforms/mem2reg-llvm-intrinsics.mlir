// RUN: pyopt %s --pass-pipeline="builtin.module(llvm.func(mem2reg))" | filecheck %s

// A memset covering the whole slot defines it as the byte repeated.
// CHECK-LABEL: llvm.func @memset_whole(%arg0: i8) -> i64 {
// CHECK-NEXT: %0 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %1 = llvm.mlir.constant(8 : i64) : i64
// CHECK-NEXT: %2 = llvm.zext %arg0 : i8 to i64
// CHECK-NEXT: %3 = llvm.mlir.constant(8 : i64) : i64
// CHECK-NEXT: %4 = llvm.shl %2, %3 : i64
// CHECK-NEXT: %5 = llvm.or %2, %4  : i64
// CHECK-NEXT: %6 = llvm.mlir.constant(16 : i64) : i64
// CHECK-NEXT: %7 = llvm.shl %5, %6 : i64
// CHECK-NEXT: %8 = llvm.or %5, %7  : i64
// CHECK-NEXT: %9 = llvm.mlir.constant(32 : i64) : i64
// CHECK-NEXT: %10 = llvm.shl %8, %9 : i64
// CHECK-NEXT: %11 = llvm.or %8, %10  : i64
// CHECK-NEXT: llvm.return %11 : i64
// CHECK-NEXT: }
llvm.func @memset_whole(%byte: i8) -> i64 {
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %len = llvm.mlir.constant(8 : i64) : i64
  %slot = llvm.alloca %c1 x i64 : (i32) -> !llvm.ptr
  "llvm.intr.memset"(%slot, %byte, %len) <{isVolatile = false}> : (!llvm.ptr, i8, i64) -> ()
  %r = llvm.load %slot : !llvm.ptr -> i64
  llvm.return %r : i64
}

// A one-byte slot takes the byte itself.
// CHECK-LABEL: llvm.func @memset_byte(%arg0: i8) -> i8 {
// CHECK-NEXT: %0 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.return %arg0 : i8
// CHECK-NEXT: }
llvm.func @memset_byte(%byte: i8) -> i8 {
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %slot = llvm.alloca %c1 x i8 : (i32) -> !llvm.ptr
  "llvm.intr.memset"(%slot, %byte, %c1) <{isVolatile = false}> : (!llvm.ptr, i8, i32) -> ()
  %r = llvm.load %slot : !llvm.ptr -> i8
  llvm.return %r : i8
}

// Partial, volatile and non-integer memsets keep their slot.
// CHECK-LABEL: llvm.func @memset_kept(%arg0: i8) -> f32 {
// CHECK-NEXT: %0 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %1 = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %2 = llvm.mlir.constant(4 : i32) : i32
// CHECK-NEXT: %3 = llvm.alloca %0 x i32 : (i32) -> !llvm.ptr
// CHECK-NEXT: "llvm.intr.memset"(%3, %arg0, %1) <{isVolatile = false}> : (!llvm.ptr, i8, i32) -> ()
// CHECK-NEXT: %4 = llvm.alloca %0 x i32 : (i32) -> !llvm.ptr
// CHECK-NEXT: "llvm.intr.memset"(%4, %arg0, %2) <{isVolatile = true}> : (!llvm.ptr, i8, i32) -> ()
// CHECK-NEXT: %5 = llvm.alloca %0 x f32 : (i32) -> !llvm.ptr
// CHECK-NEXT: "llvm.intr.memset"(%5, %arg0, %2) <{isVolatile = false}> : (!llvm.ptr, i8, i32) -> ()
// CHECK-NEXT: %6 = llvm.load %5 : !llvm.ptr -> f32
// CHECK-NEXT: llvm.return %6 : f32
// CHECK-NEXT: }
llvm.func @memset_kept(%byte: i8) -> f32 {
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %c2 = llvm.mlir.constant(2 : i32) : i32
  %c4 = llvm.mlir.constant(4 : i32) : i32
  %part = llvm.alloca %c1 x i32 : (i32) -> !llvm.ptr
  "llvm.intr.memset"(%part, %byte, %c2) <{isVolatile = false}> : (!llvm.ptr, i8, i32) -> ()
  %vol = llvm.alloca %c1 x i32 : (i32) -> !llvm.ptr
  "llvm.intr.memset"(%vol, %byte, %c4) <{isVolatile = true}> : (!llvm.ptr, i8, i32) -> ()
  %flt = llvm.alloca %c1 x f32 : (i32) -> !llvm.ptr
  "llvm.intr.memset"(%flt, %byte, %c4) <{isVolatile = false}> : (!llvm.ptr, i8, i32) -> ()
  %r = llvm.load %flt : !llvm.ptr -> f32
  llvm.return %r : f32
}

// Copying into a slot loads the source; copying out of a slot stores its content.
// CHECK-LABEL: llvm.func @copies(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i1) -> i32 {
// CHECK-NEXT: %0 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %1 = llvm.mlir.constant(4 : i64) : i64
// CHECK-NEXT: llvm.cond_br %arg2, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: %2 = llvm.load %arg0 : !llvm.ptr -> i32
// CHECK-NEXT: llvm.br ^bb3(%2 : i32)
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: %3 = llvm.load %arg0 : !llvm.ptr -> i32
// CHECK-NEXT: llvm.br ^bb3(%3 : i32)
// CHECK-NEXT: ^bb3(%4: i32):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT: llvm.store %4, %arg1 : i32, !llvm.ptr
// CHECK-NEXT: llvm.return %4 : i32
// CHECK-NEXT: }
llvm.func @copies(%src: !llvm.ptr, %dst: !llvm.ptr, %c: i1) -> i32 {
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %c4 = llvm.mlir.constant(4 : i64) : i64
  %slot = llvm.alloca %c1 x i32 : (i32) -> !llvm.ptr
  llvm.cond_br %c, ^cp, ^mv
^cp:
  "llvm.intr.memcpy"(%slot, %src, %c4) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
  llvm.br ^out
^mv:
  "llvm.intr.memmove"(%slot, %src, %c4) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
  llvm.br ^out
^out:
  "llvm.intr.memcpy.inline"(%dst, %slot) <{isVolatile = false, len = 4 : i64}> : (!llvm.ptr, !llvm.ptr) -> ()
  %r = llvm.load %slot : !llvm.ptr -> i32
  llvm.return %r : i32
}

// A copy between two slots forwards the value from one to the other.
// CHECK-LABEL: llvm.func @slot_to_slot(%arg0: f64) -> f64 {
// CHECK-NEXT: %0 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %1 = llvm.mlir.constant(8 : i32) : i32
// CHECK-NEXT: llvm.return %arg0 : f64
// CHECK-NEXT: }
llvm.func @slot_to_slot(%v: f64) -> f64 {
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %c8 = llvm.mlir.constant(8 : i32) : i32
  %a = llvm.alloca %c1 x f64 : (i32) -> !llvm.ptr
  %b = llvm.alloca %c1 x f64 : (i32) -> !llvm.ptr
  llvm.store %v, %a : f64, !llvm.ptr
  "llvm.intr.memcpy"(%b, %a, %c8) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i32) -> ()
  %r = llvm.load %b : !llvm.ptr -> f64
  llvm.return %r : f64
}

// Copies of the wrong size or onto the slot itself are left alone.
// CHECK-LABEL: llvm.func @copies_kept(%arg0: !llvm.ptr) -> i32 {
// CHECK-NEXT: %0 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %1 = llvm.mlir.constant(8 : i32) : i32
// CHECK-NEXT: %2 = llvm.mlir.constant(4 : i32) : i32
// CHECK-NEXT: %3 = llvm.alloca %0 x i32 : (i32) -> !llvm.ptr
// CHECK-NEXT: "llvm.intr.memcpy"(%3, %arg0, %1) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i32) -> ()
// CHECK-NEXT: %4 = llvm.alloca %0 x i32 : (i32) -> !llvm.ptr
// CHECK-NEXT: "llvm.intr.memmove"(%4, %4, %2) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i32) -> ()
// CHECK-NEXT: %5 = llvm.load %4 : !llvm.ptr -> i32
// CHECK-NEXT: llvm.return %5 : i32
// CHECK-NEXT: }
llvm.func @copies_kept(%src: !llvm.ptr) -> i32 {
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %c8 = llvm.mlir.constant(8 : i32) : i32
  %c4 = llvm.mlir.constant(4 : i32) : i32
  %big = llvm.alloca %c1 x i32 : (i32) -> !llvm.ptr
  "llvm.intr.memcpy"(%big, %src, %c8) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i32) -> ()
  %self = llvm.alloca %c1 x i32 : (i32) -> !llvm.ptr
  "llvm.intr.memmove"(%self, %self, %c4) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i32) -> ()
  %r = llvm.load %self : !llvm.ptr -> i32
  llvm.return %r : i32
}
