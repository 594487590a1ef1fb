// RUN: pyopt %s -pass-pipeline='builtin.module(func.func(scf-forall-to-for))' | filecheck %s --check-prefix=FOR
// RUN: pyopt %s -pass-pipeline='builtin.module(func.func(scf-forall-to-parallel))' | filecheck %s --check-prefix=PAR
// RUN: pyopt %s -scf-for-loop-specialization | filecheck %s --check-prefix=SPEC
// RUN: pyopt %s -pass-pipeline='builtin.module(func.func(scf-for-loop-range-folding))' | filecheck %s --check-prefix=RANGE

// FOR-LABEL: func.func @grid
// FOR: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step
// FOR: scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step
// FOR: "test.use"(%[[I]], %[[J]])
// PAR-LABEL: func.func @grid
// PAR: scf.parallel (%[[I:.*]], %[[J:.*]]) =
// PAR: "test.use"(%[[I]], %[[J]])
// PAR: scf.reduce
func.func @grid(%n: index) {
  scf.forall (%i, %j) in (4, %n) {
    "test.use"(%i, %j) : (index, index) -> ()
  }
  return
}

// SPEC-LABEL: func.func @spec
// SPEC: %[[C4:.*]] = arith.constant 4 : index
// SPEC: %[[EQ:.*]] = arith.cmpi eq, %{{.*}}, %[[C4]] : index
// SPEC: scf.if %[[EQ]] {
// SPEC: scf.for %{{.*}} = %{{.*}} to %[[C4]]
// SPEC: } else {
// SPEC: scf.for
func.func @spec(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ub = affine.min affine_map<()[s0] -> (4, s0)> ()[%n]
  scf.for %i = %c0 to %ub step %c1 {
    "test.use"(%i) : (index) -> ()
  }
  return
}

// RANGE-LABEL: func.func @shifted
// RANGE: %[[LB:.*]] = arith.addi %{{.*}}, %[[K:.*]] : index
// RANGE: %[[UB:.*]] = arith.addi %{{.*}}, %[[K]] : index
// RANGE: scf.for %[[I:.*]] = %[[LB]] to %[[UB]]
// RANGE-NEXT: "test.use"(%[[I]])
func.func @shifted(%n: index, %k: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %j = arith.addi %i, %k : index
    "test.use"(%j) : (index) -> ()
  }
  return
}
