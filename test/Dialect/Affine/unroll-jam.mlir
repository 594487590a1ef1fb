// RUN: pyopt %s --affine-loop-unroll-jam="unroll-jam-factor=2" | filecheck %s

// The outer loop doubles its step; the ops around the inner loop and inside it get a
// copy for i + 1 next to them, sharing one inner loop. The inner loop's accumulator is
// duplicated (the outer loop yields the inner loop's result: not a reduction it recombines,
// so only the first copy is returned, as upstream). Only a loop that is the
// function's first op is transformed.
// CHECK-LABEL: func @jam
// CHECK:      %[[R:.*]]:2 = affine.for %[[I:.*]] = 0 to 8 step 2 iter_args(%[[A:.*]] = %[[Z:.*]], %[[B:.*]] = %[[Z]]) -> (f32, f32) {
// CHECK-NEXT:   %[[T:.*]]:2 = affine.for %[[J:.*]] = 0 to 4 iter_args(%[[P:.*]] = %[[A]], %[[Q:.*]] = %[[B]]) -> (f32, f32) {
// CHECK-NEXT:     %[[V0:.*]] = affine.load %{{.*}}[%[[I]], %[[J]]]
// CHECK-NEXT:     %[[S0:.*]] = arith.addf %[[P]], %[[V0]] : f32
// CHECK-NEXT:     %[[I1:.*]] = affine.apply #{{.*}}(%[[I]])
// CHECK-NEXT:     %[[V1:.*]] = affine.load %{{.*}}[%[[I1]], %[[J]]]
// CHECK-NEXT:     %[[S1:.*]] = arith.addf %[[Q]], %[[V1]] : f32
// CHECK-NEXT:     affine.yield %[[S0]], %[[S1]] : f32, f32
// CHECK-NEXT:   }
// CHECK-NEXT:   affine.yield %[[T]]#0, %[[T]]#1 : f32, f32
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]]#0 : f32
func.func @jam(%m: memref<8x4xf32>, %z: f32) -> f32 {
  %r = affine.for %i = 0 to 8 iter_args(%a = %z) -> f32 {
    %t = affine.for %j = 0 to 4 iter_args(%p = %a) -> f32 {
      %v = affine.load %m[%i, %j] : memref<8x4xf32>
      %s = arith.addf %p, %v : f32
      affine.yield %s : f32
    }
    affine.yield %t : f32
  }
  return %r : f32
}
