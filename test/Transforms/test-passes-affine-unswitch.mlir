// RUN: pyopt %s -pass-pipeline="builtin.module(func.func(test-affine-loop-unswitch))" | filecheck %s

// The condition only reads a symbol, so the if moves above the loop and each branch gets
// its own copy of the loop.
// CHECK: affine.if #{{.*}}()[%arg2] {
// CHECK-NEXT: affine.for %[[I:.*]] = 0 to 10 {
// CHECK-NEXT: affine.store %arg1, %arg0[%[[I]]]
// CHECK-NEXT: }
// CHECK-NEXT: } else {
// CHECK-NEXT: affine.for %[[J:.*]] = 0 to 10 {
// CHECK-NEXT: %[[X:.*]] = affine.load %arg0[%[[J]]]
// CHECK-NEXT: affine.store %[[X]], %arg0[0]
func.func @unswitch(%m: memref<10xf32>, %v: f32, %n: index) {
  affine.for %i = 0 to 10 {
    affine.if affine_set<()[s0] : (s0 - 5 >= 0)>()[%n] {
      affine.store %v, %m[%i] : memref<10xf32>
    } else {
      %x = affine.load %m[%i] : memref<10xf32>
      affine.store %x, %m[0] : memref<10xf32>
    }
  }
  return
}
