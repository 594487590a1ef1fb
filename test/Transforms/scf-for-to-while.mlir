// RUN: pyopt %s --scf-for-to-while | filecheck %s

// The induction variable is carried first; the loop's own results are the while's results
// after it, and discardable attributes move to the scf.while.
// CHECK-LABEL: func.func @sum
// CHECK-SAME: (%[[LB:.*]]: index, %[[UB:.*]]: index, %[[ST:.*]]: index, %[[INIT:.*]]: f32)
func.func @sum(%lb: index, %ub: index, %step: index, %init: f32) -> f32 {
  // CHECK: %[[W:.*]]:2 = scf.while (%[[I:.*]] = %[[LB]], %[[ACC:.*]] = %[[INIT]]) : (index, f32) -> (index, f32) {
  // CHECK-NEXT: %[[C:.*]] = arith.cmpi slt, %[[I]], %[[UB]] : index
  // CHECK-NEXT: scf.condition(%[[C]]) %[[I]], %[[ACC]] : index, f32
  // CHECK-NEXT: } do {
  // CHECK-NEXT: ^bb0(%[[I2:.*]]: index, %[[ACC2:.*]]: f32):
  // CHECK-NEXT: %[[NEXT:.*]] = arith.addi %[[I2]], %[[ST]] : index
  // CHECK-NEXT: %[[ADD:.*]] = arith.addf %[[ACC2]], %[[ACC2]] : f32
  // CHECK-NEXT: scf.yield %[[NEXT]], %[[ADD]] : index, f32
  // CHECK-NEXT: } attributes {tag = "outer"}
  // CHECK-NEXT: return %[[W]]#1 : f32
  %r = scf.for %i = %lb to %ub step %step iter_args(%acc = %init) -> (f32) {
    %n = arith.addf %acc, %acc : f32
    scf.yield %n : f32
  } {tag = "outer"}
  return %r : f32
}
