// RUN: pyopt %s -test-loop-unrolling='unroll-factor=4' | filecheck %s

// 10 iterations by 4: the unrolled loop covers 8, a copy runs the last two.
// CHECK-LABEL: func.func @sum
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK: %[[R:.*]] = scf.for %{{.*}} = %{{.*}} to %[[C8]] step %[[C4]] iter_args
// CHECK-COUNT-4: arith.addi
// CHECK: scf.yield
// CHECK: scf.for %{{.*}} = %[[C8]] to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %[[R]])
func.func @sum() -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %r = scf.for %i = %c0 to %c10 step %c1 iter_args(%acc = %c0) -> index {
    %s = arith.addi %acc, %i : index
    scf.yield %s : index
  }
  return %r : index
}
