// RUN: pyopt %s --convert-arith-to-llvm | filecheck %s

// Only the llvm dialect is made legal: ops without a lowering (rounding divisions, ops on
// tensors) are left as they are and keep their converted operands through casts. Ops whose
// operands are constants fold while they are converted.
func.func @left(%a: i32, %b: i32, %t: tensor<4xi32>) -> (i32, i32, tensor<4xi32>, i32) {
  %0 = arith.ceildivsi %a, %b : i32
  %1 = arith.floordivsi %0, %b : i32
  %2 = arith.addi %t, %t : tensor<4xi32>
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %3 = arith.muli %c2, %c3 : i32
  return %0, %1, %2, %3 : i32, i32, tensor<4xi32>, i32
}

// CHECK-LABEL: func.func @left(%arg0: i32, %arg1: i32, %arg2: tensor<4xi32>) -> (i32, i32, tensor<4xi32>, i32) {
// CHECK-NEXT: %0 = arith.ceildivsi %arg0, %arg1 : i32
// CHECK-NEXT: %1 = arith.floordivsi %0, %arg1 : i32
// CHECK-NEXT: %2 = arith.addi %arg2, %arg2 : tensor<4xi32>
// CHECK-NEXT: %3 = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %4 = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %5 = llvm.mlir.constant(6 : i32) : i32
// CHECK-NEXT: return %0, %1, %2, %5 : i32, i32, tensor<4xi32>, i32
