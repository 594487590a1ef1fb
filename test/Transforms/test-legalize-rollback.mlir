// RUN: pyopt %s -allow-unregistered-dialect -test-legalize-patterns -verify-diagnostics | filecheck %s

// The direct route to a legal op beats a longer one; among routes of one length the higher
// benefit wins. The listener sees only what the conversion keeps.
// CHECK:      notifyOperationInserted: test.legal_op_a, was unlinked
// CHECK-NEXT: notifyOperationReplaced: test.illegal_op_a
// CHECK-NEXT: notifyOperationModified: test.return
// CHECK-NEXT: notifyOperationErased: test.illegal_op_a
// CHECK-NEXT: notifyOperationInserted: test.illegal_op_e, was unlinked
// CHECK-NEXT: notifyOperationReplaced: test.illegal_op_c
// CHECK-NEXT: notifyOperationModified: test.return
// CHECK-NEXT: notifyOperationErased: test.illegal_op_c
// CHECK-NEXT: notifyOperationInserted: test.legal_op_a, was unlinked
// CHECK-NEXT: notifyOperationReplaced: test.illegal_op_e
// CHECK-NEXT: notifyOperationErased: test.illegal_op_e
// CHECK-NEXT: notifyOperationModified: test.recursive_rewrite
// CHECK-NEXT: notifyOperationModified: test.recursive_rewrite

// CHECK-LABEL: func.func @pick_direct
// CHECK-NEXT:    "test.legal_op_a"() <{status = "Success"}> : () -> i32
func.func @pick_direct() -> i32 {
  %0 = "test.illegal_op_a"() : () -> i32
  "test.return"(%0) : (i32) -> ()
}

// CHECK-LABEL: func.func @benefit_wins
// CHECK-NEXT:    "test.legal_op_a"() <{status = "Success"}> : () -> i32
func.func @benefit_wins() -> i32 {
  %0 = "test.illegal_op_c"() : () -> i32
  "test.return"(%0) : (i32) -> ()
}

// A moved op goes back into its region when the pattern fails.
// CHECK-LABEL: func.func @hoist_undone
// CHECK-NEXT:    "test.one_region_op"() ({
// CHECK-NEXT:      "test.hoist_me"
func.func @hoist_undone() {
  "test.one_region_op"() ({
    // expected-remark@+1 {{op 'test.hoist_me' is not legalizable}}
    %0 = "test.hoist_me"() : () -> i32
    "test.valid"(%0) : (i32) -> ()
  }) : () -> ()
  "test.return"() : () -> ()
}

// A property changed in place is restored.
// CHECK-LABEL: func.func @props_undone
// CHECK-NEXT:    test.with_properties <{a = 7 : i64, array = array<i64: 4, 3, 2, 1>, b = "x"}> {modify_inplace}
func.func @props_undone() {
  // expected-remark@+1 {{op 'test.with_properties' is not legalizable}}
  test.with_properties <{a = 7 : i64, array = array<i64: 4, 3, 2, 1>, b = "x"}> {modify_inplace}
  "test.return"() : () -> ()
}

// A pattern allowed to recurse on its own result runs until the op is legal.
// CHECK-LABEL: func.func @depth
// CHECK-NEXT:    test.recursive_rewrite 0
func.func @depth() {
  test.recursive_rewrite 2
  "test.return"() : () -> ()
}
