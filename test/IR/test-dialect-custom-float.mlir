// RUN: pyopt %s -split-input-file -verify-diagnostics | filecheck %s
// #test.custom_float reads its value with the semantics its string names.

// CHECK: a = #test.custom_float<"double" : -1.250000e-01>
// CHECK-SAME: b = #test.custom_float<"float" : 0x7F800000>
// CHECK-SAME: c = #test.custom_float<"fp80" : 3.000000e+00>
"test.op"() {a = #test.custom_float<"double" : -0.125>, b = #test.custom_float<"float" : 0x7F800000>, c = #test.custom_float<"fp80" : 3.0>} : () -> ()

// -----

// expected-error@+1 {{hexadecimal float constant out of range for type}}
"test.op"() {a = #test.custom_float<"float" : 0x1FFFFFFFF>} : () -> ()
