// RUN: pyopt %s -scf-for-loop-peeling -canonicalize -split-input-file | filecheck %s
// RUN: pyopt %s -scf-for-loop-peeling=peel-front=true -split-input-file | filecheck %s --check-prefix=FRONT

// %n need not be a multiple of 3: the main loop stops at the last whole tile and
// sees full tiles, the partial loop gets the remainder n - iv.
// CHECK: #[[SPLIT:.*]] = affine_map<()[s0] -> ((s0 floordiv 3) * 3)>
// CHECK: #[[REM:.*]] = affine_map<(d0)[s0] -> (-d0 + s0)>
// CHECK-LABEL: func.func @tiles
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK: %[[SB:.*]] = affine.apply #[[SPLIT]]()[%[[N:.*]]]
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[SB]] step %[[C3]]
// CHECK-NEXT: "test.use"(%[[C3]])
// CHECK: scf.for %[[IV:.*]] = %[[SB]] to %[[N]]
// CHECK-NEXT: %[[R:.*]] = affine.apply #[[REM]](%[[IV]])[%[[N]]]
// CHECK-NEXT: "test.use"(%[[R]])

// FRONT-LABEL: func.func @tiles
// FRONT: %[[C0:.*]] = arith.constant 0 : index
// FRONT: %[[C3:.*]] = arith.constant 3 : index
// FRONT: scf.for %{{.*}} = %[[C0]] to %[[C3]] step %[[C3]]
// FRONT: scf.for %{{.*}} = %[[C3]] to %{{.*}} step %[[C3]]
func.func @tiles(%n: index) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  scf.for %i = %c0 to %n step %c3 {
    %s = affine.min affine_map<(d0)[s0] -> (3, s0 - d0)> (%i)[%n]
    "test.use"(%s) : (index) -> ()
  }
  return
}

// -----

// Nothing to peel when the step divides the range.
// CHECK-LABEL: func.func @even
// CHECK: scf.for
// CHECK-NOT: scf.for
func.func @even() {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  scf.for %i = %c0 to %c16 step %c4 {
    "test.use"(%i) : (index) -> ()
  }
  return
}
