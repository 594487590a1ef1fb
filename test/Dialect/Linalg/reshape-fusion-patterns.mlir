// RUN: pyopt %s -test-linalg-elementwise-fusion-patterns=fuse-with-reshape-by-expansion | filecheck %s --check-prefix=EXPAND
// RUN: pyopt %s -test-linalg-elementwise-fusion-patterns=fuse-with-reshape-by-collapsing | filecheck %s --check-prefix=COLLAPSE
// RUN: pyopt %s -test-linalg-elementwise-fusion-patterns=fuse-with-reshape-by-collapsing-control | filecheck %s --check-prefix=CONTROL

// By expansion, an expand_shape of a generic's result disappears: the generic's loops are
// split like the result, its operands expanded (sizes inferred from the source's, the
// dynamic ones divided by the static part of their group).
// EXPAND-DAG:  #[[$ID3:.+]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// EXPAND-LABEL: func.func @expand_result(
// EXPAND-SAME:    %[[A:[a-zA-Z0-9_]+]]: tensor<?x?xf32>, %[[B:[a-zA-Z0-9_]+]]: tensor<?x?xf32>
// EXPAND-DAG:     %[[C4:.+]] = arith.constant 4 : index
// EXPAND-DAG:     %[[C1:.+]] = arith.constant 1 : index
// EXPAND-DAG:     %[[C0:.+]] = arith.constant 0 : index
// EXPAND:         %[[D0:.+]] = tensor.dim %[[A]], %[[C0]]
// EXPAND:         %[[D1:.+]] = tensor.dim %[[A]], %[[C1]]
// EXPAND:         %[[Q:.+]] = arith.divui %[[D0]], %[[C4]] : index
// EXPAND:         %[[EA:.+]] = tensor.expand_shape %[[A]] {{\[\[}}0, 1], [2]] output_shape [%[[Q]], 4, %[[D1]]] : tensor<?x?xf32> into tensor<?x4x?xf32>
// EXPAND:         %[[EB:.+]] = tensor.expand_shape %[[B]] {{\[\[}}0, 1], [2]]
// EXPAND:         %[[EO:.+]] = tensor.expand_shape %[[A]] {{\[\[}}0, 1], [2]]
// EXPAND:         %[[R:.+]] = linalg.generic {indexing_maps = [#[[$ID3]], #[[$ID3]], #[[$ID3]]], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[EA]], %[[EB]] : tensor<?x4x?xf32>, tensor<?x4x?xf32>) outs(%[[EO]] : tensor<?x4x?xf32>)
// EXPAND:         return %[[R]] : tensor<?x4x?xf32>

// By collapsing, this expand_shape stays: its generic producer is not the kind fused.
// COLLAPSE-DAG:  #[[$ID2:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// COLLAPSE-LABEL: func.func @expand_result(
// COLLAPSE:         %[[R:.+]] = linalg.generic
// COLLAPSE:         %[[E:.+]] = tensor.expand_shape %[[R]]
// COLLAPSE:         return %[[E]]
// CONTROL-LABEL: func.func @expand_result(
// CONTROL:         tensor.expand_shape
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @expand_result(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %s: index) -> tensor<?x4x?xf32> {
  %0 = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>) outs(%a : tensor<?x?xf32>) {
    ^bb0(%x: f32, %y: f32, %o: f32):
      %m = arith.addf %x, %y : f32
      linalg.yield %m : f32
  } -> tensor<?x?xf32>
  %c1 = arith.constant 1 : index
  %d1 = tensor.dim %a, %c1 : tensor<?x?xf32>
  %1 = tensor.expand_shape %0 [[0, 1], [2]] output_shape [%s, 4, %d1] : tensor<?x?xf32> into tensor<?x4x?xf32>
  return %1 : tensor<?x4x?xf32>
}

// By collapsing, an expand_shape feeding a generic disappears: the loops it split are merged
// again, the init collapsed, the result expanded back, and the index of a merged inner loop
// recovered as a remainder. The control function never fuses through operand 0.
// EXPAND-LABEL: func.func @expand_operand(
// EXPAND:         tensor.expand_shape
// EXPAND:         linalg.generic
// COLLAPSE-LABEL: func.func @expand_operand(
// COLLAPSE-SAME:    %[[A:[a-zA-Z0-9_]+]]: tensor<6x5xi32>, %[[B:[a-zA-Z0-9_]+]]: tensor<2x3x5xi32>)
// COLLAPSE:         %[[C3:.+]] = arith.constant 3 : index
// COLLAPSE:         %[[CB:.+]] = tensor.collapse_shape %[[B]] {{\[\[}}0, 1], [2]] : tensor<2x3x5xi32> into tensor<6x5xi32>
// COLLAPSE:         %[[R:.+]] = linalg.generic {indexing_maps = [#[[$ID2]], #[[$ID2]]], iterator_types = ["parallel", "parallel"]} ins(%[[A]] : tensor<6x5xi32>) outs(%[[CB]] : tensor<6x5xi32>)
// COLLAPSE:           %[[I:.+]] = linalg.index 0 : index
// COLLAPSE-NEXT:      %[[J:.+]] = arith.remui %[[I]], %[[C3]] : index
// COLLAPSE-NEXT:      %[[JJ:.+]] = arith.index_cast %[[J]] : index to i32
// COLLAPSE:         %[[E:.+]] = tensor.expand_shape %[[R]] {{\[\[}}0, 1], [2]] output_shape [2, 3, 5] : tensor<6x5xi32> into tensor<2x3x5xi32>
// COLLAPSE:         return %[[E]]
// CONTROL-LABEL: func.func @expand_operand(
// CONTROL:         %[[E:.+]] = tensor.expand_shape
// CONTROL:         linalg.generic
// CONTROL-SAME:      ins(%[[E]] : tensor<2x3x5xi32>)
func.func @expand_operand(%a: tensor<6x5xi32>, %b: tensor<2x3x5xi32>) -> tensor<2x3x5xi32> {
  %0 = tensor.expand_shape %a [[0, 1], [2]] output_shape [2, 3, 5] : tensor<6x5xi32> into tensor<2x3x5xi32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%0 : tensor<2x3x5xi32>) outs(%b : tensor<2x3x5xi32>) {
    ^bb0(%x: i32, %o: i32):
      %i = linalg.index 1 : index
      %ii = arith.index_cast %i : index to i32
      %m = arith.addi %x, %ii : i32
      linalg.yield %m : i32
  } -> tensor<2x3x5xi32>
  return %1 : tensor<2x3x5xi32>
}
