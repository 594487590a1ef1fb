// RUN: pyopt %s --convert-index-to-llvm | filecheck %s

// The rounding divisions have no LLVM instruction: they expand into plain divisions and a
// select between the two candidate results, picked by the operands' signs.
func.func @ceil_signed(%n: index, %m: index) -> index {
  %0 = index.ceildivs %n, %m
  return %0 : index
}

func.func @ceil_unsigned(%n: index, %m: index) -> index {
  %0 = index.ceildivu %n, %m
  return %0 : index
}

func.func @floor_signed(%n: index, %m: index) -> index {
  %0 = index.floordivs %n, %m
  return %0 : index
}

// CHECK-LABEL: func.func @ceil_signed(%arg0: index, %arg1: index) -> index {
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg1 : index to i64
// CHECK-NEXT: %1 = builtin.unrealized_conversion_cast %arg0 : index to i64
// CHECK-NEXT: %2 = llvm.mlir.constant(0 : i64) : i64
// CHECK-NEXT: %3 = llvm.mlir.constant(1 : i64) : i64
// CHECK-NEXT: %4 = llvm.mlir.constant(-1 : i64) : i64
// CHECK-NEXT: %5 = llvm.icmp "sgt" %0, %2 : i64
// CHECK-NEXT: %6 = llvm.select %5, %4, %3 : i1, i64
// CHECK-NEXT: %7 = llvm.add %1, %6 : i64
// CHECK-NEXT: %8 = llvm.sdiv %7, %0  : i64
// CHECK-NEXT: %9 = llvm.add %8, %3 : i64
// CHECK-NEXT: %10 = llvm.sub %2, %1 : i64
// CHECK-NEXT: %11 = llvm.sdiv %10, %0  : i64
// CHECK-NEXT: %12 = llvm.sub %2, %11 : i64
// CHECK-NEXT: %13 = llvm.icmp "sgt" %1, %2 : i64
// CHECK-NEXT: %14 = llvm.icmp "eq" %13, %5 : i1
// CHECK-NEXT: %15 = llvm.icmp "ne" %1, %2 : i64
// CHECK-NEXT: %16 = llvm.and %14, %15  : i1
// CHECK-NEXT: %17 = llvm.select %16, %9, %12 : i1, i64
// CHECK-NEXT: %18 = builtin.unrealized_conversion_cast %17 : i64 to index
// CHECK-NEXT: return %18 : index
// CHECK-LABEL: func.func @ceil_unsigned(%arg0: index, %arg1: index) -> index {
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg1 : index to i64
// CHECK-NEXT: %1 = builtin.unrealized_conversion_cast %arg0 : index to i64
// CHECK-NEXT: %2 = llvm.mlir.constant(0 : i64) : i64
// CHECK-NEXT: %3 = llvm.mlir.constant(1 : i64) : i64
// CHECK-NEXT: %4 = llvm.sub %1, %3 : i64
// CHECK-NEXT: %5 = llvm.udiv %4, %0  : i64
// CHECK-NEXT: %6 = llvm.add %5, %3 : i64
// CHECK-NEXT: %7 = llvm.icmp "eq" %1, %2 : i64
// CHECK-NEXT: %8 = llvm.select %7, %2, %6 : i1, i64
// CHECK-NEXT: %9 = builtin.unrealized_conversion_cast %8 : i64 to index
// CHECK-NEXT: return %9 : index
// CHECK-LABEL: func.func @floor_signed(%arg0: index, %arg1: index) -> index {
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg1 : index to i64
// CHECK-NEXT: %1 = builtin.unrealized_conversion_cast %arg0 : index to i64
// CHECK-NEXT: %2 = llvm.mlir.constant(0 : i64) : i64
// CHECK-NEXT: %3 = llvm.mlir.constant(1 : i64) : i64
// CHECK-NEXT: %4 = llvm.mlir.constant(-1 : i64) : i64
// CHECK-NEXT: %5 = llvm.icmp "slt" %0, %2 : i64
// CHECK-NEXT: %6 = llvm.select %5, %3, %4 : i1, i64
// CHECK-NEXT: %7 = llvm.sub %6, %1 : i64
// CHECK-NEXT: %8 = llvm.sdiv %7, %0  : i64
// CHECK-NEXT: %9 = llvm.sub %4, %8 : i64
// CHECK-NEXT: %10 = llvm.sdiv %1, %0  : i64
// CHECK-NEXT: %11 = llvm.icmp "slt" %1, %2 : i64
// CHECK-NEXT: %12 = llvm.icmp "ne" %11, %5 : i1
// CHECK-NEXT: %13 = llvm.icmp "ne" %1, %2 : i64
// CHECK-NEXT: %14 = llvm.and %12, %13  : i1
// CHECK-NEXT: %15 = llvm.select %14, %9, %10 : i1, i64
// CHECK-NEXT: %16 = builtin.unrealized_conversion_cast %15 : i64 to index
// CHECK-NEXT: return %16 : index
