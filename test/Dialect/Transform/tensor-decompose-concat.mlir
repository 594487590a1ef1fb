// RUN: pyopt %s --transform-interpreter -cse | filecheck %s

// decompose_concat: an empty tensor of the reified shape, each input inserted at the running
// offset along the concatenated dim (as mlir-opt-19).
func.func @cat(%a: tensor<2x?xf32>, %b: tensor<3x?xf32>, %c: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = tensor.concat dim(0) %a, %b, %c : (tensor<2x?xf32>, tensor<3x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%m: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %m : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.tensor.decompose_concat
    } : !transform.any_op
    transform.yield
  }
}

//       CHECK: #[[MAP:.*]] = affine_map<()[s0] -> (s0 + 5)>
// CHECK-LABEL: func.func @cat
//  CHECK-SAME:     (%[[A:.*]]: tensor<2x?xf32>, %[[B:.*]]: tensor<3x?xf32>, %[[C:.*]]: tensor<?x?xf32>)
//       CHECK:   %[[D1:.*]] = tensor.dim %[[A]], %{{.*}} : tensor<2x?xf32>
//       CHECK:   %[[D0:.*]] = tensor.dim %[[C]], %{{.*}} : tensor<?x?xf32>
//       CHECK:   %[[N:.*]] = affine.apply #[[MAP]]()[%[[D0]]]
//       CHECK:   %[[E:.*]] = tensor.empty(%[[N]], %[[D1]]) : tensor<?x?xf32>
//       CHECK:   %[[I0:.*]] = tensor.insert_slice %[[A]] into %[[E]][0, 0] [2, %[[D1]]] [1, 1]
//       CHECK:   %[[I1:.*]] = tensor.insert_slice %[[B]] into %[[I0]][2, 0] [3, %{{.*}}] [1, 1]
//       CHECK:   %[[I2:.*]] = tensor.insert_slice %[[C]] into %[[I1]][5, 0] [%[[D0]], %{{.*}}] [1, 1]
//       CHECK:   return %[[I2]]
