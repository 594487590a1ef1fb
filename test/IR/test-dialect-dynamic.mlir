// RUN: pyopt %s -allow-unregistered-dialect -split-input-file -verify-diagnostics | filecheck %s
// The test dialect's dynamic types, attributes and ops check their parameter counts only.

// CHECK-LABEL: func @params
// CHECK: "some.op"() {p = #test.dynamic_pair<#test.dynamic_singleton, 7 : i8>} : () -> !test.dynamic_pair<!test.dynamic_singleton, index>
// CHECK: "some.op"() : () -> !test.dynamic_custom_assembly_format<i1:i2>
// CHECK: %{{.*}}:2 = "test.dynamic_one_operand_two_results"(%{{.*}}) : (i8) -> (i1, i1)
// CHECK: test.dynamic_custom_parser_printer custom_keyword
func.func @params(%x: i8) {
  "some.op"() {p = #test.dynamic_pair<#test.dynamic_singleton, 7 : i8>} : () -> !test.dynamic_pair<!test.dynamic_singleton, index>
  "some.op"() : () -> !test.dynamic_custom_assembly_format<i1 : i2>
  "test.dynamic_one_operand_two_results"(%x) : (i8) -> (i1, i1)
  "test.dynamic_custom_parser_printer"() : () -> ()
  return
}

// -----

// expected-error@+1 {{expected 0 type arguments, but had 2}}
"some.op"() : () -> !test.dynamic_singleton<i1, i1>

// -----

// expected-error@+1 {{expected 2 attribute arguments, but had 0}}
"some.op"() {p = #test.dynamic_pair} : () -> ()

// -----

// expected-error@+1 {{'test.dynamic_one_operand_two_results' op expected 2 results, but had 1}}
%0 = "test.dynamic_one_operand_two_results"(%0) : (i1) -> i1

// -----

// expected-error@+1 {{expected a single result, no operands and no regions}}
%1:2 = "test_dyn.one_result"() : () -> (i1, i1)
