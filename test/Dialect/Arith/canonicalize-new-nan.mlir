// RUN: pyopt %s -canonicalize | filecheck %s

// A float fold that makes a new NaN (inf - inf, 0 * inf, 0 / 0, inf + -inf) gives APFloat's
// default NaN, which is positive; the host's (x86) is negative. Expected output from
// mlir-opt-19 (found by passtest's linalg campaign).

// CHECK-LABEL: func.func @new_nan
// CHECK-NEXT:    %cst = arith.constant 0x7FC00000 : f32
// CHECK-NEXT:    %cst_0 = arith.constant 0x7FF8000000000000 : f64
// CHECK-NEXT:    return %cst, %cst_0, %cst, %cst_0, %cst : f32, f64, f32, f64, f32
func.func @new_nan() -> (f32, f64, f32, f64, f32) {
  %i = arith.constant 0x7F800000 : f32
  %z = arith.constant 0.0 : f32
  %id = arith.constant 0x7FF0000000000000 : f64
  %ni = arith.constant 0xFF800000 : f32
  %a = arith.subf %i, %i : f32
  %b = arith.subf %id, %id : f64
  %c = arith.mulf %z, %i : f32
  %zd = arith.constant 0.0 : f64
  %d = arith.divf %zd, %zd : f64
  %e = arith.addf %i, %ni : f32
  return %a, %b, %c, %d, %e : f32, f64, f32, f64, f32
}
