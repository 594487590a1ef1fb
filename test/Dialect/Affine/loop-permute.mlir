// RUN: pyopt %s --test-loop-permutation="permutation-map=1,0" | filecheck %s

// Interchange of a 2-d nest: the former inner loop goes outside, the body stays innermost.
// In the 3-d nest only the perfect 2-d nest below the outer loop matches the
// permutation's size: those two loops swap.
// CHECK-LABEL: func @swap
// CHECK-NEXT: affine.for %[[J:.*]] = 0 to 7 {
// CHECK-NEXT:   affine.for %[[I:.*]] = 0 to 5 {
// CHECK-NEXT:     "test.use"(%[[I]], %[[J]])
// CHECK:      affine.for %[[A:.*]] = 0 to 2 {
// CHECK-NEXT:   affine.for %{{.*}} = 0 to 4 {
// CHECK-NEXT:     affine.for %[[B:.*]] = 0 to 3 {
// CHECK-NEXT:       "test.use"(%[[A]], %[[B]])
func.func @swap() {
  affine.for %i = 0 to 5 {
    affine.for %j = 0 to 7 {
      "test.use"(%i, %j) : (index, index) -> ()
    }
  }
  affine.for %a = 0 to 2 {
    affine.for %b = 0 to 3 {
      affine.for %c = 0 to 4 {
        "test.use"(%a, %b) : (index, index) -> ()
      }
    }
  }
  return
}
