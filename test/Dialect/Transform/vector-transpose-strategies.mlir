// RUN: pyopt %s --transform-interpreter --split-input-file | filecheck %s

// Each lower_transpose strategy on a 2-D transpose (outputs as mlir-opt-19's).

func.func @eltwise(%v: vector<2x3xf32>) -> vector<3x2xf32> {
  %0 = vector.transpose %v, [1, 0] : vector<2x3xf32> to vector<3x2xf32>
  return %0 : vector<3x2xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%m: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %m : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.lower_transpose lowering_strategy = "eltwise"
    } : !transform.any_op
    transform.yield
  }
}

// -----

func.func @flat_transpose(%v: vector<2x3xf32>) -> vector<3x2xf32> {
  %0 = vector.transpose %v, [1, 0] : vector<2x3xf32> to vector<3x2xf32>
  return %0 : vector<3x2xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%m: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %m : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.lower_transpose lowering_strategy = "flat_transpose"
    } : !transform.any_op
    transform.yield
  }
}

// -----

func.func @shuffle_1d(%v: vector<2x3xf32>) -> vector<3x2xf32> {
  %0 = vector.transpose %v, [1, 0] : vector<2x3xf32> to vector<3x2xf32>
  return %0 : vector<3x2xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%m: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %m : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.lower_transpose lowering_strategy = "shuffle_1d"
    } : !transform.any_op
    transform.yield
  }
}

// CHECK-LABEL: func.func @eltwise
//       CHECK:   %[[E:.*]] = vector.extract %{{.*}}[0, 0] : f32 from vector<2x3xf32>
//       CHECK:   vector.insert %[[E]], %{{.*}} [0, 0] : f32 into vector<3x2xf32>
//       CHECK:   vector.extract %{{.*}}[0, 1] : f32 from vector<2x3xf32>
//   CHECK-NOT:   vector.transpose
// CHECK-LABEL: func.func @flat_transpose
//       CHECK:   %[[F:.*]] = vector.shape_cast %{{.*}} : vector<2x3xf32> to vector<6xf32>
//       CHECK:   %[[T:.*]] = vector.flat_transpose %[[F]] {columns = 2 : i32, rows = 3 : i32} : vector<6xf32> -> vector<6xf32>
//       CHECK:   vector.shape_cast %[[T]] : vector<6xf32> to vector<3x2xf32>
// CHECK-LABEL: func.func @shuffle_1d
//       CHECK:   %[[F:.*]] = vector.shape_cast %{{.*}} : vector<2x3xf32> to vector<6xf32>
//       CHECK:   %[[S:.*]] = vector.shuffle %[[F]], %[[F]] [0, 3, 1, 4, 2, 5] : vector<6xf32>, vector<6xf32>
//       CHECK:   vector.shape_cast %[[S]] : vector<6xf32> to vector<3x2xf32>
