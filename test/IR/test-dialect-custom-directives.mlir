// RUN: pyopt %s -split-input-file -verify-diagnostics | filecheck %s
// A dimension list directive and a custom directive anchoring an optional group.

// CHECK: test.custom_dimension_list_attr dimension_list = 4x?x0
// CHECK: test.custom_dimension_list_attr dimension_list = []
// CHECK: test.optional_custom_attr foo true
// CHECK: test.optional_custom_attr bar
test.custom_dimension_list_attr dimension_list = 4x?x0
"test.custom_dimension_list_attr"() {dimension_list = array<i64>} : () -> ()
test.optional_custom_attr foo true
test.optional_custom_attr bar

// -----

// expected-error@+1 {{Failed parsing dimension list. Did you mean an empty list? It must be denoted by "[]".}}
test.custom_dimension_list_attr dimension_list = x3

// -----

// expected-error@+2 {{invalid dimension}}
// expected-error@+1 {{custom op 'test.custom_dimension_list_attr' Failed parsing dimension list.}}
test.custom_dimension_list_attr dimension_list = 2x?x
