// RUN: pyopt %s -split-input-file -verify-diagnostics | filecheck %s
// Region counts and sizes of the test dialect's region ops, graph regions without
// terminators, and the order in which test.verifiers is checked.

// CHECK-LABEL: func @shapes
// CHECK: test.variadic_no_terminator_op : {
// CHECK-NEXT: test.a
// CHECK-NEXT: }, {
// CHECK-NEXT: test.b
// CHECK-NEXT: }, {
// CHECK-NEXT: test.c
// CHECK: test.single_no_terminator_custom_asm_op{
// CHECK-NEXT: "test.kept"() : () -> ()
// CHECK: %{{.*}}:2, %{{.*}}, %{{.*}}:2 = "test.mixed_normal_variadic_result"
func.func @shapes() {
  "test.variadic_no_terminator_op"() ({
    "test.a"() : () -> ()
  }, {
    "test.b"() : () -> ()
  }, {
    "test.c"() : () -> ()
  }) : () -> ()
  test.single_no_terminator_custom_asm_op {
    "test.kept"() : () -> ()
  }
  %0:5 = "test.mixed_normal_variadic_result"() : () -> (tensor<i1>, tensor<i1>, tensor<i1>, tensor<i1>, tensor<i1>)
  return
}

// -----

// expected-error@+1 {{'test.two_region_op' op expected 2 regions}}
"test.two_region_op"() ({}) : () -> ()

// -----

// expected-error@+1 {{region #0 ('my_region') failed to verify constraint: region with 2 blocks}}
"test.sized_region_op"() ({
  "test.x"() : () -> ()
}, {
  "test.y"() : () -> ()
}) : () -> ()

// -----

// The region count is checked before the operand types.
%c = arith.constant 0 : i64
// expected-error@+1 {{'test.verifiers' op requires one region}}
"test.verifiers"(%c) : (i64) -> ()

// -----

%c = arith.constant 0 : i32
// expected-remark@+1 {{success run of verifier}}
"test.verifiers"(%c) ({
  // expected-remark@-1 {{success run of region verifier}}
  %d = arith.constant 1 : i32
}) : (i32) -> ()
