// Complex folders and patterns: parts of create/constant, create(re, im), inverse pairs,
// add/sub of zero, mul/div by one, re/im of a negated create, bitcast chains
// (expected output from mlir-opt 19).
// RUN: pyopt %s -split-input-file -canonicalize="test-convergence" | filecheck %s

// CHECK-LABEL: func.func @parts
// CHECK-SAME:    (%[[RE:.*]]: f64, %[[IM:.*]]: f64, %[[Z:.*]]: complex<f64>)
// CHECK-DAG:     %[[KR:.*]] = arith.constant 2.500000e+00 : f64
// CHECK-DAG:     %[[KI:.*]] = arith.constant -1.000000e+00 : f64
// CHECK-NOT:     complex.
// CHECK:         return %[[RE]], %[[IM]], %[[Z]], %[[KR]], %[[KI]]
func.func @parts(%re: f64, %im: f64, %z: complex<f64>) -> (f64, f64, complex<f64>, f64, f64) {
  %c = complex.create %re, %im : complex<f64>
  %a = complex.re %c : complex<f64>
  %b = complex.im %c : complex<f64>
  %r = complex.re %z : complex<f64>
  %i = complex.im %z : complex<f64>
  %w = complex.create %r, %i : complex<f64>
  %k = complex.constant [2.5, -1.0] : complex<f64>
  %kr = complex.re %k : complex<f64>
  %ki = complex.im %k : complex<f64>
  return %a, %b, %w, %kr, %ki : f64, f64, complex<f64>, f64, f64
}

// -----

// CHECK-LABEL: func.func @inverses
// CHECK-SAME:    (%[[Z:.*]]: complex<f32>, %[[W:.*]]: complex<f32>)
// CHECK-NEXT:    return %[[Z]], %[[Z]], %[[Z]], %[[W]], %[[Z]], %[[Z]] :
func.func @inverses(%z: complex<f32>, %w: complex<f32>) -> (complex<f32>, complex<f32>, complex<f32>, complex<f32>, complex<f32>, complex<f32>) {
  %n = complex.neg %z : complex<f32>
  %nn = complex.neg %n : complex<f32>
  %c = complex.conj %z : complex<f32>
  %cc = complex.conj %c : complex<f32>
  %e = complex.exp %z : complex<f32>
  %le = complex.log %e : complex<f32>
  %l = complex.log %w : complex<f32>
  %el = complex.exp %l : complex<f32>
  %s = complex.sub %z, %w : complex<f32>
  %as = complex.add %w, %s : complex<f32>
  %a = complex.add %z, %w : complex<f32>
  %sa = complex.sub %a, %w : complex<f32>
  return %nn, %cc, %le, %el, %as, %sa : complex<f32>, complex<f32>, complex<f32>, complex<f32>, complex<f32>, complex<f32>
}

// -----

// A -0.0 imaginary part still counts as zero; multiplying by 2 stays.
// CHECK-LABEL: func.func @identities
// CHECK-SAME:    (%[[Z:.*]]: complex<f32>)
// CHECK-NEXT:    %[[TWO:.*]] = complex.constant [2.000000e+00 : f32, 0.000000e+00 : f32] : complex<f32>
// CHECK-NEXT:    %[[M:.*]] = complex.mul %[[Z]], %[[TWO]] : complex<f32>
// CHECK-NEXT:    return %[[Z]], %[[Z]], %[[Z]], %[[Z]], %[[M]] :
func.func @identities(%z: complex<f32>) -> (complex<f32>, complex<f32>, complex<f32>, complex<f32>, complex<f32>) {
  %zero = complex.constant [0.0 : f32, -0.0 : f32] : complex<f32>
  %one = complex.constant [1.0 : f32, 0.0 : f32] : complex<f32>
  %two = complex.constant [2.0 : f32, 0.0 : f32] : complex<f32>
  %a = complex.add %z, %zero : complex<f32>
  %s = complex.sub %z, %zero : complex<f32>
  %m = complex.mul %z, %one : complex<f32>
  %d = complex.div %z, %one : complex<f32>
  %k = complex.mul %z, %two : complex<f32>
  return %a, %s, %m, %d, %k : complex<f32>, complex<f32>, complex<f32>, complex<f32>, complex<f32>
}

// -----

// CHECK-LABEL: func.func @negated_parts
// CHECK-SAME:    (%[[X:.*]]: f32, %[[Y:.*]]: f32)
// CHECK-NEXT:    %[[NX:.*]] = arith.negf %[[X]] : f32
// CHECK-NEXT:    %[[NY:.*]] = arith.negf %[[Y]] : f32
// CHECK-NEXT:    return %[[NX]], %[[NY]] : f32, f32
func.func @negated_parts(%x: f32, %y: f32) -> (f32, f32) {
  %c = complex.create %x, %y : complex<f32>
  %n = complex.neg %c : complex<f32>
  %r = complex.re %n : complex<f32>
  %i = complex.im %n : complex<f32>
  return %r, %i : f32, f32
}

// -----

// CHECK-LABEL: func.func @bitcasts
// CHECK-SAME:    (%[[Z:.*]]: complex<f32>, %[[I:.*]]: i64, %[[F:.*]]: f64)
// CHECK-NEXT:    %[[ZF:.*]] = complex.bitcast %[[Z]] : complex<f32> to f64
// CHECK-NEXT:    %[[IZ:.*]] = complex.bitcast %[[I]] : i64 to complex<f32>
// CHECK-NEXT:    %[[FI:.*]] = arith.bitcast %[[F]] : f64 to i64
// CHECK-NEXT:    return %[[Z]], %[[ZF]], %[[IZ]], %[[FI]], %[[Z]] :
func.func @bitcasts(%z: complex<f32>, %i: i64, %f: f64) -> (complex<f32>, f64, complex<f32>, i64, complex<f32>) {
  %0 = complex.bitcast %z : complex<f32> to i64
  %1 = complex.bitcast %0 : i64 to complex<f32>
  %2 = complex.bitcast %z : complex<f32> to f64
  %3 = arith.bitcast %2 : f64 to i64
  %4 = complex.bitcast %3 : i64 to complex<f32>
  %5 = arith.bitcast %i : i64 to f64
  %6 = complex.bitcast %5 : f64 to complex<f32>
  %7 = complex.bitcast %f : f64 to complex<f32>
  %8 = complex.bitcast %7 : complex<f32> to i64
  %9 = complex.bitcast %z : complex<f32> to complex<f32>
  return %1, %2, %6, %8, %9 : complex<f32>, f64, complex<f32>, i64, complex<f32>
}
