// RUN: pyopt %s -allow-unregistered-dialect -snapshot-op-locations='filename=%t' -mlir-print-debuginfo -mlir-print-local-scope | filecheck %s -DFILE=%t
// RUN: pyopt %s -allow-unregistered-dialect -snapshot-op-locations='filename=%t tag=snap' -mlir-print-debuginfo -mlir-print-local-scope | filecheck %s -DFILE=%t --check-prefix=TAG
// RUN: cat %t | filecheck %s --check-prefix=FILE

// Each op's new location is where its text starts in the snapshot: line 1-based, column
// its indentation.
// CHECK: %0 = "producer"() : () -> i32 loc("[[FILE]]":3:4)
// CHECK-NEXT: return %0 : i32 loc("[[FILE]]":4:4)
// CHECK-NEXT: } loc("[[FILE]]":2:2)
// CHECK-NEXT: } loc("[[FILE]]":1:0)

// TAG: loc(fused["here", "snap"("[[FILE]]":3:4)])

// FILE: module {
// FILE-NEXT: func.func @f() -> i32 {
// FILE-NEXT: "producer"() : () -> i32 loc("here")
func.func @f() -> i32 {
  %0 = "producer"() : () -> i32 loc("here")
  return %0 : i32
}
