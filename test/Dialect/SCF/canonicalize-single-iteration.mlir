// A loop that runs exactly once is replaced by its body; what it yields may be its own
// iteration arguments (here swapped), which then stand for the loop's initial values.
// RUN: pyopt %s --canonicalize | filecheck %s

// CHECK-LABEL: func.func @swap_once
// CHECK-SAME: (%[[A:.*]]: i64, %[[B:.*]]: i64)
// CHECK-NEXT:   return %[[B]], %[[A]] : i64, i64
func.func @swap_once(%a: i64, %b: i64) -> (i64, i64) {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c2 = arith.constant 2 : index
  %r:2 = scf.for %i = %c1 to %c3 step %c2 iter_args(%x = %a, %y = %b) -> (i64, i64) {
    scf.yield %y, %x : i64, i64
  }
  return %r#0, %r#1 : i64, i64
}

// CHECK-LABEL: func.func @once_with_body
// CHECK-SAME: (%[[A:.*]]: i64, %[[M:.*]]: memref<i64>)
// CHECK-NEXT:   %[[S:.*]] = arith.addi %[[A]], %[[A]] : i64
// CHECK-NEXT:   memref.store %[[A]], %[[M]][] : memref<i64>
// CHECK-NEXT:   return %[[S]], %[[A]] : i64, i64
func.func @once_with_body(%a: i64, %m: memref<i64>) -> (i64, i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %c0 to %c1 step %c1 iter_args(%x = %a, %y = %a) -> (i64, i64) {
    %s = arith.addi %x, %y : i64
    memref.store %y, %m[] : memref<i64>
    scf.yield %s, %x : i64, i64
  }
  return %r#0, %r#1 : i64, i64
}
