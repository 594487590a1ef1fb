// RUN: pyopt %s --split-input-file --test-affine-parametric-tile --verify-diagnostics | filecheck %s

// Tile sizes come from the leading function arguments and become symbols of the bounds.
// CHECK-DAG: #[[OUT:.*]] = affine_map<()[s0] -> (96 ceildiv s0 + 4)>
// CHECK-DAG: #[[LB:.*]] = affine_map<(d0)[s0] -> ((d0 - 4) * s0 + 4)>
// CHECK-DAG: #[[UB:.*]] = affine_map<(d0)[s0] -> ((d0 - 4) * s0 + s0 * 3 + 4, 100)>
// CHECK-LABEL: func @one(
// CHECK-SAME: %[[T:.*]]: index
// CHECK: affine.for %[[I:.*]] = 4 to #[[OUT]]()[%[[T]]] step 3 {
// CHECK-NEXT: affine.for %{{.*}} = #[[LB]](%[[I]])[%[[T]]] to min #[[UB]](%[[I]])[%[[T]]] step 3 {
func.func @one(%t: index) {
  affine.for %i = 4 to 100 step 3 {
    "test.use"(%i) : (index) -> ()
  }
  return
}

// -----

func.func @missing() {
  // expected-error@+1 {{too few tile sizes provided}}
  affine.for %i = 0 to 10 {
  }
  return
}
