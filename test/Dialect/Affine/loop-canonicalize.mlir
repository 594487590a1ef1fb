// Folding and canonicalization of affine.for / affine.if / affine.parallel bounds and
// conditions, empty loops, trivially true/false conditions, and affine.load folds
// (expected output from mlir-opt 19).
// RUN: pyopt %s -allow-unregistered-dialect -split-input-file -canonicalize="test-convergence" | filecheck %s

// CHECK-DAG: #[[$UB:.*]] = affine_map<()[s0] -> (s0 + 1)>
// CHECK-LABEL: func.func @bounds_from_constants
// CHECK-SAME:    (%[[N:.*]]: index)
// CHECK-NEXT:    affine.for %{{.*}} = 4 to 10 {
// CHECK:         affine.for %{{.*}} = 3 to #[[$UB]]()[%[[N]]] step 2 {
func.func @bounds_from_constants(%n: index) {
  %c4 = arith.constant 4 : index
  %c10 = arith.constant 10 : index
  %c1 = arith.constant 1 : index
  %s = affine.apply affine_map<(d0) -> (d0 * 2)> (%c1)
  affine.for %i = max affine_map<(d0, d1) -> (d0, d1 + 1)> (%c4, %s) to min affine_map<(d0)[s0] -> (d0 + 20, s0)> (%c10)[%c10] {
    "use"(%i) : (index) -> ()
  }
  affine.for %j = affine_map<(d0) -> (3)> (%n) to affine_map<()[s0] -> (s0 + 1)> ()[%n] step 2 {
    "use"(%j) : (index) -> ()
  }
  return
}

// -----

// Only adjacent duplicate bound results are dropped.
// CHECK-DAG: #[[$LB:.*]] = affine_map<()[s0] -> (s0 * 4)>
// CHECK-DAG: #[[$UB:.*]] = affine_map<()[s0, s1] -> (s0 * 4 + 8, s1, s0 * 4 + 8)>
// CHECK-LABEL: func.func @compose_into_bounds
// CHECK-SAME:    (%[[A:.*]]: index, %[[B:.*]]: index)
// CHECK-NEXT:    affine.for %{{.*}} = #[[$LB]]()[%[[A]]] to min #[[$UB]]()[%[[A]], %[[B]]] {
func.func @compose_into_bounds(%a: index, %b: index) {
  %t = affine.apply affine_map<(d0) -> (d0 * 4)> (%a)
  affine.for %i = max affine_map<(d0, d1) -> (d0, d1)> (%t, %t) to min affine_map<(d0, d1, d2) -> (d0 + 8, d2, d1 + 8)> (%t, %t, %b) {
    "use"(%i) : (index) -> ()
  }
  return
}

// -----

// Bound results that can never win given the outer IV's range [0, 15] are dropped.
// CHECK-DAG: #[[$MIN:.*]] = affine_map<(d0)[s0] -> (d0 + 4, s0)>
// CHECK-DAG: #[[$DIV:.*]] = affine_map<(d0) -> (d0 floordiv 4)>
// CHECK-LABEL: func.func @iv_bounds
// CHECK-SAME:    (%[[N:.*]]: index)
// CHECK:         affine.for %[[I:.*]] = 0 to 16 {
// CHECK-NEXT:      affine.for %{{.*}} = 20 to min #[[$MIN]](%[[I]])[%[[N]]] {
// CHECK:           affine.for %{{.*}} = 0 to #[[$DIV]](%[[I]]) {
func.func @iv_bounds(%n: index) {
  affine.for %i = 0 to 16 {
    affine.for %j = max affine_map<(d0) -> (d0, 20)> (%i) to min affine_map<(d0)[s0] -> (d0 + 4, 100, s0)> (%i)[%n] {
      "use"(%j) : (index) -> ()
    }
    affine.for %k = 0 to min affine_map<(d0) -> (d0 floordiv 4, 8)> (%i) {
      "use"(%k) : (index) -> ()
    }
  }
  return
}

// -----

// CHECK-LABEL: func.func @empty_loops
// CHECK-SAME:    (%{{.*}}: index, %[[X:.*]]: f32, %[[Y:.*]]: f32)
// CHECK-NEXT:    %[[C:.*]]:2 = affine.for %{{.*}} = 0 to 8 iter_args(%[[P:.*]] = %[[X]], %[[Q:.*]] = %[[Y]]) -> (f32, f32) {
// CHECK-NEXT:      affine.yield %[[Q]], %[[P]] : f32, f32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[X]], %[[X]], %[[Y]], %[[C]]#0, %[[C]]#1
func.func @empty_loops(%n: index, %x: f32, %y: f32) -> (f32, f32, f32, f32, f32) {
  %a = affine.for %i = 5 to 3 iter_args(%acc = %x) -> f32 {
    %s = arith.addf %acc, %y : f32
    affine.yield %s : f32
  }
  %b:2 = affine.for %i = 0 to %n iter_args(%p = %x, %q = %y) -> (f32, f32) {
    affine.yield %p, %q : f32, f32
  }
  %c:2 = affine.for %i = 0 to 8 iter_args(%p = %x, %q = %y) -> (f32, f32) {
    affine.yield %q, %p : f32, f32
  }
  return %a, %b#0, %b#1, %c#0, %c#1 : f32, f32, f32, f32, f32
}

// -----

// CHECK-LABEL: func.func @empty_loops_single_trip
// CHECK-SAME:    (%[[N:.*]]: index, %[[X:.*]]: f32, %[[Y:.*]]: f32)
// CHECK-NEXT:    %[[D:.*]] = affine.for %{{.*}} = 0 to %[[N]] iter_args(%{{.*}} = %[[X]]) -> (f32) {
// CHECK-NEXT:      affine.yield %[[Y]] : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[Y]], %[[X]], %[[D]]
func.func @empty_loops_single_trip(%n: index, %x: f32, %y: f32) -> (f32, f32, f32) {
  %c:2 = affine.for %i = 0 to 10 step 20 iter_args(%p = %x, %q = %y) -> (f32, f32) {
    affine.yield %q, %p : f32, f32
  }
  %d = affine.for %i = 0 to %n iter_args(%p = %x) -> (f32) {
    affine.yield %y : f32
  }
  return %c#0, %c#1, %d : f32, f32, f32
}

// -----

// CHECK-DAG: #[[$SET:.*]] = affine_set<(d0)[s0] : (s0 + 1 >= 0, -d0 + 4 >= 0)>
// CHECK-DAG: #[[$SET1:.*]] = affine_set<(d0)[s0] : (d0 * 2 >= 0, s0 == 0)>
// CHECK-LABEL: func.func @if_compose
// CHECK-SAME:    (%[[A:.*]]: index, %{{.*}}: index, %[[N:.*]]: index)
// CHECK-NEXT:    affine.for %[[I:.*]] = 0 to 10 {
// CHECK-NEXT:      affine.if #[[$SET]](%[[I]])[%[[A]]] {
// CHECK:           affine.if #[[$SET1]](%[[I]])[%[[N]]] {
#set = affine_set<(d0, d1)[s0] : (d0 - 2 >= 0, s0 - d1 - 1 >= 0)>
func.func @if_compose(%a: index, %b: index, %n: index) {
  %c5 = arith.constant 5 : index
  %x = affine.apply affine_map<(d0) -> (d0 + 3)> (%a)
  affine.for %i = 0 to 10 {
    affine.if #set(%x, %i)[%c5] {
      "then"() : () -> ()
    }
    affine.if affine_set<(d0, d1, d2) : (d0 + d1 >= 0, d2 == 0)> (%i, %i, %n) {
      "then"() : () -> ()
    } else {
      "else"() : () -> ()
    }
  }
  return
}

// -----

// CHECK-LABEL: func.func @dead_else
// CHECK-NEXT:    affine.if
// CHECK-NEXT:      "then"() : () -> ()
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @dead_else(%i: index) {
  affine.if affine_set<(d0) : (d0 >= 0)> (%i) {
    "then"() : () -> ()
  } else {
  }
  return
}

// -----

// CHECK-LABEL: func.func @trivial_conditions
// CHECK-SAME:    (%{{.*}}: index, %[[X:.*]]: f32, %[[Y:.*]]: f32)
// CHECK-NEXT:    "always"() : () -> ()
// CHECK-NEXT:    %[[S:.*]] = arith.addf %[[X]], %[[Y]] : f32
// CHECK-NEXT:    %[[M:.*]] = arith.mulf %[[X]], %[[Y]] : f32
// CHECK-NEXT:    return %[[S]], %[[M]] : f32, f32
func.func @trivial_conditions(%i: index, %x: f32, %y: f32) -> (f32, f32) {
  affine.if affine_set<(d0) : (1 == 0)> (%i) {
    "never"() : () -> ()
  }
  affine.if affine_set<() : (0 == 0)> () {
    "always"() : () -> ()
  }
  %r = affine.if affine_set<(d0) : (1 == 0)> (%i) -> f32 {
    affine.yield %x : f32
  } else {
    %s = arith.addf %x, %y : f32
    affine.yield %s : f32
  }
  %t = affine.if affine_set<() : (0 == 0)> () -> f32 {
    %m = arith.mulf %x, %y : f32
    affine.yield %m : f32
  } else {
    affine.yield %y : f32
  }
  return %r, %t : f32, f32
}

// -----

// CHECK-LABEL: func.func @parallel_bounds
// CHECK-SAME:    (%[[N:.*]]: index, %{{.*}}: memref<?xf32>)
// CHECK-NEXT:    affine.parallel (%{{.*}}, %{{.*}}) = (2, 0) to (10, min(symbol(%[[N]]) * 3, symbol(%[[N]]) + 4)) {
func.func @parallel_bounds(%n: index, %m: memref<?xf32>) {
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %t = affine.apply affine_map<()[s0] -> (s0 * 3)> ()[%n]
  affine.parallel (%i, %j) = (%c2, 0) to (%c8 + %c2, min(%t, %n + 4)) {
    %v = affine.load %m[%i + %j] : memref<?xf32>
    affine.store %v, %m[%j] : memref<?xf32>
  }
  return
}

// -----

// Loads of constant globals fold (any index of a splat); a non-constant global does not.
// CHECK-LABEL: func.func @global_loads
// CHECK-SAME:    (%[[I:.*]]: index)
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : i32
// CHECK-DAG:     %[[ONE:.*]] = arith.constant 1.000000e+00 : f64
// CHECK-DAG:     %[[C6:.*]] = arith.constant 6 : i32
// CHECK:         %[[T:.*]] = memref.get_global @table
// CHECK-NEXT:    %[[B:.*]] = affine.load %[[T]][0, symbol(%[[I]])]
// CHECK-NEXT:    %[[MU:.*]] = memref.get_global @mutable
// CHECK-NEXT:    %[[D:.*]] = affine.load %[[MU]][1]
// CHECK-NEXT:    return %[[C6]], %[[B]], %[[ONE]], %[[D]], %[[C3]]
memref.global "private" constant @table : memref<2x3xi32> = dense<[[1, 2, 3], [4, 5, 6]]>
memref.global "private" constant @ones : memref<4xf64> = dense<1.0>
memref.global "private" @mutable : memref<2xi32> = dense<[7, 8]>
func.func @global_loads(%i: index) -> (i32, i32, f64, i32, i32) {
  %t = memref.get_global @table : memref<2x3xi32>
  %a = affine.load %t[1, 2] : memref<2x3xi32>
  %b = affine.load %t[0, %i] : memref<2x3xi32>
  %o = memref.get_global @ones : memref<4xf64>
  %c = affine.load %o[%i] : memref<4xf64>
  %mu = memref.get_global @mutable : memref<2xi32>
  %d = affine.load %mu[1] : memref<2xi32>
  %c1 = arith.constant 1 : index
  %e = affine.load %t[%c1 - 1, %c1 * 2] : memref<2x3xi32>
  return %a, %b, %c, %d, %e : i32, i32, f64, i32, i32
}

// -----

// CHECK-LABEL: func.func @through_casts
// CHECK-SAME:    (%[[M:.*]]: memref<8xf32>, %[[V:.*]]: f32)
// CHECK-NEXT:    affine.store %[[V]], %[[M]][3] : memref<8xf32>
// CHECK-NEXT:    %[[R:.*]] = affine.load %[[M]][2] : memref<8xf32>
// CHECK-NEXT:    return %[[R]]
func.func @through_casts(%m: memref<8xf32>, %v: f32) -> f32 {
  %c = memref.cast %m : memref<8xf32> to memref<?xf32>
  affine.store %v, %c[3] : memref<?xf32>
  %r = affine.load %c[2] : memref<?xf32>
  return %r : f32
}

// -----

// Semi-affine mods/divisions by a symbol the dividend is a multiple of.
// CHECK-DAG: #[[$ADD4:.*]] = affine_map<()[s0] -> (s0 + 4)>
// CHECK-LABEL: func.func @semi_affine
// CHECK-SAME:    (%[[A:.*]]: index, %{{.*}}: index, %{{.*}}: index)
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[Q:.*]] = affine.apply #[[$ADD4]]()[%[[A]]]
// CHECK-NEXT:    return %[[C0]], %[[Q]], %[[C0]] :
func.func @semi_affine(%a: index, %b: index, %c: index) -> (index, index, index) {
  %0 = affine.apply affine_map<()[s0, s1] -> ((s0 * s1) mod s1)> ()[%a, %b]
  %1 = affine.apply affine_map<()[s0, s1] -> ((s0 * s1 + s1 * 4) floordiv s1)> ()[%a, %b]
  %2 = affine.apply affine_map<(d0)[s0] -> ((d0 - d0 mod s0) mod s0)> (%c)[%a]
  return %0, %1, %2 : index, index, index
}

// -----

// CHECK-LABEL: func.func @dma_and_prefetch_casts
// CHECK-SAME:    (%[[A:.*]]: memref<16xf32>, %[[B:.*]]: memref<16xf32, 2>, %[[T:.*]]: memref<1xi32>)
// CHECK:         affine.dma_start %[[A]][%{{.*}}], %[[B]][%{{.*}}], %[[T]][%{{.*}}], %{{.*}} : memref<16xf32>, memref<16xf32, 2>, memref<1xi32>
// CHECK-NEXT:    affine.dma_wait %[[T]][%{{.*}}], %{{.*}} : memref<1xi32>
// CHECK-NEXT:    affine.prefetch %[[A]][4], read, locality<3>, data : memref<16xf32>
func.func @dma_and_prefetch_casts(%a: memref<16xf32>, %b: memref<16xf32, 2>, %t: memref<1xi32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %ac = memref.cast %a : memref<16xf32> to memref<?xf32>
  %tc = memref.cast %t : memref<1xi32> to memref<?xi32>
  affine.dma_start %ac[%c0], %b[%c0], %tc[%c0], %c4 : memref<?xf32>, memref<16xf32, 2>, memref<?xi32>
  affine.dma_wait %tc[%c0], %c4 : memref<?xi32>
  affine.prefetch %ac[%c4], read, locality<3>, data : memref<?xf32>
  return
}
