// RUN: pyopt %s -transform-interpreter | filecheck %s

// apply_patterns on an op that is not isolated from above (the ops in it, in post-order, one
// greedy run) with patterns inserting ops through the tracking listener.
// CHECK-DAG: #[[$M1:.*]] = affine_map<()[s0] -> (s0 + 1)>
// CHECK-DAG: #[[$M2:.*]] = affine_map<()[s0] -> (s0 + 2)>
// CHECK-LABEL: func.func @f(
// CHECK-SAME: %[[M:[^:]*]]: memref<8x8xf32>, %[[I:[^:]*]]: index
// CHECK: scf.for %[[K:[^ ]*]] =
// CHECK-NEXT: %[[A:.*]] = affine.apply #[[$M1]]()[%[[I]]]
// CHECK-NEXT: %[[B:.*]] = affine.apply #[[$M2]]()[%[[K]]]
// CHECK-NEXT: memref.load %[[M]][%[[A]], %[[B]]] : memref<8x8xf32>
func.func @f(%m: memref<8x8xf32>, %i: index, %j: index, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant 0.0 : f32
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %cst) -> f32 {
    %s = memref.subview %m[%i, 2] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1], offset: ?>>
    %x = memref.load %s[%c1, %k] : memref<4x4xf32, strided<[8, 1], offset: ?>>
    %y = arith.addf %acc, %x : f32
    scf.yield %y : f32
  }
  return %r : f32
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["scf.for"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %0 {
      transform.apply_patterns.memref.fold_memref_alias_ops
      transform.apply_patterns.memref.expand_strided_metadata
      transform.apply_patterns.canonicalization
    } : !transform.any_op
    transform.yield
  }
}
