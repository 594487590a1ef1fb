// RUN: pyopt %s --transform-interpreter | filecheck %s

func.func @scan(%v: vector<2x3xi32>, %i: vector<2xi32>) -> (vector<2x3xi32>, vector<2xi32>) {
  %0:2 = vector.scan <add>, %v, %i {inclusive = true, reduction_dim = 1} : vector<2x3xi32>, vector<2xi32>
  return %0#0, %0#1 : vector<2x3xi32>, vector<2xi32>
}
func.func @lead(%a: vector<1x4xf32>, %b: vector<1x4xf32>) -> vector<1x4xf32> {
  %0 = arith.addf %a, %b : vector<1x4xf32>
  return %0 : vector<1x4xf32>
}
func.func @r2c(%a: vector<8x4xf32>, %b: vector<8x4xf32>, %acc: vector<8xf32>) -> vector<8xf32> {
  %0 = arith.mulf %a, %b : vector<8x4xf32>
  %1 = vector.multi_reduction <add>, %0, %acc [1] : vector<8x4xf32> to vector<8xf32>
  return %1 : vector<8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%m: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %m : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.lower_scan
      transform.apply_patterns.vector.cast_away_vector_leading_one_dim
      transform.apply_patterns.vector.reduction_to_contract
    } : !transform.any_op
    transform.yield
  }
}

// Descriptors over the pattern sets shared with the -test-vector-* passes (as mlir-opt-19).
// CHECK-LABEL: func.func @scan
//       CHECK:   %[[S0:.*]] = vector.extract_strided_slice %{{.*}} {offsets = [0, 0], sizes = [2, 1], strides = [1, 1]}
//       CHECK:   %[[S1:.*]] = vector.extract_strided_slice %{{.*}} {offsets = [0, 1], sizes = [2, 1], strides = [1, 1]}
//       CHECK:   arith.addi %[[S0]], %[[S1]] : vector<2x1xi32>
//       CHECK:   vector.shape_cast %{{.*}} : vector<2x1xi32> to vector<2xi32>
// CHECK-LABEL: func.func @lead
//       CHECK:   %[[A:.*]] = vector.extract %{{.*}}[0] : vector<4xf32> from vector<1x4xf32>
//       CHECK:   %[[B:.*]] = vector.extract %{{.*}}[0] : vector<4xf32> from vector<1x4xf32>
//       CHECK:   %[[R:.*]] = arith.addf %[[A]], %[[B]] : vector<4xf32>
//       CHECK:   vector.broadcast %[[R]] : vector<4xf32> to vector<1x4xf32>
// CHECK-LABEL: func.func @r2c
//   CHECK-NOT:   arith.mulf
//       CHECK:   vector.contract {{.*}}iterator_types = ["parallel", "reduction"], kind = #vector.kind<add>}
//   CHECK-NOT:   vector.multi_reduction
