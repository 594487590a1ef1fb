// RUN: pyopt %s --transform-interpreter | filecheck %s

// elementwise_to_vector: a multiply of transpose(broadcast(a)) by broadcast(b) (either
// operand order) is the outer product of a and b.
// CHECK-LABEL: func.func @ok_f(
//  CHECK-SAME:   %[[A:.*]]: vector<4xf32>, %[[B:.*]]: vector<8xf32>)
//       CHECK:   %[[R:.*]] = vector.outerproduct %[[A]], %[[B]] : vector<4xf32>, vector<8xf32>
//       CHECK:   return %[[R]]
// Not when a broadcast stretches a unit dim or starts from a scalar.
// CHECK-LABEL: func.func @unit(
//       CHECK:   arith.mulf
// CHECK-LABEL: func.func @scalar_src(
//       CHECK:   arith.mulf
// fold_arith_extension: both contract operands extended the same way -> the narrow ones are
// contracted (and the contract gets the builder's default kind, add, as in 19).
// CHECK-LABEL: func.func @mixed_ext(
//  CHECK-SAME:   %[[H:.*]]: vector<2x2xf16>, %[[I:.*]]: vector<2x2xi8>, %[[C:.*]]: vector<2x2xf32>, %[[D:.*]]: vector<2x2xi32>)
//   CHECK-NOT:   arith.ext
//       CHECK:   vector.contract {{.*}} kind = #vector.kind<add>} %[[H]], %[[H]], %[[C]] : vector<2x2xf16>, vector<2x2xf16> into vector<2x2xf32>
//       CHECK:   vector.contract {{.*}} kind = #vector.kind<add>} %[[I]], %[[I]], %[[D]] : vector<2x2xi8>, vector<2x2xi8> into vector<2x2xi32>

func.func @ok_f(%a: vector<4xf32>, %b: vector<8xf32>) -> vector<4x8xf32> {
  %ab = vector.broadcast %a : vector<4xf32> to vector<8x4xf32>
  %at = vector.transpose %ab, [1, 0] : vector<8x4xf32> to vector<4x8xf32>
  %bb = vector.broadcast %b : vector<8xf32> to vector<4x8xf32>
  %m = arith.mulf %bb, %at : vector<4x8xf32>
  return %m : vector<4x8xf32>
}
func.func @unit(%a: vector<1xf32>, %b: vector<8xf32>) -> vector<4x8xf32> {
  %ab = vector.broadcast %a : vector<1xf32> to vector<8x4xf32>
  %at = vector.transpose %ab, [1, 0] : vector<8x4xf32> to vector<4x8xf32>
  %bb = vector.broadcast %b : vector<8xf32> to vector<4x8xf32>
  %m = arith.mulf %at, %bb : vector<4x8xf32>
  return %m : vector<4x8xf32>
}
func.func @scalar_src(%a: f32, %b: vector<8xf32>) -> vector<4x8xf32> {
  %ab = vector.broadcast %a : f32 to vector<8x4xf32>
  %at = vector.transpose %ab, [1, 0] : vector<8x4xf32> to vector<4x8xf32>
  %bb = vector.broadcast %b : vector<8xf32> to vector<4x8xf32>
  %m = arith.mulf %at, %bb : vector<4x8xf32>
  return %m : vector<4x8xf32>
}
func.func @mixed_ext(%a: vector<2x2xf16>, %b: vector<2x2xi8>, %c: vector<2x2xf32>, %d: vector<2x2xi32>) -> (vector<2x2xf32>, vector<2x2xi32>) {
  %x = arith.extf %a : vector<2x2xf16> to vector<2x2xf32>
  %i = arith.extsi %b : vector<2x2xi8> to vector<2x2xi32>
  %0 = vector.contract {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<maxnumf>} %x, %x, %c : vector<2x2xf32>, vector<2x2xf32> into vector<2x2xf32>
  %1 = vector.contract {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %i, %i, %d : vector<2x2xi32>, vector<2x2xi32> into vector<2x2xi32>
  return %0, %1 : vector<2x2xf32>, vector<2x2xi32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%m: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %m : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.elementwise_to_vector
      transform.apply_patterns.vector.fold_arith_extension
    } : !transform.any_op
    transform.yield
  }
}
