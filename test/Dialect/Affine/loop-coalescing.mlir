// RUN: pyopt %s --split-input-file --affine-loop-coalescing --cse | filecheck %s

// Two scf loops, the outer one not normalized, carrying a value through both.
// CHECK-LABEL: func @scf_chain
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK: %[[N:.*]] = arith.muli %[[C4]], %[[C8]] : index
// CHECK: %{{.*}} = scf.for %[[IV:.*]] = %[[C0]] to %[[N]] step %[[C1]] iter_args(%[[A:.*]] = %{{.*}}) -> (f32) {
// CHECK-NEXT:   %[[J:.*]] = arith.remsi %[[IV]], %[[C8]] : index
// CHECK-NEXT:   %[[Q:.*]] = arith.divsi %[[IV]], %[[C8]] : index
// CHECK-NEXT:   %[[S:.*]] = arith.muli %[[Q]], %{{.*}} : index
// CHECK-NEXT:   %[[I:.*]] = arith.addi %[[S]], %{{.*}} : index
// CHECK-NEXT:   %[[R:.*]] = "test.step"(%[[I]], %[[J]], %[[A]])
// CHECK-NEXT:   scf.yield %[[R]] : f32
func.func @scf_chain(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %c13 = arith.constant 13 : index
  %r = scf.for %i = %c1 to %c13 step %c3 iter_args(%a = %x) -> f32 {
    %s = scf.for %j = %c0 to %c8 step %c1 iter_args(%b = %a) -> f32 {
      %n = "test.step"(%i, %j, %b) : (index, index, f32) -> f32
      scf.yield %n : f32
    }
    scf.yield %s : f32
  }
  return %r : f32
}

// -----

// affine loops from 0 with unit steps: trip counts come from affine.apply / affine.min.
// CHECK-DAG: #[[MUL:.*]] = affine_map<(d0)[s0] -> (d0 * s0)>
// CHECK-DAG: #[[MOD:.*]] = affine_map<(d0)[s0] -> (d0 mod s0)>
// CHECK-DAG: #[[DIV:.*]] = affine_map<(d0)[s0] -> (d0 floordiv s0)>
// CHECK-LABEL: func @affine
// CHECK: %[[U0:.*]] = affine.min #{{.*}}()[%[[N:.*]]]
// CHECK: %[[U1:.*]] = affine.apply #{{.*}}()
// CHECK: %[[T:.*]] = affine.apply #[[MUL]](%[[U0]])[%[[U1]]]
// CHECK: affine.for %[[IV:.*]] = 0 to %[[T]] {
// CHECK-NEXT: %[[J:.*]] = affine.apply #[[MOD]](%[[IV]])[%[[U1]]]
// CHECK-NEXT: %[[I:.*]] = affine.apply #[[DIV]](%[[IV]])[%[[U1]]]
// CHECK-NEXT: "test.use"(%[[I]], %[[J]])
func.func @affine(%n: index) {
  affine.for %i = 0 to min affine_map<()[s0] -> (s0, 100)>()[%n] {
    affine.for %j = 0 to 12 {
      "test.use"(%i, %j) : (index, index) -> ()
    }
  }
  return
}
