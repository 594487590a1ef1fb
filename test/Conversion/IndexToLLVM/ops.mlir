// RUN: pyopt %s --convert-index-to-llvm | filecheck %s
// RUN: pyopt %s --convert-index-to-llvm=index-bitwidth=32 | filecheck %s --check-prefix=IDX32

// Index arithmetic becomes integer arithmetic of the index bitwidth; attributes come along.
func.func @arith(%a: index, %b: index) -> (index, index, index, index, index, index) {
  %0 = index.add %a, %b
  %1 = index.sub %0, %b {tag}
  %2 = index.mul %1, %a
  %3 = index.divs %2, %b
  %4 = index.divu %3, %b
  %5 = index.rems %4, %a
  %6 = index.remu %5, %a
  %7 = index.maxs %6, %b
  %8 = index.maxu %7, %b
  %9 = index.mins %8, %b
  %10 = index.minu %9, %b
  %11 = index.shl %10, %a
  %12 = index.shrs %11, %a
  %13 = index.shru %12, %a
  %14 = index.and %13, %b
  %15 = index.or %14, %b
  %16 = index.xor %15, %b
  return %16, %0, %4, %8, %12, %14 : index, index, index, index, index, index
}

// Casts truncate or extend to/from the index width; equal widths need no op.
func.func @casts(%a: index, %i8: i8, %i32: i32, %i64: i64) -> (index, index, index, i32, i64, i16) {
  %0 = index.casts %i8 : i8 to index
  %1 = index.castu %i32 : i32 to index
  %2 = index.casts %i64 : i64 to index
  %3 = index.castu %a : index to i32
  %4 = index.casts %a : index to i64
  %5 = index.castu %a : index to i16
  return %0, %1, %2, %3, %4, %5 : index, index, index, i32, i64, i16
}

// Constants are truncated to the index width; sizeof is the width itself.
func.func @constants(%a: index, %b: index) -> (i1, i1, index, index, index, i1) {
  %0 = index.cmp slt(%a, %b)
  %1 = index.cmp uge(%a, %b)
  %2 = index.sizeof
  %3 = index.constant 8589934593
  %4 = index.constant -2
  %5 = index.bool.constant false
  return %0, %1, %2, %3, %4, %5 : i1, i1, index, index, index, i1
}

// CHECK-LABEL: func.func @arith(%arg0: index, %arg1: index) -> (index, index, index, index, index, index) {
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg1 : index to i64
// CHECK-NEXT: %1 = builtin.unrealized_conversion_cast %arg0 : index to i64
// CHECK-NEXT: %2 = llvm.add %1, %0 : i64
// CHECK-NEXT: %3 = builtin.unrealized_conversion_cast %2 : i64 to index
// CHECK-NEXT: %4 = llvm.sub %2, %0 {tag} : i64
// CHECK-NEXT: %5 = llvm.mul %4, %1 : i64
// CHECK-NEXT: %6 = llvm.sdiv %5, %0  : i64
// CHECK-NEXT: %7 = llvm.udiv %6, %0  : i64
// CHECK-NEXT: %8 = builtin.unrealized_conversion_cast %7 : i64 to index
// CHECK-NEXT: %9 = llvm.srem %7, %1  : i64
// CHECK-NEXT: %10 = llvm.urem %9, %1  : i64
// CHECK-NEXT: %11 = llvm.intr.smax(%10, %0)  : (i64, i64) -> i64
// CHECK-NEXT: %12 = llvm.intr.umax(%11, %0)  : (i64, i64) -> i64
// CHECK-NEXT: %13 = builtin.unrealized_conversion_cast %12 : i64 to index
// CHECK-NEXT: %14 = llvm.intr.smin(%12, %0)  : (i64, i64) -> i64
// CHECK-NEXT: %15 = llvm.intr.umin(%14, %0)  : (i64, i64) -> i64
// CHECK-NEXT: %16 = llvm.shl %15, %1 : i64
// CHECK-NEXT: %17 = llvm.ashr %16, %1  : i64
// CHECK-NEXT: %18 = builtin.unrealized_conversion_cast %17 : i64 to index
// CHECK-NEXT: %19 = llvm.lshr %17, %1  : i64
// CHECK-NEXT: %20 = llvm.and %19, %0  : i64
// CHECK-NEXT: %21 = builtin.unrealized_conversion_cast %20 : i64 to index
// CHECK-NEXT: %22 = llvm.or %20, %0  : i64
// CHECK-NEXT: %23 = llvm.xor %22, %0  : i64
// CHECK-NEXT: %24 = builtin.unrealized_conversion_cast %23 : i64 to index
// CHECK-NEXT: return %24, %3, %8, %13, %18, %21 : index, index, index, index, index, index
// CHECK-LABEL: func.func @casts(%arg0: index, %arg1: i8, %arg2: i32, %arg3: i64) -> (index, index, index, i32, i64, i16) {
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg0 : index to i64
// CHECK-NEXT: %1 = llvm.sext %arg1 : i8 to i64
// CHECK-NEXT: %2 = builtin.unrealized_conversion_cast %1 : i64 to index
// CHECK-NEXT: %3 = llvm.zext %arg2 : i32 to i64
// CHECK-NEXT: %4 = builtin.unrealized_conversion_cast %3 : i64 to index
// CHECK-NEXT: %5 = builtin.unrealized_conversion_cast %arg3 : i64 to index
// CHECK-NEXT: %6 = llvm.trunc %0 : i64 to i32
// CHECK-NEXT: %7 = llvm.trunc %0 : i64 to i16
// CHECK-NEXT: return %2, %4, %5, %6, %0, %7 : index, index, index, i32, i64, i16
// CHECK-LABEL: func.func @constants(%arg0: index, %arg1: index) -> (i1, i1, index, index, index, i1) {
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg1 : index to i64
// CHECK-NEXT: %1 = builtin.unrealized_conversion_cast %arg0 : index to i64
// CHECK-NEXT: %2 = llvm.icmp "slt" %1, %0 : i64
// CHECK-NEXT: %3 = llvm.icmp "uge" %1, %0 : i64
// CHECK-NEXT: %4 = llvm.mlir.constant(64 : i64) : i64
// CHECK-NEXT: %5 = builtin.unrealized_conversion_cast %4 : i64 to index
// CHECK-NEXT: %6 = llvm.mlir.constant(8589934593 : i64) : i64
// CHECK-NEXT: %7 = builtin.unrealized_conversion_cast %6 : i64 to index
// CHECK-NEXT: %8 = llvm.mlir.constant(-2 : i64) : i64
// CHECK-NEXT: %9 = builtin.unrealized_conversion_cast %8 : i64 to index
// CHECK-NEXT: %10 = llvm.mlir.constant(false) : i1
// CHECK-NEXT: return %2, %3, %5, %7, %9, %10 : i1, i1, index, index, index, i1

// IDX32-LABEL: func.func @arith(%arg0: index, %arg1: index) -> (index, index, index, index, index, index) {
// IDX32-NEXT: %0 = builtin.unrealized_conversion_cast %arg1 : index to i32
// IDX32-NEXT: %1 = builtin.unrealized_conversion_cast %arg0 : index to i32
// IDX32-NEXT: %2 = llvm.add %1, %0 : i32
// IDX32-NEXT: %3 = builtin.unrealized_conversion_cast %2 : i32 to index
// IDX32-NEXT: %4 = llvm.sub %2, %0 {tag} : i32
// IDX32-NEXT: %5 = llvm.mul %4, %1 : i32
// IDX32-NEXT: %6 = llvm.sdiv %5, %0  : i32
// IDX32-NEXT: %7 = llvm.udiv %6, %0  : i32
// IDX32-NEXT: %8 = builtin.unrealized_conversion_cast %7 : i32 to index
// IDX32-NEXT: %9 = llvm.srem %7, %1  : i32
// IDX32-NEXT: %10 = llvm.urem %9, %1  : i32
// IDX32-NEXT: %11 = llvm.intr.smax(%10, %0)  : (i32, i32) -> i32
// IDX32-NEXT: %12 = llvm.intr.umax(%11, %0)  : (i32, i32) -> i32
// IDX32-NEXT: %13 = builtin.unrealized_conversion_cast %12 : i32 to index
// IDX32-NEXT: %14 = llvm.intr.smin(%12, %0)  : (i32, i32) -> i32
// IDX32-NEXT: %15 = llvm.intr.umin(%14, %0)  : (i32, i32) -> i32
// IDX32-NEXT: %16 = llvm.shl %15, %1 : i32
// IDX32-NEXT: %17 = llvm.ashr %16, %1  : i32
// IDX32-NEXT: %18 = builtin.unrealized_conversion_cast %17 : i32 to index
// IDX32-NEXT: %19 = llvm.lshr %17, %1  : i32
// IDX32-NEXT: %20 = llvm.and %19, %0  : i32
// IDX32-NEXT: %21 = builtin.unrealized_conversion_cast %20 : i32 to index
// IDX32-NEXT: %22 = llvm.or %20, %0  : i32
// IDX32-NEXT: %23 = llvm.xor %22, %0  : i32
// IDX32-NEXT: %24 = builtin.unrealized_conversion_cast %23 : i32 to index
// IDX32-NEXT: return %24, %3, %8, %13, %18, %21 : index, index, index, index, index, index
// IDX32-LABEL: func.func @casts(%arg0: index, %arg1: i8, %arg2: i32, %arg3: i64) -> (index, index, index, i32, i64, i16) {
// IDX32-NEXT: %0 = builtin.unrealized_conversion_cast %arg0 : index to i32
// IDX32-NEXT: %1 = llvm.sext %arg1 : i8 to i32
// IDX32-NEXT: %2 = builtin.unrealized_conversion_cast %1 : i32 to index
// IDX32-NEXT: %3 = builtin.unrealized_conversion_cast %arg2 : i32 to index
// IDX32-NEXT: %4 = llvm.trunc %arg3 : i64 to i32
// IDX32-NEXT: %5 = builtin.unrealized_conversion_cast %4 : i32 to index
// IDX32-NEXT: %6 = llvm.sext %0 : i32 to i64
// IDX32-NEXT: %7 = llvm.trunc %0 : i32 to i16
// IDX32-NEXT: return %2, %3, %5, %0, %6, %7 : index, index, index, i32, i64, i16
// IDX32-LABEL: func.func @constants(%arg0: index, %arg1: index) -> (i1, i1, index, index, index, i1) {
// IDX32-NEXT: %0 = builtin.unrealized_conversion_cast %arg1 : index to i32
// IDX32-NEXT: %1 = builtin.unrealized_conversion_cast %arg0 : index to i32
// IDX32-NEXT: %2 = llvm.icmp "slt" %1, %0 : i32
// IDX32-NEXT: %3 = llvm.icmp "uge" %1, %0 : i32
// IDX32-NEXT: %4 = llvm.mlir.constant(32 : i32) : i32
// IDX32-NEXT: %5 = builtin.unrealized_conversion_cast %4 : i32 to index
// IDX32-NEXT: %6 = llvm.mlir.constant(1 : i32) : i32
// IDX32-NEXT: %7 = builtin.unrealized_conversion_cast %6 : i32 to index
// IDX32-NEXT: %8 = llvm.mlir.constant(-2 : i32) : i32
// IDX32-NEXT: %9 = builtin.unrealized_conversion_cast %8 : i32 to index
// IDX32-NEXT: %10 = llvm.mlir.constant(false) : i1
// IDX32-NEXT: return %2, %3, %5, %7, %9, %10 : i1, i1, index, index, index, i1
