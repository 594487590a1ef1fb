// RUN: pyopt %s -linalg-inline-scalar-operands | filecheck %s

// An input read at a constant index is extracted inside the body instead.

// CHECK-DAG: #[[ID:.*]] = affine_map<(d0) -> (d0)>
// (the greedy driver hoists the index constant out of the body)
// CHECK-LABEL: func.func @scale
// CHECK: %[[C:.*]] = arith.constant 2 : index
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[ID]]], iterator_types = ["parallel"]} ins(%arg0 : tensor<8xf32>) outs(%arg2 : tensor<8xf32>) {
// CHECK-NEXT: ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:   %[[F:.*]] = tensor.extract %arg1[%[[C]]] : tensor<4xf32>
// CHECK-NEXT:   %[[M:.*]] = arith.mulf %[[X]], %[[F]] : f32
func.func @scale(%x: tensor<8xf32>, %f: tensor<4xf32>, %o: tensor<8xf32>) -> tensor<8xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (2)>, affine_map<(i) -> (i)>],
                       iterator_types = ["parallel"]}
      ins(%x, %f : tensor<8xf32>, tensor<4xf32>) outs(%o : tensor<8xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %m = arith.mulf %a, %b : f32
    linalg.yield %m : f32
  } -> tensor<8xf32>
  return %r : tensor<8xf32>
}
