// RUN: pyopt -test-print-invalid %s | filecheck %s
// RUN: pyopt -test-print-invalid %s --mlir-print-assume-verified | filecheck %s --check-prefix=ASSUMED
// An op that does not verify prints in generic form, unless verification is assumed.

module {}

// CHECK: Invalid operation:
// CHECK-NEXT: "func.func"() <{function_type = () -> (), sym_name = "test"}> ({
// CHECK-NEXT: ^bb0:
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: Valid operation:
// CHECK-NEXT: func.func @test() {
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: module {
// CHECK-NEXT: }

// ASSUMED: Invalid operation:
// ASSUMED-NEXT: func.func @test() {
// ASSUMED-NEXT: }
