// RUN: pyopt %s --convert-complex-to-libm | filecheck %s

// Each function is declared once, private, at the top of the module; a declaration made
// later goes above the earlier ones.
// CHECK-LABEL: module {
// CHECK-NEXT: func.func private @cpowf(complex<f32>, complex<f32>) -> complex<f32>
// CHECK-NEXT: func.func private @cargf(complex<f32>) -> f32
// CHECK-NEXT: func.func private @cabsf(complex<f32>) -> f32
// CHECK-NEXT: func.func private @csin(complex<f64>) -> complex<f64>
// CHECK-NEXT: func.func private @carg(complex<f64>) -> f64
// CHECK-NEXT: func.func private @cabs(complex<f64>) -> f64
// CHECK-NEXT: func.func private @cpow(complex<f64>, complex<f64>) -> complex<f64>
// CHECK-NEXT: func.func private @ctanf(complex<f32>) -> complex<f32>
// CHECK-NEXT: func.func private @clogf(complex<f32>) -> complex<f32>
// CHECK-NEXT: func.func private @conjf(complex<f32>) -> complex<f32>
// CHECK-NEXT: func.func private @csinf(complex<f32>) -> complex<f32>
// CHECK-NEXT: func.func private @ccosf(complex<f32>) -> complex<f32>
// CHECK-NEXT: func.func private @ctanhf(complex<f32>) -> complex<f32>
// CHECK-NEXT: func.func private @csqrtf(complex<f32>) -> complex<f32>

// CHECK-LABEL: func.func @unary_f32(%arg0: complex<f32>) -> (complex<f32>, complex<f32>, complex<f32>, complex<f32>, complex<f32>, complex<f32>, complex<f32>) {
// CHECK-NEXT: %0 = call @csqrtf(%arg0) : (complex<f32>) -> complex<f32>
// CHECK-NEXT: %1 = call @ctanhf(%0) : (complex<f32>) -> complex<f32>
// CHECK-NEXT: %2 = call @ccosf(%1) : (complex<f32>) -> complex<f32>
// CHECK-NEXT: %3 = call @csinf(%2) : (complex<f32>) -> complex<f32>
// CHECK-NEXT: %4 = call @conjf(%3) : (complex<f32>) -> complex<f32>
// CHECK-NEXT: %5 = call @clogf(%4) : (complex<f32>) -> complex<f32>
// CHECK-NEXT: %6 = call @ctanf(%5) : (complex<f32>) -> complex<f32>
// CHECK-NEXT: return %0, %1, %2, %3, %4, %5, %6 : complex<f32>, complex<f32>, complex<f32>, complex<f32>, complex<f32>, complex<f32>, complex<f32>
// CHECK-LABEL: func.func @f64_and_real_results(%arg0: complex<f64>, %arg1: complex<f64>) -> (complex<f64>, f64, f64, complex<f64>) {
// CHECK-NEXT: %0 = call @cpow(%arg0, %arg1) : (complex<f64>, complex<f64>) -> complex<f64>
// CHECK-NEXT: %1 = call @cabs(%0) : (complex<f64>) -> f64
// CHECK-NEXT: %2 = call @carg(%0) : (complex<f64>) -> f64
// CHECK-NEXT: %3 = call @csin(%0) : (complex<f64>) -> complex<f64>
// CHECK-NEXT: return %0, %1, %2, %3 : complex<f64>, f64, f64, complex<f64>
// CHECK-LABEL: func.func @f32_real_results(%arg0: complex<f32>) -> (f32, f32, complex<f32>) {
// CHECK-NEXT: %0 = call @cabsf(%arg0) : (complex<f32>) -> f32
// CHECK-NEXT: %1 = call @cargf(%arg0) : (complex<f32>) -> f32
// CHECK-NEXT: %2 = call @cpowf(%arg0, %arg0) : (complex<f32>, complex<f32>) -> complex<f32>
// CHECK-NEXT: return %0, %1, %2 : f32, f32, complex<f32>

func.func @unary_f32(%x: complex<f32>) -> (complex<f32>, complex<f32>, complex<f32>, complex<f32>, complex<f32>, complex<f32>, complex<f32>) {
  %0 = complex.sqrt %x : complex<f32>
  %1 = complex.tanh %0 : complex<f32>
  %2 = complex.cos %1 : complex<f32>
  %3 = complex.sin %2 : complex<f32>
  %4 = complex.conj %3 : complex<f32>
  %5 = complex.log %4 : complex<f32>
  %6 = complex.tan %5 : complex<f32>
  return %0, %1, %2, %3, %4, %5, %6 : complex<f32>, complex<f32>, complex<f32>, complex<f32>, complex<f32>, complex<f32>, complex<f32>
}
func.func @f64_and_real_results(%x: complex<f64>, %y: complex<f64>) -> (complex<f64>, f64, f64, complex<f64>) {
  %p = complex.pow %x, %y : complex<f64>
  %a = complex.abs %p : complex<f64>
  %g = complex.angle %p : complex<f64>
  %s = complex.sin %p : complex<f64>
  return %p, %a, %g, %s : complex<f64>, f64, f64, complex<f64>
}
func.func @f32_real_results(%x: complex<f32>) -> (f32, f32, complex<f32>) {
  %a = complex.abs %x : complex<f32>
  %g = complex.angle %x : complex<f32>
  %p = complex.pow %x, %x : complex<f32>
  return %a, %g, %p : f32, f32, complex<f32>
}
