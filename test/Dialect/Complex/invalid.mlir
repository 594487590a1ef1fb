// RUN: pyopt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect

func.func @create_mismatch(%a: f32, %b: f64) {
  // expected-error@+1 {{'complex.create' op failed to verify that all of {real, imaginary} have same type}}
  %0 = "complex.create"(%a, %b) : (f32, f64) -> complex<f32>
  return
}

// -----

func.func @create_elem(%a: f32) {
  // expected-error@+1 {{'complex.create' op failed to verify that complex element type matches real operand type}}
  %0 = "complex.create"(%a, %a) : (f32, f32) -> complex<f64>
  return
}

// -----

func.func @re_result(%a: complex<f32>) {
  // expected-error@+1 {{'complex.re' op failed to verify that complex element type matches result type}}
  %0 = "complex.re"(%a) : (complex<f32>) -> f64
  return
}

// -----

func.func @int_complex(%a: complex<i32>) {
  // expected-error@+1 {{op operand #0 must be complex type with floating-point elements, but got 'complex<i32>'}}
  %0 = "complex.neg"(%a) : (complex<i32>) -> complex<i32>
  return
}

// -----

func.func @not_complex(%a: tensor<2xcomplex<f32>>) {
  // expected-error@+1 {{invalid kind of type specified}}
  %0 = complex.add %a, %a : tensor<2xcomplex<f32>>
  return
}

// -----

func.func @eq_result(%a: complex<f32>) {
  // expected-error@+1 {{'complex.eq' op result #0 must be 1-bit signless integer, but got 'i32'}}
  %0 = "complex.eq"(%a, %a) : (complex<f32>, complex<f32>) -> i32
  return
}

// -----

func.func @eq_operands(%a: complex<f32>, %b: complex<f64>) {
  // expected-error@+1 {{'complex.eq' op failed to verify that all of {lhs, rhs} have same type}}
  %0 = "complex.eq"(%a, %b) : (complex<f32>, complex<f64>) -> i1
  return
}

// -----

func.func @constant_length() {
  // expected-error@+1 {{requires 'value' to be a complex constant, represented as array of two values}}
  %0 = complex.constant [1.0 : f32, 2.0 : f32, 3.0 : f32] : complex<f32>
  return
}

// -----

func.func @constant_kind() {
  // expected-error@+1 {{requires attribute's elements to be float or integer attributes}}
  %0 = complex.constant [1.0 : f32, "x"] : complex<f32>
  return
}

// -----

func.func @constant_default_int_type() {
  // expected-error@+1 {{requires attribute's element types ('f32', 'i64') to match the element type of the op's return type ('f32')}}
  %0 = complex.constant [1.0 : f32, 2] : complex<f32>
  return
}

// -----

func.func @constant_not_array() {
  // expected-error@+1 {{'complex.constant' op attribute 'value' failed to satisfy constraint: array attribute}}
  %0 = "complex.constant"() {value = 1} : () -> complex<f32>
  return
}

// -----

func.func @constant_type() {
  // expected-error@+1 {{invalid kind of type specified}}
  %0 = complex.constant [1.0 : f32, 2.0 : f32] : f32
  return
}

// -----

func.func @bitcast_width(%a: complex<f32>) {
  // expected-error@+1 {{'complex.bitcast' op casting bitwidths do not match}}
  %0 = complex.bitcast %a : complex<f32> to i32
  return
}

// -----

func.func @bitcast_result(%a: complex<f32>) {
  // expected-error@+1 {{'complex.bitcast' op result must be int/float/complex}}
  %0 = complex.bitcast %a : complex<f32> to vector<2xf32>
  return
}

// -----

func.func @bitcast_operand(%a: index) {
  // expected-error@+1 {{'complex.bitcast' op operand must be int/float/complex}}
  %0 = complex.bitcast %a : index to complex<f32>
  return
}

// -----

func.func @bitcast_no_complex(%a: i64) {
  // expected-error@+1 {{'complex.bitcast' op requires that either input or output has a complex type}}
  %0 = complex.bitcast %a : i64 to f64
  return
}

// -----

// expected-error@+2 {{unexpected decimal integer literal for a floating point value}}
// expected-note@+1 {{add a trailing dot to make the literal a float}}
"test.op"() {a = #complex.number<:f32 1, 2.0>} : () -> ()

// -----

// expected-error@+1 {{hexadecimal float literal should not have a leading minus}}
"test.op"() {a = #complex.number<:f32 -0x1, 2.0>} : () -> ()

// -----

// expected-error@+1 {{expected ':'}}
"test.op"() {a = #complex.number<f32 1.0, 2.0>} : () -> ()
