// RUN: pyopt %s -canonicalize | filecheck %s

// Folders and canonicalization patterns of tensor.expand_shape / tensor.collapse_shape.

// CHECK-DAG:  #[[$PROD:.+]] = affine_map<()[s0, s1] -> ((s0 * s1) * 5)>
// CHECK-DAG:  #[[$DIV:.+]] = affine_map<()[s0] -> (s0 floordiv 4)>

// Reshapes of the same kind compose (the output sizes are the outer expand's).
// CHECK-LABEL: func.func @compose_expands(
// CHECK-SAME:    %[[A:[a-zA-Z0-9_]+]]: tensor<?x12xf32>, %[[S:[a-zA-Z0-9_]+]]: index)
// CHECK-NEXT:    %[[E:.+]] = tensor.expand_shape %[[A]] {{\[}}[0], [1, 2, 3]] output_shape [%[[S]], 3, 2, 2] : tensor<?x12xf32> into tensor<?x3x2x2xf32>
// CHECK-NEXT:    return %[[E]]
// CHECK-LABEL: func.func @compose_collapses(
// CHECK-NEXT:    %[[C:.+]] = tensor.collapse_shape %{{.+}} {{\[}}[0, 1, 2, 3]] : tensor<2x3x4x5xf32> into tensor<120xf32>
// CHECK-NEXT:    return %[[C]]

// A collapse of an expand is one collapse when the groups line up; an expand of a collapse
// is only merged when each group can be matched, which a split 3x4 -> 6 -> 2x2 cannot.
// CHECK-LABEL: func.func @collapse_of_expand(
// CHECK-NEXT:    %[[C:.+]] = tensor.collapse_shape %{{.+}} {{\[}}[0, 1]] : tensor<?x4xf32> into tensor<?xf32>
// CHECK-NEXT:    return %[[C]]
// CHECK-LABEL: func.func @expand_of_collapse(
// CHECK-NEXT:    tensor.collapse_shape
// CHECK-NEXT:    tensor.expand_shape

// A reshape undoing its producer folds to the producer's source.
// CHECK-LABEL: func.func @inverse_pair(
// CHECK-SAME:    %[[A:[a-zA-Z0-9_]+]]: tensor<?x4xf32>
// CHECK-NEXT:    return %[[A]]

// Splat constants and tensor.splat are rebuilt at the new shape.
// CHECK-LABEL: func.func @splats(
// CHECK-SAME:    %[[X:[a-zA-Z0-9_]+]]: f32)
// CHECK-DAG:     %[[C:.+]] = arith.constant dense<7> : tensor<2x6xi32>
// CHECK-DAG:     %[[S:.+]] = tensor.splat %[[X]] : tensor<12xf32>
// CHECK:         return %[[C]], %[[S]]

// A cast that only drops static sizes moves after the collapse.
// CHECK-LABEL: func.func @collapse_of_cast(
// CHECK-SAME:    %[[A:[a-zA-Z0-9_]+]]: tensor<2x3x4xf32>)
// CHECK-NEXT:    %[[C:.+]] = tensor.collapse_shape %[[A]] {{\[}}[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
// CHECK-NEXT:    %[[R:.+]] = tensor.cast %[[C]] : tensor<6x4xf32> to tensor<?x4xf32>
// CHECK-NEXT:    return %[[R]]

// The sizes of reshape results are computed from the source's.
// CHECK-LABEL: func.func @dims(
// CHECK-SAME:    %[[A:[a-zA-Z0-9_]+]]: tensor<?x?x5xf32>, %[[B:[a-zA-Z0-9_]+]]: tensor<?x8xf32>
// CHECK-DAG:     %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.+]] = arith.constant 1 : index
// CHECK:         %[[D0:.+]] = tensor.dim %[[A]], %[[C0]]
// CHECK:         %[[D1:.+]] = tensor.dim %[[A]], %[[C1]]
// CHECK:         %[[P:.+]] = affine.apply #[[$PROD]]()[%[[D0]], %[[D1]]]
// CHECK:         %[[D2:.+]] = tensor.dim %[[B]], %[[C0]]
// CHECK:         %[[Q:.+]] = affine.apply #[[$DIV]]()[%[[D2]]]
// CHECK:         return %[[P]], %[[Q]]

func.func @compose_expands(%a: tensor<?x12xf32>, %s: index) -> tensor<?x3x2x2xf32> {
  %0 = tensor.expand_shape %a [[0], [1, 2]] output_shape [%s, 3, 4] : tensor<?x12xf32> into tensor<?x3x4xf32>
  %1 = tensor.expand_shape %0 [[0], [1], [2, 3]] output_shape [%s, 3, 2, 2] : tensor<?x3x4xf32> into tensor<?x3x2x2xf32>
  return %1 : tensor<?x3x2x2xf32>
}

func.func @compose_collapses(%a: tensor<2x3x4x5xf32>) -> tensor<120xf32> {
  %0 = tensor.collapse_shape %a [[0, 1], [2, 3]] : tensor<2x3x4x5xf32> into tensor<6x20xf32>
  %1 = tensor.collapse_shape %0 [[0, 1]] : tensor<6x20xf32> into tensor<120xf32>
  return %1 : tensor<120xf32>
}

func.func @collapse_of_expand(%a: tensor<?x4xf32>, %s: index) -> tensor<?xf32> {
  %0 = tensor.expand_shape %a [[0, 1], [2]] output_shape [%s, 1, 4] : tensor<?x4xf32> into tensor<?x1x4xf32>
  %1 = tensor.collapse_shape %0 [[0, 1, 2]] : tensor<?x1x4xf32> into tensor<?xf32>
  return %1 : tensor<?xf32>
}

func.func @expand_of_collapse(%a: tensor<2x3x4xf32>) -> tensor<6x2x2xf32> {
  %0 = tensor.collapse_shape %a [[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
  %1 = tensor.expand_shape %0 [[0], [1, 2]] output_shape [6, 2, 2] : tensor<6x4xf32> into tensor<6x2x2xf32>
  return %1 : tensor<6x2x2xf32>
}

func.func @inverse_pair(%a: tensor<?x4xf32>, %s: index) -> tensor<?x4xf32> {
  %0 = tensor.collapse_shape %a [[0, 1]] : tensor<?x4xf32> into tensor<?xf32>
  %1 = tensor.expand_shape %0 [[0, 1]] output_shape [%s, 4] : tensor<?xf32> into tensor<?x4xf32>
  return %1 : tensor<?x4xf32>
}

func.func @splats(%x: f32) -> (tensor<2x6xi32>, tensor<12xf32>) {
  %c = arith.constant dense<7> : tensor<12xi32>
  %0 = tensor.expand_shape %c [[0, 1]] output_shape [2, 6] : tensor<12xi32> into tensor<2x6xi32>
  %s = tensor.splat %x : tensor<3x4xf32>
  %1 = tensor.collapse_shape %s [[0, 1]] : tensor<3x4xf32> into tensor<12xf32>
  return %0, %1 : tensor<2x6xi32>, tensor<12xf32>
}

func.func @collapse_of_cast(%a: tensor<2x3x4xf32>) -> tensor<?x4xf32> {
  %0 = tensor.cast %a : tensor<2x3x4xf32> to tensor<?x3x4xf32>
  %1 = tensor.collapse_shape %0 [[0, 1], [2]] : tensor<?x3x4xf32> into tensor<?x4xf32>
  return %1 : tensor<?x4xf32>
}

func.func @dims(%a: tensor<?x?x5xf32>, %b: tensor<?x8xf32>, %s: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = tensor.collapse_shape %a [[0, 1, 2]] : tensor<?x?x5xf32> into tensor<?xf32>
  %d0 = tensor.dim %0, %c0 : tensor<?xf32>
  %1 = tensor.expand_shape %b [[0, 1], [2]] output_shape [%s, 4, 8] : tensor<?x8xf32> into tensor<?x4x8xf32>
  %d1 = tensor.dim %1, %c0 : tensor<?x4x8xf32>
  return %d0, %d1 : index, index
}
