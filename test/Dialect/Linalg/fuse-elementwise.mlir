// RUN: pyopt %s -linalg-fuse-elementwise-ops -split-input-file | filecheck %s

// Producer and consumer generics on tensors become one generic: the producer's payload is
// cloned before the consumer's, its linalg.index ops re-expressed in the consumer's loops.
// CHECK-DAG: #[[$ID:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @index_transposed(
// CHECK-SAME:    %[[A:[a-zA-Z0-9_]+]]: tensor<?x?xi32>, %[[E:[a-zA-Z0-9_]+]]: tensor<?x?xi32>)
// CHECK:         %[[INIT:.+]] = tensor.empty(%{{.+}}, %{{.+}}) : tensor<?x?xi32>
// CHECK:         %[[R:.+]] = linalg.generic {indexing_maps = [#[[$ID]], #[[$ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[A]] : tensor<?x?xi32>) outs(%[[INIT]] : tensor<?x?xi32>)
// CHECK-NEXT:    ^bb0(%[[X:[a-zA-Z0-9_]+]]: i32, %{{.+}}: i32):
// CHECK-NEXT:      %[[I:.+]] = linalg.index 1 : index
// CHECK-NEXT:      %[[II:.+]] = arith.index_cast %[[I]] : index to i32
// CHECK-NEXT:      %[[S:.+]] = arith.addi %[[X]], %[[II]] : i32
// CHECK-NEXT:      %[[J:.+]] = linalg.index 1 : index
// CHECK-NEXT:      %[[JJ:.+]] = arith.index_cast %[[J]] : index to i32
// CHECK-NEXT:      %[[T:.+]] = arith.subi %[[S]], %[[JJ]] : i32
// CHECK-NEXT:      linalg.yield %[[T]] : i32
// CHECK:         return %[[R]]
#id = affine_map<(d0, d1) -> (d0, d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
func.func @index_transposed(%a: tensor<?x?xi32>, %e: tensor<?x?xi32>) -> tensor<?x?xi32> {
  %0 = linalg.generic {indexing_maps = [#tr, #tr], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<?x?xi32>) outs(%e : tensor<?x?xi32>) {
    ^bb0(%x: i32, %o: i32):
      %i = linalg.index 0 : index
      %ii = arith.index_cast %i : index to i32
      %s = arith.addi %x, %ii : i32
      linalg.yield %s : i32
  } -> tensor<?x?xi32>
  %1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%0 : tensor<?x?xi32>) outs(%e : tensor<?x?xi32>) {
    ^bb0(%x: i32, %o: i32):
      %j = linalg.index 1 : index
      %jj = arith.index_cast %j : index to i32
      %s = arith.subi %x, %jj : i32
      linalg.yield %s : i32
  } -> tensor<?x?xi32>
  return %1 : tensor<?x?xi32>
}

// -----

// A producer with another use is not fused (the pass fuses single-use producers only).
// CHECK-LABEL: func.func @multi_use(
// CHECK:         %[[P:.+]] = linalg.generic
// CHECK:           arith.negf
// CHECK:         %[[C:.+]] = linalg.generic
// CHECK-SAME:      ins(%[[P]] : tensor<8xf32>)
// CHECK:           math.exp
// CHECK:         return %[[P]], %[[C]]
#id = affine_map<(d0) -> (d0)>
func.func @multi_use(%a: tensor<8xf32>, %e: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : tensor<8xf32>) outs(%e : tensor<8xf32>) {
    ^bb0(%x: f32, %o: f32):
      %n = arith.negf %x : f32
      linalg.yield %n : f32
  } -> tensor<8xf32>
  %1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%0 : tensor<8xf32>) outs(%e : tensor<8xf32>) {
    ^bb0(%x: f32, %o: f32):
      %m = math.exp %x : f32
      linalg.yield %m : f32
  } -> tensor<8xf32>
  return %0, %1 : tensor<8xf32>, tensor<8xf32>
}

// -----

// Splat and scalar constants and linalg.fill inputs are read inside the payload; an init the
// payload never reads becomes a tensor.empty.
// CHECK-LABEL: func.func @constants_and_fill(
// CHECK-SAME:    %[[A:[a-zA-Z0-9_]+]]: tensor<4x8xf32>, %{{.+}}: tensor<4x8xf32>)
// CHECK-DAG:     %[[TWO:.+]] = arith.constant 2.000000e+00 : f32
// CHECK-DAG:     %[[THREE:.+]] = arith.constant 3.000000e+00 : f32
// CHECK-DAG:     %[[FIVE:.+]] = arith.constant 5.000000e+00 : f32
// CHECK:         %[[INIT:.+]] = tensor.empty() : tensor<4x8xf32>
// CHECK:         linalg.generic
// CHECK-SAME:      ins(%[[A]] : tensor<4x8xf32>) outs(%[[INIT]] : tensor<4x8xf32>)
// CHECK-NEXT:    ^bb0(%[[X:[a-zA-Z0-9_]+]]: f32, %{{.+}}: f32):
// CHECK-NEXT:      %[[S:.+]] = arith.addf %[[X]], %[[TWO]] : f32
// CHECK-NEXT:      %[[T:.+]] = arith.mulf %[[S]], %[[THREE]] : f32
// CHECK-NEXT:      %[[U:.+]] = arith.subf %[[T]], %[[FIVE]] : f32
// CHECK-NEXT:      linalg.yield %[[U]] : f32
#id = affine_map<(d0, d1) -> (d0, d1)>
#sc = affine_map<(d0, d1) -> ()>
func.func @constants_and_fill(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %two = arith.constant 2.0 : f32
  %three = arith.constant dense<3.0> : tensor<4x8xf32>
  %k = arith.constant 5.0 : f32
  %f = linalg.fill ins(%two : f32) outs(%b : tensor<4x8xf32>) -> tensor<4x8xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id, #id, #sc, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %f, %three, %k : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, f32) outs(%b : tensor<4x8xf32>) {
    ^bb0(%x: f32, %y: f32, %z: f32, %w: f32, %o: f32):
      %s = arith.addf %x, %y : f32
      %t = arith.mulf %s, %z : f32
      %u = arith.subf %t, %w : f32
      linalg.yield %u : f32
  } -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// Transposes of constants are folded.
// CHECK-LABEL: func.func @constant_transpose(
// CHECK-NEXT:    %[[C:.+]] = arith.constant dense<{{\[\[}}1, 4], [2, 5], [3, 6]]> : tensor<3x2xi32>
// CHECK-NEXT:    return %[[C]]
func.func @constant_transpose() -> tensor<3x2xi32> {
  %c = arith.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %e = tensor.empty() : tensor<3x2xi32>
  %t = linalg.transpose ins(%c : tensor<2x3xi32>) outs(%e : tensor<3x2xi32>) permutation = [1, 0]
  return %t : tensor<3x2xi32>
}

// -----

// A collapse_shape feeding a generic is folded by expanding the generic's loops; the other
// operands get expand_shapes and the result a collapse_shape back.
// CHECK-DAG: #[[$ID3:.+]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @collapse_by_expansion(
// CHECK-SAME:    %[[A:[a-zA-Z0-9_]+]]: tensor<2x4x6xf32>, %[[B:[a-zA-Z0-9_]+]]: tensor<8x6xf32>)
// CHECK:         %[[EB:.+]] = tensor.expand_shape %[[B]] {{\[\[}}0, 1], [2]] output_shape [2, 4, 6] : tensor<8x6xf32> into tensor<2x4x6xf32>
// CHECK:         %[[INIT:.+]] = tensor.empty() : tensor<2x4x6xf32>
// CHECK:         %[[R:.+]] = linalg.generic {indexing_maps = [#[[$ID3]], #[[$ID3]], #[[$ID3]]], iterator_types = ["parallel", "parallel", "parallel"]}
// CHECK-SAME:      ins(%[[A]], %[[EB]] : tensor<2x4x6xf32>, tensor<2x4x6xf32>) outs(%[[INIT]] : tensor<2x4x6xf32>)
// CHECK:         %[[C:.+]] = tensor.collapse_shape %[[R]] {{\[\[}}0, 1], [2]] : tensor<2x4x6xf32> into tensor<8x6xf32>
// CHECK:         return %[[C]]
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @collapse_by_expansion(%a: tensor<2x4x6xf32>, %b: tensor<8x6xf32>) -> tensor<8x6xf32> {
  %0 = tensor.collapse_shape %a [[0, 1], [2]] : tensor<2x4x6xf32> into tensor<8x6xf32>
  %1 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%0, %b : tensor<8x6xf32>, tensor<8x6xf32>) outs(%b : tensor<8x6xf32>) {
    ^bb0(%x: f32, %y: f32, %o: f32):
      %m = arith.mulf %x, %y : f32
      linalg.yield %m : f32
  } -> tensor<8x6xf32>
  return %1 : tensor<8x6xf32>
}
