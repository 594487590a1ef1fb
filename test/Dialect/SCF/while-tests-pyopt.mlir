// RUN: pyopt %s -pass-pipeline='builtin.module(func.func(test-scf-uplift-while-to-for))' -split-input-file | filecheck %s --check-prefix=UPLIFT
// RUN: pyopt %s -test-wrap-scf-while-loop-in-zero-trip-check -split-input-file | filecheck %s --check-prefix=WRAP

// A counting while loop becomes scf.for; its final counter value is recomputed after it.
// UPLIFT-LABEL: func.func @count
// UPLIFT-SAME: (%[[LB:.*]]: index, %[[UB:.*]]: index, %[[ST:.*]]: index)
// UPLIFT: scf.for %[[I:.*]] = %[[LB]] to %[[UB]] step %[[ST]] {
// UPLIFT-NEXT: "test.use"(%[[I]])
// UPLIFT: arith.divsi
// WRAP-LABEL: func.func @count
// WRAP: %[[C:.*]] = arith.cmpi slt
// WRAP: scf.if %[[C]] -> (index) {
// WRAP: scf.while
// WRAP: } else {
func.func @count(%lb: index, %ub: index, %step: index) -> index {
  %r = scf.while (%i = %lb) : (index) -> index {
    %c = arith.cmpi slt, %i, %ub : index
    scf.condition(%c) %i : index
  } do {
  ^bb0(%j: index):
    "test.use"(%j) : (index) -> ()
    %n = arith.addi %j, %step : index
    scf.yield %n : index
  }
  return %r : index
}
