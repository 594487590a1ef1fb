// RUN: pyopt %s -test-scf-pipelining | filecheck %s
// RUN: pyopt %s -test-scf-pipelining=no-epilogue-peeling | filecheck %s --check-prefix=PRED

// Two stages: the load of iteration i+1 overlaps the store of iteration i.
// CHECK-LABEL: func.func @copy
// CHECK: %[[L0:.*]] = memref.load %{{.*}}[%{{.*}}]
// CHECK: %[[R:.*]] = scf.for %[[I:.*]] = {{.*}} iter_args(%[[V:.*]] = %[[L0]]) -> (f32) {
// CHECK: memref.store %[[V]], %{{.*}}[%[[I]]]
// CHECK: %[[NEXT:.*]] = memref.load
// CHECK: scf.yield %[[NEXT]] : f32
// CHECK: memref.store %[[R]]

// PRED-LABEL: func.func @copy
// PRED: scf.for
// PRED: arith.cmpi slt
// PRED: scf.if
// PRED: memref.load
func.func @copy(%a: memref<?xf32>, %b: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  scf.for %i = %c0 to %c6 step %c1 {
    %v = memref.load %a[%i] {__test_pipelining_stage__ = 0, __test_pipelining_op_order__ = 1} : memref<?xf32>
    memref.store %v, %b[%i] {__test_pipelining_stage__ = 1, __test_pipelining_op_order__ = 0} : memref<?xf32>
  } {__test_pipelining_loop__}
  return
}
