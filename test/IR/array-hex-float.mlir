// RUN: pyopt %s | filecheck %s
// RUN: pyopt %s | pyopt | filecheck %s

// In an array an f64 drops its type, unless it is printed in hex (NaN, infinities): a bare hex
// literal would read back as an integer.

// CHECK: t.a = [0xFFF0000000000000 : f64, 0x7FF8000000000000 : f64, 2.000000e+00, 7, 0x7F800000 : f32]
module attributes {t.a = [0xFFF0000000000000 : f64, 0x7FF8000000000000 : f64, 2.0 : f64, 7 : i64, 0x7F800000 : f32]} {}
