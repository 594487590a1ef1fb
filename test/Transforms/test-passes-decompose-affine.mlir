// RUN: pyopt %s -allow-unregistered-dialect -test-decompose-affine-ops | filecheck %s

// The sum is rebuilt from the most loop-invariant term outwards: %p (invariant in both
// loops), then %i, then %j.
// CHECK-DAG: #[[TIMES3:.*]] = affine_map<()[s0] -> (s0 * 3)>
// CHECK-DAG: #[[ID:.*]] = affine_map<()[s0] -> (s0)>
// CHECK-DAG: #[[ADD:.*]] = affine_map<()[s0, s1] -> (s0 + s1)>
// CHECK-DAG: #[[TIMES4:.*]] = affine_map<()[s0] -> (s0 * 4)>
// CHECK: affine.for %[[I:.*]] = 0 to 8
// CHECK: affine.for %[[J:.*]] = 0 to
// CHECK-NEXT: %[[A:.*]] = affine.apply #[[TIMES3]]()[%arg1]
// CHECK-NEXT: %[[B:.*]] = affine.apply #[[ID]]()[%[[I]]]
// CHECK-NEXT: %[[C:.*]] = affine.apply #[[ADD]]()[%[[A]], %[[B]]]
// CHECK-NEXT: %[[D:.*]] = affine.apply #[[TIMES4]]()[%[[J]]]
// CHECK-NEXT: %[[E:.*]] = affine.apply #[[ADD]]()[%[[C]], %[[D]]]
// CHECK-NEXT: "use"(%[[E]])
func.func @loops(%n: index, %p: index, %q: index) {
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to %n {
      %a = affine.apply affine_map<(d0, d1)[s0] -> (d1 * 4 + d0 + s0 * 3)>(%i, %j)[%p]
      "use"(%a) : (index) -> ()
    }
  }
  return
}
