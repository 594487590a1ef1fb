// RUN: pyopt %s --transform-interpreter | filecheck %s

func.func @il(%a: vector<3xi16>, %b: vector<3xi16>) -> vector<6xi16> {
  %0 = vector.interleave %a, %b : vector<3xi16> -> vector<6xi16>
  return %0 : vector<6xi16>
}
func.func @xfer(%m: memref<8x8xf32>, %i: index) -> vector<4xf32> {
  %p = arith.constant 0.0 : f32
  %0 = vector.transfer_read %m[%i, %i], %p {in_bounds = [true]} : memref<8x8xf32>, vector<4xf32>
  return %0 : vector<4xf32>
}
func.func @perm(%m: memref<8x8xf32>, %i: index) -> vector<4x2xf32> {
  %p = arith.constant 0.0 : f32
  %0 = vector.transfer_read %m[%i, %i], %p {in_bounds = [true, true], permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<8x8xf32>, vector<4x2xf32>
  return %0 : vector<4x2xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%m: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %m : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.interleave_to_shuffle
      transform.apply_patterns.vector.transfer_permutation_patterns
      transform.apply_patterns.vector.lower_transfer max_transfer_rank = 1
    } : !transform.any_op
    transform.yield
  }
}

// interleave_to_shuffle, transfer_permutation_patterns, lower_transfer (as mlir-opt-19).
// CHECK-LABEL: func.func @il
//       CHECK:   vector.shuffle %{{.*}}, %{{.*}} [0, 3, 1, 4, 2, 5] : vector<3xi16>, vector<3xi16>
// CHECK-LABEL: func.func @xfer
//       CHECK:   vector.load %{{.*}}[%{{.*}}, %{{.*}}] : memref<8x8xf32>, vector<4xf32>
// CHECK-LABEL: func.func @perm
//       CHECK:   %[[R:.*]] = vector.transfer_read %{{.*}} {in_bounds = [true, true]} : memref<8x8xf32>, vector<2x4xf32>
//       CHECK:   vector.transpose %[[R]], [1, 0] : vector<2x4xf32> to vector<4x2xf32>
