// RUN: pyopt %s --allow-unregistered-dialect -pass-pipeline='builtin.module(func.func(test-scf-parallel-loop-collapsing{collapsed-indices-0=1,0}))' | filecheck %s

// Two dimensions, one with a non-unit step and offset, fold into one.
// CHECK-LABEL: func.func @merge_two
// CHECK: scf.parallel (%[[I:.*]]) =
// CHECK: %[[R:.*]] = arith.remsi %[[I]]
// CHECK: %[[Q:.*]] = arith.divsi %[[I]]
// CHECK: "use.both"
func.func @merge_two(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  scf.parallel (%i, %j) = (%c0, %c1) to (%n, %c5) step (%c1, %c2) {
    "use.both"(%i, %j) : (index, index) -> ()
    scf.reduce
  }
  return
}
