// RUN: pyopt %s -split-input-file -verify-diagnostics | filecheck %s
// Attribute constraints of the test dialect's checking ops, and their custom forms.

// CHECK-LABEL: func @accepted
// CHECK: test.op_with_enum  second tag "x"
// CHECK: test.op_with_bit_enum <read, execute>
// CHECK: test.op_with_bit_enum_vbar <group | other>
// CHECK: test.type_attr_of i64
// CHECK: test.default_value_print %arg0
// CHECK: test.default_value_print {value_with_default = 3 : i32} %arg0
// CHECK: test.dense_array_attr i1attr = [false, true] i8attr = [7] i16attr = [] i32attr = [1, 2] i64attr = [9] f32attr = [5.000000e-01] f64attr = [] emptyattr = []
func.func @accepted(%arg0: i32) {
  "test.op_with_enum"() {value = #test<enum second>, tag = "x"} : () -> ()
  test.op_with_bit_enum <execute, read>
  "test.op_with_bit_enum_vbar"() {value = #test.bit_enum_vbar<other|group>} : () -> ()
  test.type_attr_of i64
  "test.default_value_print"(%arg0) {value_with_default = 0 : i32} : (i32) -> ()
  "test.default_value_print"(%arg0) {value_with_default = 3 : i32} : (i32) -> ()
  test.dense_array_attr i1attr = [false, true] i8attr = [7] i16attr = [] i32attr = [1, 2] i64attr = [9] f32attr = [0.5] f64attr = [] emptyattr = []
  "test.confined_dense_array_attr"() {emptyattr = array<i16>, i32attr = array<i32: 4, 4>, i64attr = array<i64: -1, 0>} : () -> ()
  "test.int_attrs"() {any_i32_attr = 1 : si32, index_attr = 0 : index, ui32_attr = 2 : ui32, si32_attr = 3 : si32} : () -> ()
  return
}

// -----

// expected-error@+1 {{'test.positive_int_attr' op attribute 'i32attr' failed to satisfy constraint: 32-bit signless integer attribute whose value is positive}}
"test.positive_int_attr"() {i32attr = 0 : i32, i64attr = 1 : i64} : () -> ()

// -----

// expected-error@+1 {{attribute 'f32attr' failed to satisfy constraint: f32 dense array attribute whose value is non-negative}}
"test.confined_non_negative_attr"() {i8attr = array<i8: 0>, i16attr = array<i16>, i32attr = array<i32>, i64attr = array<i64>, f32attr = array<f32: -0.5>, f64attr = array<f64>, emptyattr = array<i16>} : () -> ()

// -----

// expected-error@+1 {{attribute 'vector_i32_attr' failed to satisfy constraint: 32-bit signless int elements attribute of shape [2]}}
"test.ranked_int_elements_attr"() {vector_i32_attr = dense<1> : tensor<3xi32>, matrix_i64_attr = dense<0> : tensor<4x8xi64>} : () -> ()

// -----

// expected-error@+1 {{attribute 'attr' failed to satisfy constraint: allowed 64-bit signless integer cases: 5, 10}}
%0 = "test.i64_enum_attr"() {attr = 6 : i64} : () -> i32

// -----

// expected-error@+2 {{expected test::TestBitEnumVerticalBar to be one of: user, group, other}}
// expected-error@+1 {{failed to parse TestBitEnumVerticalBarAttr}}
test.op_with_bit_enum_vbar <user | world>
