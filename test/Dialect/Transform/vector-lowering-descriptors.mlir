// RUN: pyopt %s --transform-interpreter --split-input-file | filecheck %s

func.func @bcast(%a: f32) -> vector<2x3xf32> {
  %0 = vector.broadcast %a : f32 to vector<2x3xf32>
  return %0 : vector<2x3xf32>
}
func.func @sc(%v: vector<2x2xi8>) -> vector<4xi8> {
  %0 = vector.shape_cast %v : vector<2x2xi8> to vector<4xi8>
  return %0 : vector<4xi8>
}
func.func @bc(%v: vector<2x4xi8>) -> vector<2x1xi32> {
  %0 = vector.bitcast %v : vector<2x4xi8> to vector<2x1xi32>
  return %0 : vector<2x1xi32>
}
func.func @il(%a: vector<2x2xf32>, %b: vector<2x2xf32>) -> vector<2x4xf32> {
  %0 = vector.interleave %a, %b : vector<2x2xf32> -> vector<2x4xf32>
  return %0 : vector<2x4xf32>
}
func.func @cm(%n: index) -> vector<2x3xi1> {
  %c1 = arith.constant 1 : index
  %0 = vector.create_mask %c1, %n : vector<2x3xi1>
  return %0 : vector<2x3xi1>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%m: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %m : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.lower_broadcast
      transform.apply_patterns.vector.lower_shape_cast
      transform.apply_patterns.vector.lower_bitcast
      transform.apply_patterns.vector.lower_interleave
      transform.apply_patterns.vector.lower_create_mask
    } : !transform.any_op
    transform.yield
  }
}

// Each vector lowering descriptor applies its own pattern set (outputs as mlir-opt-19's).
// CHECK-LABEL: func.func @bcast
//       CHECK:   vector.splat %{{.*}} : vector<2x3xf32>
// CHECK-LABEL: func.func @sc
//       CHECK:   %[[E0:.*]] = vector.extract %{{.*}}[0] : vector<2xi8> from vector<2x2xi8>
//       CHECK:   vector.insert_strided_slice %[[E0]], %{{.*}} {offsets = [0], strides = [1]} : vector<2xi8> into vector<4xi8>
//       CHECK:   vector.insert_strided_slice %{{.*}} {offsets = [2], strides = [1]}
// CHECK-LABEL: func.func @bc
//  CHECK-COUNT-2:   vector.bitcast %{{.*}} : vector<4xi8> to vector<1xi32>
// CHECK-LABEL: func.func @il
//  CHECK-COUNT-2:   vector.interleave %{{.*}}, %{{.*}} : vector<2xf32> -> vector<4xf32>
// CHECK-LABEL: func.func @cm
//   CHECK-DAG:   %[[Z:.*]] = arith.constant dense<false> : vector<2x3xi1>
//   CHECK-DAG:   %[[Z1:.*]] = arith.constant dense<false> : vector<3xi1>
//       CHECK:   %[[M:.*]] = vector.create_mask %{{.*}} : vector<3xi1>
//       CHECK:   %[[I:.*]] = vector.insert %[[M]], %[[Z]] [0]
//       CHECK:   vector.insert %[[Z1]], %[[I]] [1]

// -----

// lower_masks: a 1-D constant_mask becomes a dense constant (as mlir-opt-19).
func.func @cmask() -> vector<2x4xi1> {
  %0 = vector.constant_mask [1, 3] : vector<2x4xi1>
  return %0 : vector<2x4xi1>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%m: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %m : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.lower_masks
    } : !transform.any_op
    transform.yield
  }
}
// CHECK-LABEL: func.func @cmask
//   CHECK-DAG:   %[[R:.*]] = arith.constant dense<[true, true, true, false]> : vector<4xi1>
//   CHECK-DAG:   %[[Z:.*]] = arith.constant dense<false> : vector<2x4xi1>
//       CHECK:   vector.insert %[[R]], %[[Z]] [0] : vector<4xi1> into vector<2x4xi1>
//   CHECK-NOT:   vector.constant_mask
