// RUN: pyopt %s --split-input-file --affine-loop-tile="tile-size=8" | filecheck %s
// RUN: pyopt %s --split-input-file --affine-loop-tile="tile-size=8 separate" | filecheck %s --check-prefix=SEP
// RUN: pyopt %s --split-input-file --affine-loop-tile="tile-sizes=4,6" | filecheck %s --check-prefix=SIZES

// A 2-d band: tile loops step over the tiles, point loops walk one tile. 40 is a multiple
// of 8; 30 is not, so the second point loop is also capped by the original bound.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: #[[P8:.*]] = affine_map<(d0) -> (d0 + 8)>
// CHECK-DAG: #[[CAP:.*]] = affine_map<(d0) -> (d0 + 8, 30)>
// CHECK-LABEL: func @band
// CHECK:      affine.for %[[I:.*]] = 0 to 40 step 8 {
// CHECK-NEXT:   affine.for %[[J:.*]] = 0 to 30 step 8 {
// CHECK-NEXT:     affine.for %[[II:.*]] = #[[ID]](%[[I]]) to #[[P8]](%[[I]]) {
// CHECK-NEXT:       affine.for %[[JJ:.*]] = #[[ID]](%[[J]]) to min #[[CAP]](%[[J]]) {
// CHECK-NEXT:         memref.store %{{.*}}, %{{.*}}[%[[II]], %[[JJ]]]
// SIZES-LABEL: func @band
// SIZES:      affine.for %{{.*}} = 0 to 40 step 4 {
// SIZES-NEXT:   affine.for %{{.*}} = 0 to 30 step 6 {
func.func @band(%m: memref<40x30xf32>, %v: f32) {
  affine.for %i = 0 to 40 {
    affine.for %j = 0 to 30 {
      memref.store %v, %m[%i, %j] : memref<40x30xf32>
    }
  }
  return
}

// -----

// Symbolic bound with a step of 2: tiles span 16, the point loop keeps the step.
// With `separate`, full tiles get a copy without the min under an affine.if.
// CHECK-DAG: #[[CAPS:.*]] = affine_map<(d0)[s0] -> (d0 + 16, s0)>
// CHECK-LABEL: func @symbolic
// CHECK:      affine.for %[[I:.*]] = 0 to %[[N:.*]] step 16 {
// CHECK-NEXT:   affine.for %{{.*}} = #{{.*}}(%[[I]]) to min #[[CAPS]](%[[I]])[%[[N]]] step 2 {
// SEP-DAG: #[[COND:.*]] = affine_set<(d0)[s0] : (-d0 + s0 - 8 >= 0)>
// SEP-LABEL: func @symbolic
// SEP:      affine.for
// SEP-NEXT:   affine.for
// SEP-NEXT:     "test.use"
// SEP-LABEL: func @unit
// SEP:      affine.for %[[T:.*]] = 0 to %[[N:.*]] step 8 {
// SEP-NEXT:   affine.if #[[COND]](%[[T]])[%[[N]]] {
// SEP-NEXT:     affine.for %{{.*}} = #{{.*}}(%[[T]]) to #{{.*}}(%[[T]]) {
// SEP-NEXT:       "test.use"
// SEP-NEXT:     }
// SEP-NEXT:   } else {
// SEP-NEXT:     affine.for %{{.*}} = #{{.*}}(%[[T]]) to min #{{.*}}(%[[T]])[%[[N]]] {
func.func @symbolic(%n: index) {
  affine.for %i = 0 to %n step 2 {
    "test.use"(%i) : (index) -> ()
  }
  return
}
func.func @unit(%n: index) {
  affine.for %i = 0 to %n {
    "test.use"(%i) : (index) -> ()
  }
  return
}

// -----

// Not tiled: an inner bound depends on the outer loop; a loop carrying values.
// CHECK-LABEL: func @untiled
// CHECK-NEXT: affine.for %{{.*}} = 0 to 64 {
// CHECK-NEXT:   affine.for %{{.*}} = 0 to #{{.*}}(%{{.*}}) {
// CHECK:      affine.for %{{.*}} = 0 to 64 iter_args
func.func @untiled(%x: index) -> index {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to affine_map<(d0) -> (d0)>(%i) {
      "test.use"(%j) : (index) -> ()
    }
  }
  %r = affine.for %i = 0 to 64 iter_args(%a = %x) -> index {
    affine.yield %a : index
  }
  return %r : index
}
