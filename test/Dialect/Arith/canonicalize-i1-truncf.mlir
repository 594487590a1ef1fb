// arith canonicalization, own inputs: mulsi_extended by an i1 true is left alone (true is
// -1 when signed), truncf of a constant folds only when the conversion is exact, whatever
// the rounding mode. Expected output is mlir-opt 19's.
// RUN: pyopt %s -canonicalize="test-convergence" | filecheck %s

// CHECK-LABEL: func.func @mul_ext_i1(%arg0: i1, %arg1: i8) -> (i1, i1, i8, i8) {
// CHECK-NEXT: %c0_i8 = arith.constant 0 : i8
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %low, %high = arith.mulsi_extended %arg0, %true : i1
// CHECK-NEXT: %0 = arith.cmpi slt, %arg1, %c0_i8 : i8
// CHECK-NEXT: %1 = arith.extsi %0 : i1 to i8
// CHECK-NEXT: return %low, %high, %arg1, %1 : i1, i1, i8, i8
// CHECK-NEXT: }
func.func @mul_ext_i1(%x: i1, %y: i8) -> (i1, i1, i8, i8) {
  %t = arith.constant true
  %one = arith.constant 1 : i8
  %l, %h = arith.mulsi_extended %x, %t : i1
  %a, %b = arith.mulsi_extended %y, %one : i8
  return %l, %h, %a, %b : i1, i1, i8, i8
}

// CHECK-LABEL: func.func @truncf_exact() -> (bf16, bf16, f16, f16) {
// CHECK-NEXT: %cst = arith.constant -7.500000e-01 : f16
// CHECK-NEXT: %cst_0 = arith.constant 7.000000e+04 : f32
// CHECK-NEXT: %cst_1 = arith.constant 3.141590e+00 : f32
// CHECK-NEXT: %cst_2 = arith.constant 2.500000e+00 : bf16
// CHECK-NEXT: %0 = arith.truncf %cst_1 toward_zero : f32 to bf16
// CHECK-NEXT: %1 = arith.truncf %cst_0 : f32 to f16
// CHECK-NEXT: return %cst_2, %0, %1, %cst : bf16, bf16, f16, f16
// CHECK-NEXT: }
func.func @truncf_exact() -> (bf16, bf16, f16, f16) {
  %a = arith.constant 2.5 : f32
  %0 = arith.truncf %a upward : f32 to bf16
  %b = arith.constant 3.14159 : f32
  %1 = arith.truncf %b toward_zero : f32 to bf16
  %c = arith.constant 70000.0 : f32
  %2 = arith.truncf %c : f32 to f16
  %d = arith.constant -0.75 : f64
  %3 = arith.truncf %d : f64 to f16
  return %0, %1, %2, %3 : bf16, bf16, f16, f16
}
