// RUN: pyopt %s -split-input-file -test-linalg-transform-patterns=test-generalize-pad-tensor | filecheck %s

func.func @pad_dyn(%x: tensor<?x5xf32>, %l: index, %h: index) -> tensor<?x9xf32> {
  %c = arith.constant 0.0 : f32
  %p = tensor.pad %x low[%l, 1] high[%h, 3] {
  ^bb0(%i: index, %j: index):
    tensor.yield %c : f32
  } : tensor<?x5xf32> to tensor<?x9xf32>
  return %p : tensor<?x9xf32>
}

// CHECK-LABEL: func.func @pad_dyn(
// CHECK-SAME: %[[X:.*]]: tensor<?x5xf32>, %[[L:.*]]: index, %[[H:.*]]: index)
// CHECK: %[[C:.*]] = arith.constant 0.0
// CHECK: %[[N:.*]] = tensor.dim %[[X]], %{{.*}}
// CHECK: %[[NL:.*]] = arith.addi %[[N]], %[[L]] : index
// CHECK: %[[NLH:.*]] = arith.addi %[[NL]], %[[H]] : index
// CHECK: %[[E:.*]] = tensor.empty(%[[NLH]]) : tensor<?x9xf32>
// CHECK: %[[F:.*]] = linalg.fill ins(%[[C]] : f32) outs(%[[E]] : tensor<?x9xf32>)
// CHECK: %[[N2:.*]] = tensor.dim %[[X]], %{{.*}}
// CHECK: %[[R:.*]] = tensor.insert_slice %[[X]] into %[[F]][%[[L]], 1] [%[[N2]], 5] [1, 1] : tensor<?x5xf32> into tensor<?x9xf32>
// CHECK: return %[[R]]
// -----
func.func @pad_computed(%x: tensor<4x5xi32>) -> tensor<6x7xi32> {
  %p = tensor.pad %x nofold low[1, 1] high[1, 1] {
  ^bb0(%i: index, %j: index):
    %s = arith.addi %i, %j : index
    %v = arith.index_cast %s : index to i32
    tensor.yield %v : i32
  } : tensor<4x5xi32> to tensor<6x7xi32>
  return %p : tensor<6x7xi32>
}

// A padding value computed in the body: a tensor.generate running that body.
// CHECK-LABEL: func.func @pad_computed(
// CHECK-SAME: %[[X:.*]]: tensor<4x5xi32>)
// CHECK: %[[G:.*]] = tensor.generate {
// CHECK: ^bb0(%[[I:.*]]: index, %[[J:.*]]: index):
// CHECK: %[[S:.*]] = arith.addi %[[I]], %[[J]] : index
// CHECK: %[[V:.*]] = arith.index_cast %[[S]] : index to i32
// CHECK: tensor.yield %[[V]] : i32
// CHECK: } : tensor<6x7xi32>
// CHECK: %[[R:.*]] = tensor.insert_slice %[[X]] into %[[G]][1, 1] [4, 5] [1, 1]
// CHECK: return %[[R]]
