// RUN: pyopt %s -allow-unregistered-dialect -test-legalize-patterns -test-legalize-mode=analysis -verify-diagnostics | filecheck %s --check-prefix=ANALYSIS
// RUN: pyopt %s -allow-unregistered-dialect -test-legalize-patterns -test-legalize-mode=full | filecheck %s --check-prefix=FULL

// Analysis reports the ops that could be legalized (not the ops the patterns would create)
// and changes nothing; a full conversion converts them.
// ANALYSIS-LABEL: func.func @probe
// ANALYSIS-NEXT:    "test.illegal_op_c"
// ANALYSIS-NEXT:    "test.type_producer"() : () -> i32
// FULL-LABEL: func.func @probe
// FULL-NEXT:    "test.legal_op_a"() <{status = "Success"}>
// FULL-NEXT:    "test.type_producer"() : () -> f64
// expected-remark@+1 {{op 'builtin.module' is legalizable}}
module {
  // expected-remark@+1 {{op 'func.func' is legalizable}}
  func.func @probe() {
    // expected-remark@+1 {{op 'test.illegal_op_c' is legalizable}}
    %0 = "test.illegal_op_c"() : () -> i32
    // expected-remark@+1 {{op 'test.type_producer' is legalizable}}
    %1 = "test.type_producer"() : () -> i32
    // expected-remark@+1 {{op 'test.return' is legalizable}}
    "test.return"() : () -> ()
  }
}

// A bad value of the tool-level mode option is llvm::cl's complaint.
// RUN: not pyopt %s --test-legalize-patterns --test-legalize-mode=sometimes 2>&1 | filecheck %s --check-prefix=BADMODE
// BADMODE: pyopt: for the --test-legalize-mode option: Cannot find option named 'sometimes'!
