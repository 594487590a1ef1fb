// RUN: pyopt %s --affine-simplify-structures -split-input-file | filecheck %s

// CHECK-DAG: #[[$TRIMMED:.*]] = affine_set<(d0) : (d0 - 3 >= 0, -d0 + 20 >= 0)>

func.func private @use(index)

// CHECK-LABEL: func @sets
func.func @sets(%n: index) {
  affine.for %i = 0 to 30 {
    // Contradictory: x >= 5 and x <= 4.
    // CHECK-NOT: affine.if {{.*}}(%{{.*}}) {
    affine.if affine_set<(d0) : (d0 - 5 >= 0, -d0 + 4 >= 0)>(%i) {
      func.call @use(%i) : (index) -> ()
    }
    // Duplicated and weaker bounds go away.
    // CHECK: affine.if #[[$TRIMMED]](%{{.*}})
    affine.if affine_set<(d0) : (d0 - 3 >= 0, d0 - 1 >= 0, -d0 + 20 >= 0, 2 * d0 - 6 >= 0)>(%i) {
      func.call @use(%i) : (index) -> ()
    }
  }
  return
}

// -----

// The dim is a function argument, so it becomes a symbol first.
// CHECK: #[[$MAP:.*]] = affine_map<()[s0] -> (s0 + 3)>
// CHECK-LABEL: func @maps
func.func @maps(%i: index) -> index {
  // CHECK: affine.apply #[[$MAP]]()[%{{.*}}]
  %r = affine.apply affine_map<(d0) -> (d0 + 1 + (d0 * 4) floordiv 4 - d0 + 2)>(%i)
  return %r : index
}
