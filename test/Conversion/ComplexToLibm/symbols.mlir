// RUN: pyopt %s --convert-complex-to-libm --split-input-file | filecheck %s

// A function already declared is called, not declared again; ops without a libm function
// (exp, add) stay.
// CHECK-LABEL: module {
// CHECK-NEXT: func.func private @ccos(complex<f64>) -> complex<f64>
// CHECK-NEXT: func.func private @csin(complex<f64>) -> complex<f64> attributes {my.note}
// CHECK-NOT: func.func private
// CHECK-LABEL: func.func @reuse
// CHECK-SAME: (%[[X:.*]]: complex<f64>)
// CHECK-NEXT: %[[S:.*]] = call @csin(%[[X]]) : (complex<f64>) -> complex<f64>
// CHECK-NEXT: %[[E:.*]] = complex.exp %[[S]] : complex<f64>
// CHECK-NEXT: %[[A:.*]] = complex.add %[[E]], %[[X]] : complex<f64>
// CHECK-NEXT: %[[C:.*]] = call @ccos(%[[A]]) : (complex<f64>) -> complex<f64>
// CHECK-NEXT: %[[S2:.*]] = call @csin(%[[C]]) : (complex<f64>) -> complex<f64>
// CHECK-NEXT: return %[[S2]] : complex<f64>
func.func private @csin(complex<f64>) -> complex<f64> attributes {my.note}
func.func @reuse(%x: complex<f64>) -> complex<f64> {
  %0 = complex.sin %x : complex<f64>
  %1 = complex.exp %0 : complex<f64>
  %2 = complex.add %1, %x : complex<f64>
  %3 = complex.cos %2 : complex<f64>
  %4 = complex.sin %3 : complex<f64>
  return %4 : complex<f64>
}

// -----

// Declarations go into the nearest symbol table: the inner module gets its own.
// CHECK-LABEL: module {
// CHECK-NEXT: func.func private @csqrtf(complex<f32>) -> complex<f32>
// CHECK-NEXT: module @inner {
// CHECK-NEXT: func.func private @csqrtf(complex<f32>) -> complex<f32>
// CHECK-NEXT: func.func @g
// CHECK-NEXT: call @csqrtf
// CHECK: func.func @f
// CHECK-NEXT: call @csqrtf
module {
  module @inner {
    func.func @g(%x: complex<f32>) -> complex<f32> {
      %0 = complex.sqrt %x : complex<f32>
      return %0 : complex<f32>
    }
  }
  func.func @f(%x: complex<f32>) -> complex<f32> {
    %0 = complex.sqrt %x : complex<f32>
    return %0 : complex<f32>
  }
}
