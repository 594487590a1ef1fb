// RUN: pyopt %s -split-input-file -convert-tensor-to-linalg | filecheck %s

// tensor.pad: an empty tensor of the padded sizes, filled, with the source inserted at the
// low padding.

// CHECK-LABEL: func.func @pad
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[D:.*]] = tensor.dim %arg0, %[[C1]] : tensor<2x?xf32>
// CHECK: %[[L:.*]] = arith.addi %[[D]], %arg1 : index
// CHECK: %[[H:.*]] = arith.addi %[[L]], %{{.*}} : index
// CHECK: %[[E:.*]] = tensor.empty(%[[H]]) : tensor<5x?xf32>
// CHECK: %[[F:.*]] = linalg.fill ins(%arg2 : f32) outs(%[[E]] : tensor<5x?xf32>) -> tensor<5x?xf32>
// CHECK: tensor.insert_slice %arg0 into %[[F]][1, %arg1] [2, %{{.*}}] [1, 1] : tensor<2x?xf32> into tensor<5x?xf32>
func.func @pad(%t: tensor<2x?xf32>, %lo: index, %v: f32) -> tensor<5x?xf32> {
  %p = tensor.pad %t low[1, %lo] high[2, 3] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<2x?xf32> to tensor<5x?xf32>
  return %p : tensor<5x?xf32>
}

// -----

// A padding value computed in the body: a tensor.generate running it.
// CHECK-LABEL: func.func @computed
// CHECK: %[[G:.*]] = tensor.generate {
// CHECK: arith.index_cast
// CHECK: tensor.yield
// CHECK: tensor.insert_slice %arg0 into %[[G]][1] [2] [1] : tensor<2xi32> into tensor<4xi32>
func.func @computed(%t: tensor<2xi32>) -> tensor<4xi32> {
  %p = tensor.pad %t low[1] high[1] {
  ^bb0(%i: index):
    %x = arith.index_cast %i : index to i32
    tensor.yield %x : i32
  } : tensor<2xi32> to tensor<4xi32>
  return %p : tensor<4xi32>
}
