// RUN: pyopt %s -test-opaque-loc -mlir-print-debuginfo -mlir-print-local-scope | filecheck %s
// Opaque locations print as their fallback location.

func.func @f() -> i8 {
  %0 = "test.make"() : () -> i8 loc("here")
  return %0 : i8
}

// CHECK: MyLocation: 0: 'test.make' op
// CHECK-NEXT: nullptr: 'test.make' op
// CHECK-NEXT: MyLocation: 0: 'test.make' op
// CHECK-NEXT: MyLocation: 1: 'func.return' op
// CHECK-NEXT: MyLocation: 2: 'func.func' op
// CHECK-NEXT: : 'builtin.module' op
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @f() -> i8 {
// CHECK-NEXT:     %0 = "test.make"() : () -> i8 loc("here")
// CHECK-NEXT:     %1 = "test.make"() : () -> i8 loc("here")
// CHECK-NEXT:     %2 = "test.make"() : () -> i8 loc(unknown)
// CHECK-NEXT:     return %2 : i8 loc(unknown)
// CHECK-NEXT:   } loc(unknown)
// CHECK-NEXT: } loc("{{.*}}test-ir-opaque-loc.mlir":0:0)
