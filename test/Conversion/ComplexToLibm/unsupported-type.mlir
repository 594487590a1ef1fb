// RUN: not pyopt %s --convert-complex-to-libm 2>&1 | filecheck %s

// There is no libm function for complex<f16>: the op stays illegal and the pass fails.
// CHECK: error: failed to legalize operation 'complex.tanh' that was explicitly marked illegal
func.func @half(%x: complex<f16>) -> complex<f16> {
  %0 = complex.tanh %x : complex<f16>
  return %0 : complex<f16>
}
