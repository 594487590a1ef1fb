// RUN: pyopt %s --convert-arith-to-llvm | filecheck %s

// The conversion driver folds an op before lowering it. A fold that changes the op in place
// (a commutative op's constant moved last, trunci of an extension reading the narrower value)
// is kept, and the changed op is then lowered.

// CHECK-LABEL: func.func @commuted
// CHECK-SAME: (%[[X:.*]]: i32)
// CHECK: %[[C:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK: %[[A:.*]] = llvm.add %[[X]], %[[C]] : i32
// CHECK: llvm.mul %[[A]], %[[C]] : i32
func.func @commuted(%x: i32) -> i32 {
  %c = arith.constant 3 : i32
  %a = arith.addi %c, %x : i32
  %m = arith.muli %c, %a : i32
  return %m : i32
}

// CHECK-LABEL: func.func @trunc_of_ext
// CHECK-SAME: (%[[X:.*]]: i32)
// CHECK: llvm.sext %[[X]] : i32 to i64
// CHECK: %[[T:.*]] = llvm.trunc %[[X]] : i32 to i16
// CHECK: return %[[T]] : i16
func.func @trunc_of_ext(%x: i32) -> i16 {
  %w = arith.extsi %x : i32 to i64
  %t = arith.trunci %w : i64 to i16
  return %t : i16
}

// CHECK-LABEL: func.func @float_commuted
// CHECK-SAME: (%[[X:.*]]: f32)
// CHECK: %[[C:.*]] = llvm.mlir.constant(2.000000e+00 : f32) : f32
// CHECK: llvm.fadd %[[X]], %[[C]] : f32
func.func @float_commuted(%x: f32) -> f32 {
  %c = arith.constant 2.0 : f32
  %a = arith.addf %c, %x : f32
  return %a : f32
}

// x & x and x | x fold to x through the Idempotent trait, which comes after the op's own
// constant folding: equal constant operands fold to a new constant.
// CHECK-LABEL: func.func @idempotent
// CHECK-SAME: (%[[X:.*]]: i32)
// CHECK-NEXT: %[[C:.*]] = llvm.mlir.constant(7 : i32) : i32
// CHECK-NEXT: %[[A:.*]] = llvm.mlir.constant(7 : i32) : i32
// CHECK-NEXT: %[[O:.*]] = llvm.mlir.constant(7 : i32) : i32
// CHECK-NEXT: return %[[X]], %[[X]], %[[A]], %[[O]] : i32, i32, i32, i32
func.func @idempotent(%x: i32) -> (i32, i32, i32, i32) {
  %a = arith.andi %x, %x : i32
  %o = arith.ori %x, %x : i32
  %k = arith.constant 7 : i32
  %ak = arith.andi %k, %k : i32
  %ok = arith.ori %k, %k : i32
  return %a, %o, %ak, %ok : i32, i32, i32, i32
}
