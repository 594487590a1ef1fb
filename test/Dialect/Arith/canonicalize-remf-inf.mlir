// RUN: pyopt %s -canonicalize | filecheck %s

// arith.remf folds as APFloat::mod: an infinite dividend gives the default NaN (as a zero
// divisor does), an infinite divisor leaves the dividend. Expected output from mlir-opt-19
// (found by passtest's linalg campaign: convert-linalg-to-loops folded remf(-inf, -inf)).

// CHECK-LABEL: func.func @remf_inf
// CHECK-NEXT:    %cst = arith.constant 0x7FF8000000000000 : f64
// CHECK-NEXT:    %cst_0 = arith.constant 0x7FC00000 : f32
// CHECK-NEXT:    %cst_1 = arith.constant 2.500000e+00 : f64
// CHECK-NEXT:    return %cst, %cst_0, %cst_1, %cst : f64, f32, f64, f64
func.func @remf_inf() -> (f64, f32, f64, f64) {
  %i = arith.constant 0xFFF0000000000000 : f64
  %a = arith.remf %i, %i : f64
  %j = arith.constant 0x7F800000 : f32
  %o = arith.constant 1.5 : f32
  %b = arith.remf %j, %o : f32
  %x = arith.constant 2.5 : f64
  %c = arith.remf %x, %i : f64
  %m = arith.constant -2.5 : f64
  %d = arith.remf %i, %m : f64
  return %a, %b, %c, %d : f64, f32, f64, f64
}
