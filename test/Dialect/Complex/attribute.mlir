// RUN: pyopt %s -allow-unregistered-dialect | pyopt -allow-unregistered-dialect | filecheck %s

// The attribute is typed: its complex type follows it wherever it is printed.
// CHECK: a = #complex.number<:f32 1.000000e+00, -2.000000e+00> : complex<f32>
// Values are rounded to the element type; a trailing type is read and dropped.
// CHECK-SAME: b = #complex.number<:f16 9.997550e-02, 3.333980e+00> : complex<f16>
// Hex literals are f64 bit patterns; non-finite values print in hex.
// CHECK-SAME: c = [#complex.number<:f64 0x7FF0000000000000, 1.000000e+00> : complex<f64>]
// CHECK-SAME: d = #complex.number<:f32 -0.000000e+00, 0.000000e+00> : complex<f32>
"test.op"() {a = #complex.number<:f32 1.0, -2.0>,
             b = #complex.number<:f16 0.1, 3.3333> : complex<f16>,
             c = [#complex.number<:f64 0x7FF0000000000000, 0x3FF0000000000000>],
             d = #complex.number<:f32 -1.0e-300, 0.0>} : () -> ()
