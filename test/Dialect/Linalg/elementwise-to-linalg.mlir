// RUN: pyopt %s -split-input-file -convert-elementwise-to-linalg | filecheck %s

// arith and math ops on ranked tensors become linalg.generic over the tensors' elements.

// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @ops
// CHECK: %[[A:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ID]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<2x?xf32>, tensor<2x?xf32>) outs(%arg0 : tensor<2x?xf32>) {
// CHECK-NEXT: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:   %[[S:.*]] = arith.addf %[[X]], %[[Y]] fastmath<nnan> : f32
// CHECK-NEXT:   linalg.yield %[[S]] : f32
// A result type no operand has: a new init of the first operand's sizes.
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[D:.*]] = tensor.dim %[[A]], %[[C1]] : tensor<2x?xf32>
// CHECK-NEXT: %[[E:.*]] = tensor.empty(%[[D]]) : tensor<2x?xi1>
// CHECK-NEXT: linalg.generic {{.*}} ins(%[[A]], %arg1 : tensor<2x?xf32>, tensor<2x?xf32>) outs(%[[E]] : tensor<2x?xi1>)
// CHECK: arith.cmpf oge
// CHECK: math.sqrt
// Scalars and constants stay.
// CHECK: arith.addf %arg2, %arg2 : f32
func.func @ops(%a: tensor<2x?xf32>, %b: tensor<2x?xf32>, %s: f32) -> (tensor<2x?xi1>, tensor<2x?xf32>, f32) {
  %0 = arith.addf %a, %b fastmath<nnan> : tensor<2x?xf32>
  %1 = arith.cmpf oge, %0, %b : tensor<2x?xf32>
  %2 = math.sqrt %b : tensor<2x?xf32>
  %3 = arith.addf %s, %s : f32
  return %1, %2, %3 : tensor<2x?xi1>, tensor<2x?xf32>, f32
}
