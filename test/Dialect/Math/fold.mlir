// RUN: pyopt %s -canonicalize | filecheck %s

// math folders (MathOps.cpp) under canonicalize.

// CHECK-LABEL: func.func @folds() -> (f32, f32, f64, f32, f16, f16, vector<2xf32>, i32, i32, i32) {
// CHECK-NEXT: %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT: %c28_i32 = arith.constant 28 : i32
// CHECK-NEXT: %cst = arith.constant dense<[1.000000e+00, 2.000000e+00]> : vector<2xf32>
// CHECK-NEXT: %cst_0 = arith.constant 0.000000e+00 : f16
// CHECK-NEXT: %cst_1 = arith.constant -1.000000e+00 : f32
// CHECK-NEXT: %cst_2 = arith.constant 5.000000e-01 : f16
// CHECK-NEXT: %cst_3 = arith.constant -3.000000e+00 : f32
// CHECK-NEXT: %cst_4 = arith.constant -2.000000e+00 : f32
// CHECK-NEXT: %cst_5 = arith.constant 3.000000e+00 : f64
// CHECK-NEXT: %0 = math.log %cst_1 : f32
// CHECK-NEXT: %1 = math.sin %cst_2 : f16
// CHECK-NEXT: return %cst_3, %cst_4, %cst_5, %0, %1, %cst_0, %cst, %c28_i32, %c2_i32, %c2_i32 : f32, f32, f64, f32, f16, f16, vector<2xf32>, i32, i32, i32
// CHECK-NEXT: }
// CHECK-NEXT: }

// Constant operands fold: rounding for any float type, libm functions for f32/f64 only,
// no fold where upstream refuses (log of a negative number, f16 sin).
func.func @folds() -> (f32, f32, f64, f32, f16, f16, vector<2xf32>, i32, i32, i32) {
  %a = arith.constant -2.5 : f32
  %b = arith.constant 8.0 : f64
  %n = arith.constant -1.0 : f32
  %h = arith.constant 0.5 : f16
  %v = arith.constant dense<[1.0, 4.0]> : vector<2xf32>
  %i = arith.constant 12 : i32
  %r0 = math.round %a : f32
  %r1 = math.ceil %a : f32
  %r2 = math.log2 %b : f64
  %r3 = math.log %n : f32
  %r4 = math.sin %h : f16
  %r5 = math.floor %h : f16
  %r6 = math.sqrt %v : vector<2xf32>
  %r7 = math.ctlz %i : i32
  %r8 = math.cttz %i : i32
  %r9 = math.ctpop %i : i32
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9 : f32, f32, f64, f32, f16, f16, vector<2xf32>, i32, i32, i32
}
