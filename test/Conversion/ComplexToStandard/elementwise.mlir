// RUN: pyopt %s --convert-complex-to-standard --split-input-file | filecheck %s

// CHECK-LABEL: func.func @add_f64
// CHECK-SAME: (%[[ARG0:.*]]: complex<f64>, %[[ARG1:.*]]: complex<f64>)
// CHECK: %[[RE1:.*]] = complex.re %[[ARG0]] : complex<f64>
// CHECK-NEXT: %[[RE2:.*]] = complex.re %[[ARG1]] : complex<f64>
// CHECK-NEXT: %[[ADDF3:.*]] = arith.addf %[[RE1]], %[[RE2]] : f64
// CHECK-NEXT: %[[IM4:.*]] = complex.im %[[ARG0]] : complex<f64>
// CHECK-NEXT: %[[IM5:.*]] = complex.im %[[ARG1]] : complex<f64>
// CHECK-NEXT: %[[ADDF6:.*]] = arith.addf %[[IM4]], %[[IM5]] : f64
// CHECK-NEXT: %[[CREATE7:.*]] = complex.create %[[ADDF3]], %[[ADDF6]] : complex<f64>
// CHECK-NEXT: return %[[CREATE7]] : complex<f64>
func.func @add_f64(%x: complex<f64>, %y: complex<f64>) -> complex<f64> {
  %r = complex.add %x, %y : complex<f64>
  return %r : complex<f64>
}

// -----

// CHECK-LABEL: func.func @sub_keeps_fastmath
// CHECK-SAME: (%[[ARG0:.*]]: complex<f32>, %[[ARG1:.*]]: complex<f32>)
// CHECK: %[[RE1:.*]] = complex.re %[[ARG0]] : complex<f32>
// CHECK-NEXT: %[[RE2:.*]] = complex.re %[[ARG1]] : complex<f32>
// CHECK-NEXT: %[[SUBF3:.*]] = arith.subf %[[RE1]], %[[RE2]] fastmath<nnan,contract> : f32
// CHECK-NEXT: %[[IM4:.*]] = complex.im %[[ARG0]] : complex<f32>
// CHECK-NEXT: %[[IM5:.*]] = complex.im %[[ARG1]] : complex<f32>
// CHECK-NEXT: %[[SUBF6:.*]] = arith.subf %[[IM4]], %[[IM5]] fastmath<nnan,contract> : f32
// CHECK-NEXT: %[[CREATE7:.*]] = complex.create %[[SUBF3]], %[[SUBF6]] : complex<f32>
// CHECK-NEXT: return %[[CREATE7]] : complex<f32>
func.func @sub_keeps_fastmath(%x: complex<f32>, %y: complex<f32>) -> complex<f32> {
  %r = complex.sub %x, %y fastmath<nnan,contract> : complex<f32>
  return %r : complex<f32>
}

// -----

// CHECK-LABEL: func.func @equal_and_not_equal
// CHECK-SAME: (%[[ARG0:.*]]: complex<f32>, %[[ARG1:.*]]: complex<f32>)
// CHECK: %[[RE1:.*]] = complex.re %[[ARG0]] : complex<f32>
// CHECK-NEXT: %[[IM2:.*]] = complex.im %[[ARG0]] : complex<f32>
// CHECK-NEXT: %[[RE3:.*]] = complex.re %[[ARG1]] : complex<f32>
// CHECK-NEXT: %[[IM4:.*]] = complex.im %[[ARG1]] : complex<f32>
// CHECK-NEXT: %[[CMPF5:.*]] = arith.cmpf oeq, %[[RE1]], %[[RE3]] : f32
// CHECK-NEXT: %[[CMPF6:.*]] = arith.cmpf oeq, %[[IM2]], %[[IM4]] : f32
// CHECK-NEXT: %[[ANDI7:.*]] = arith.andi %[[CMPF5]], %[[CMPF6]] : i1
// CHECK-NEXT: %[[RE8:.*]] = complex.re %[[ARG0]] : complex<f32>
// CHECK-NEXT: %[[IM9:.*]] = complex.im %[[ARG0]] : complex<f32>
// CHECK-NEXT: %[[RE10:.*]] = complex.re %[[ARG1]] : complex<f32>
// CHECK-NEXT: %[[IM11:.*]] = complex.im %[[ARG1]] : complex<f32>
// CHECK-NEXT: %[[CMPF12:.*]] = arith.cmpf une, %[[RE8]], %[[RE10]] : f32
// CHECK-NEXT: %[[CMPF13:.*]] = arith.cmpf une, %[[IM9]], %[[IM11]] : f32
// CHECK-NEXT: %[[ORI14:.*]] = arith.ori %[[CMPF12]], %[[CMPF13]] : i1
// CHECK-NEXT: return %[[ANDI7]], %[[ORI14]] : i1, i1
func.func @equal_and_not_equal(%x: complex<f32>, %y: complex<f32>) -> (i1, i1) {
  %e = complex.eq %x, %y : complex<f32>
  %n = complex.neq %x, %y : complex<f32>
  return %e, %n : i1, i1
}

// -----

// CHECK-LABEL: func.func @negate_then_conjugate
// CHECK-SAME: (%[[ARG:.*]]: complex<f16>)
// CHECK: %[[RE1:.*]] = complex.re %[[ARG]] : complex<f16>
// CHECK-NEXT: %[[IM2:.*]] = complex.im %[[ARG]] : complex<f16>
// CHECK-NEXT: %[[NEGF3:.*]] = arith.negf %[[RE1]] : f16
// CHECK-NEXT: %[[NEGF4:.*]] = arith.negf %[[IM2]] : f16
// CHECK-NEXT: %[[CREATE5:.*]] = complex.create %[[NEGF3]], %[[NEGF4]] : complex<f16>
// CHECK-NEXT: %[[RE6:.*]] = complex.re %[[CREATE5]] : complex<f16>
// CHECK-NEXT: %[[IM7:.*]] = complex.im %[[CREATE5]] : complex<f16>
// CHECK-NEXT: %[[NEGF8:.*]] = arith.negf %[[IM7]] : f16
// CHECK-NEXT: %[[CREATE9:.*]] = complex.create %[[RE6]], %[[NEGF8]] : complex<f16>
// CHECK-NEXT: return %[[CREATE9]] : complex<f16>
func.func @negate_then_conjugate(%x: complex<f16>) -> complex<f16> {
  %n = complex.neg %x : complex<f16>
  %c = complex.conj %n fastmath<fast> : complex<f16>
  return %c : complex<f16>
}

// -----

// CHECK-LABEL: func.func @angle_f64
// CHECK-SAME: (%[[ARG:.*]]: complex<f64>)
// CHECK: %[[RE1:.*]] = complex.re %[[ARG]] : complex<f64>
// CHECK-NEXT: %[[IM2:.*]] = complex.im %[[ARG]] : complex<f64>
// CHECK-NEXT: %[[ATAN23:.*]] = math.atan2 %[[IM2]], %[[RE1]] fastmath<afn> : f64
// CHECK-NEXT: return %[[ATAN23]] : f64
func.func @angle_f64(%x: complex<f64>) -> f64 {
  %a = complex.angle %x fastmath<afn> : complex<f64>
  return %a : f64
}

// -----

// CHECK-LABEL: func.func @untouched_ops
// CHECK-SAME: (%[[ARG:.*]]: complex<f32>)
// CHECK: %[[CONSTANT1:.*]] = complex.constant [5.000000e-01 : f32, -2.000000e+00 : f32] : complex<f32>
// CHECK-NEXT: %[[BITCAST2:.*]] = complex.bitcast %[[ARG]] : complex<f32> to i64
// CHECK-NEXT: %[[RE3:.*]] = complex.re %[[CONSTANT1]] : complex<f32>
// CHECK-NEXT: %[[IM4:.*]] = complex.im %[[ARG]] : complex<f32>
// CHECK-NEXT: %[[CREATE5:.*]] = complex.create %[[RE3]], %[[IM4]] : complex<f32>
// CHECK-NEXT: return %[[BITCAST2]], %[[CREATE5]] : i64, complex<f32>
func.func @untouched_ops(%x: complex<f32>) -> (i64, complex<f32>) {
  %c = complex.constant [0.5 : f32, -2.0 : f32] : complex<f32>
  %b = complex.bitcast %x : complex<f32> to i64
  %r = complex.re %c : complex<f32>
  %i = complex.im %x : complex<f32>
  %z = complex.create %r, %i : complex<f32>
  return %b, %z : i64, complex<f32>
}

