// RUN: pyopt %s --transform-interpreter | filecheck %s

func.func @read(%t: tensor<?x?xf32>, %i: index, %j: index) -> vector<4xf32> {
  %c0 = arith.constant 0 : index
  %p = arith.constant 0.0 : f32
  %s = tensor.extract_slice %t[%i, 2] [8, 8] [1, 1] : tensor<?x?xf32> to tensor<8x8xf32>
  %v = vector.transfer_read %s[%c0, %j], %p {in_bounds = [true]} : tensor<8x8xf32>, vector<4xf32>
  return %v : vector<4xf32>
}
func.func @empty(%n: index) -> tensor<4x?xf32> {
  %e = tensor.empty(%n) : tensor<8x?xf32>
  %s = tensor.extract_slice %e[0, 0] [4, %n] [1, 1] : tensor<8x?xf32> to tensor<4x?xf32>
  return %s : tensor<4x?xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%m: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %m : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.tensor.fold_tensor_subset_ops_into_vector_transfers
      transform.apply_patterns.tensor.fold_tensor_empty
    } : !transform.any_op
    transform.yield
  }
}

// Tensor's descriptors over the tensor pattern sets (outputs as mlir-opt-19's).
//       CHECK: #[[MAP:.*]] = affine_map<()[s0] -> (s0 + 2)>
// CHECK-LABEL: func.func @read
//  CHECK-SAME:     (%[[T:.*]]: tensor<?x?xf32>, %[[I:.*]]: index, %[[J:.*]]: index)
//       CHECK:   %[[C:.*]] = affine.apply #[[MAP]]()[%[[J]]]
//       CHECK:   vector.transfer_read %[[T]][%[[I]], %[[C]]], %{{.*}} {in_bounds = [true]} : tensor<?x?xf32>, vector<4xf32>
// CHECK-LABEL: func.func @empty
//  CHECK-SAME:     (%[[N:.*]]: index)
//       CHECK:   %[[E:.*]] = tensor.empty(%[[N]]) : tensor<4x?xf32>
//       CHECK:   return %[[E]]
