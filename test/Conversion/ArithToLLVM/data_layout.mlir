// RUN: pyopt %s --convert-arith-to-llvm --convert-index-to-llvm --convert-ub-to-llvm | filecheck %s

// These passes take the index width from their option only: a DLTI index entry is not read,
// so index is 64 bits wide here.
module attributes {dlti.dl_spec = #dlti.dl_spec<#dlti.dl_entry<index, 32>>} {
  func.func @width(%a: index, %b: i32) -> (index, index, i32) {
    %0 = arith.index_cast %b : i32 to index
    %1 = arith.addi %a, %0 : index
    %2 = index.sizeof
    %3 = ub.poison : i32
    return %1, %2, %3 : index, index, i32
  }
}

// CHECK: module attributes {dlti.dl_spec = #dlti.dl_spec<#dlti.dl_entry<index, 32 : i64>>} {
// CHECK-LABEL: func.func @width(%arg0: index, %arg1: i32) -> (index, index, i32) {
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg0 : index to i64
// CHECK-NEXT: %1 = llvm.sext %arg1 : i32 to i64
// CHECK-NEXT: %2 = llvm.add %0, %1 : i64
// CHECK-NEXT: %3 = builtin.unrealized_conversion_cast %2 : i64 to index
// CHECK-NEXT: %4 = llvm.mlir.constant(64 : i64) : i64
// CHECK-NEXT: %5 = builtin.unrealized_conversion_cast %4 : i64 to index
// CHECK-NEXT: %6 = llvm.mlir.poison : i32
// CHECK-NEXT: return %3, %5, %6 : index, index, i32
