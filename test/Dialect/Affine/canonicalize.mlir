// Affine canonicalization: composing producer affine.apply ops, folding constant operands,
// dropping unused/duplicate operands, min/max merging and ordering (output of mlir-opt 19).
// RUN: pyopt %s -allow-unregistered-dialect -split-input-file -canonicalize="test-convergence" | filecheck %s

// CHECK-DAG: #[[$COMPOSED:.*]] = affine_map<()[s0] -> (s0 * 6 + 3)>
// Function arguments are valid symbols, so the composed dim is promoted to a symbol.
// CHECK-LABEL: func @compose_apply
// CHECK-SAME: (%[[A:.*]]: index)
// CHECK-NEXT: %[[R:.*]] = affine.apply #[[$COMPOSED]]()[%[[A]]]
// CHECK-NEXT: return %[[R]]
func.func @compose_apply(%a: index) -> index {
  %0 = affine.apply affine_map<(d0) -> (d0 * 2 + 1)>(%a)
  %1 = affine.apply affine_map<(d0) -> (d0 * 3)>(%0)
  return %1 : index
}

// -----

// CHECK-LABEL: func @fold_constants
// CHECK-NEXT: %[[C:.*]] = arith.constant 7 : index
// CHECK-NEXT: return %[[C]]
func.func @fold_constants() -> index {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %0 = affine.apply affine_map<(d0)[s0] -> (d0 * s0 + 1)>(%c2)[%c3]
  return %0 : index
}

// -----

// Duplicate and unused operands are dropped; a dim bound to a symbol becomes a symbol.
// CHECK-DAG: #[[$DUP:.*]] = affine_map<()[s0] -> (s0 * 2)>
// CHECK-LABEL: func @dedup_operands
// CHECK-SAME: (%[[A:.*]]: index, %[[B:.*]]: index)
// CHECK-NEXT: affine.apply #[[$DUP]]()[%[[A]]]
func.func @dedup_operands(%a: index, %b: index) -> index {
  %0 = affine.apply affine_map<(d0, d1, d2) -> (d0 + d2)>(%a, %b, %a)
  return %0 : index
}

// -----

// Floordiv / mod by a constant simplify through the flat form.
// CHECK-LABEL: func @flat_simplify
// CHECK: %[[C:.*]] = arith.constant 0 : index
// CHECK: affine.for %[[I:.*]] =
// CHECK-NEXT: "use"(%[[I]], %[[C]])
func.func @flat_simplify() {
  affine.for %i = 0 to 8 {
    %0 = affine.apply affine_map<(d0) -> ((d0 * 4 + 8) floordiv 4 - 2)>(%i)
    %1 = affine.apply affine_map<(d0) -> ((d0 * 6) mod 3)>(%i)
    "use"(%0, %1) : (index, index) -> ()
  }
  return
}

// -----

// Producer min merges into the consumer; results are deduplicated and sorted.
// CHECK-DAG: #[[$MIN:.*]] = affine_map<()[s0, s1] -> (16, s1 * 8, s0 + 4)>
// CHECK-LABEL: func @merge_min
// CHECK-SAME: (%[[A:.*]]: index, %[[B:.*]]: index)
// CHECK-NEXT: %[[R:.*]] = affine.min #[[$MIN]]()[%[[B]], %[[A]]]
// CHECK-NEXT: return %[[R]]
func.func @merge_min(%a: index, %b: index) -> index {
  %0 = affine.min affine_map<()[s0] -> (s0 * 8, 16)>()[%a]
  %1 = affine.min affine_map<(d0)[s0] -> (d0, s0 + 4, 16)>(%0)[%b]
  return %1 : index
}

// -----

// A single-result max is an apply; min of constants folds.
// CHECK-LABEL: func @single_and_const
// CHECK-DAG: %[[C:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[X:.*]] = affine.apply #{{.*}}()[%{{.*}}]
// CHECK: return %[[X]], %[[C]]
func.func @single_and_const(%a: index) -> (index, index) {
  %c3 = arith.constant 3 : index
  %0 = affine.max affine_map<()[s0] -> (s0 + 1)>()[%a]
  %1 = affine.min affine_map<(d0) -> (d0, 5, d0 + 2)>(%c3)
  return %0, %1 : index, index
}

// -----

// Index maps of memory accesses are composed too.
// CHECK-LABEL: func @compose_load
// CHECK-NOT: affine.apply
// CHECK: affine.load %{{.*}}[%{{.*}} + 1]
func.func @compose_load(%m: memref<16xf32>) {
  affine.for %i = 0 to 15 {
    %0 = affine.apply affine_map<(d0) -> (d0 + 1)>(%i)
    %1 = affine.load %m[%0] : memref<16xf32>
    "use"(%1) : (f32) -> ()
  }
  return
}
