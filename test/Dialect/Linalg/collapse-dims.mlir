// RUN: pyopt %s -test-linalg-elementwise-fusion-patterns=collapse-dimensions-control=1,2 | filecheck %s

// Loops 1 and 2 are merged: operands are collapsed, the result expanded back, and the
// original indices recovered from the merged one by remainder and quotient of the inner
// loop's size. The pattern applies again to the collapsed op (its loops 1 and 2).
// CHECK-DAG:  #[[$ID2:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @generic_with_index(
// CHECK-SAME:    %[[A:[a-zA-Z0-9_]+]]: tensor<2x3x?x5xi32>)
// CHECK-DAG:     %[[C5:.+]] = arith.constant 5 : index
// CHECK-DAG:     %[[C2:.+]] = arith.constant 2 : index
// CHECK:         %[[D:.+]] = tensor.dim %[[A]], %[[C2]] : tensor<2x3x?x5xi32>
// CHECK:         %[[C0:.+]] = tensor.collapse_shape %[[A]] {{\[}}[0], [1, 2], [3]] : tensor<2x3x?x5xi32> into tensor<2x?x5xi32>
// CHECK:         %[[C1:.+]] = tensor.collapse_shape %[[A]] {{\[}}[0], [1, 2], [3]]
// CHECK:         %[[I0:.+]] = tensor.collapse_shape %[[C0]] {{\[}}[0], [1, 2]] : tensor<2x?x5xi32> into tensor<2x?xi32>
// CHECK:         %[[O0:.+]] = tensor.collapse_shape %[[C1]] {{\[}}[0], [1, 2]]
// CHECK:         %[[R:.+]] = linalg.generic {indexing_maps = [#[[$ID2]], #[[$ID2]]], iterator_types = ["parallel", "parallel"]} ins(%[[I0]] : tensor<2x?xi32>) outs(%[[O0]] : tensor<2x?xi32>)
// CHECK:           %[[I:.+]] = linalg.index 1 : index
// CHECK-NEXT:      %[[Q:.+]] = arith.divui %[[I]], %[[C5]] : index
// CHECK-NEXT:      %[[J2:.+]] = arith.remui %[[Q]], %[[D]] : index
// CHECK-NEXT:      %[[J1:.+]] = arith.divui %[[Q]], %[[D]] : index
// CHECK-NEXT:      arith.addi %[[J1]], %[[J2]] : index
// CHECK:         %[[E0:.+]] = tensor.expand_shape %[[R]] {{\[}}[0], [1, 2]]
// CHECK:         %[[E1:.+]] = tensor.expand_shape %[[E0]] {{\[}}[0], [1, 2], [3]]
// CHECK-SAME:      : tensor<2x?x5xi32> into tensor<2x3x?x5xi32>
// CHECK:         return %[[E1]]

// A named op (linalg.copy) on memrefs is collapsed too...
// CHECK-LABEL: func.func @copy_memref(
// CHECK:         %[[S0:.+]] = memref.collapse_shape %{{.+}} {{\[}}[0], [1, 2]] : memref<2x12x5xf32> into memref<2x60xf32>
// CHECK:         %[[S1:.+]] = memref.collapse_shape %{{.+}} {{\[}}[0], [1, 2]] : memref<2x12x5xf32> into memref<2x60xf32>
// CHECK:         linalg.copy ins(%[[S0]] : memref<2x60xf32>) outs(%[[S1]] : memref<2x60xf32>)

// ... as long as its strided memrefs stay contiguous where dims are merged.
// CHECK-LABEL: func.func @strided_not_collapsed(
// CHECK:         %[[S0:.+]] = memref.collapse_shape %{{.+}} {{\[}}[0], [1, 2], [3]] : memref<2x3x4x5xf32, strided<[120, 40, 10, 1]>> into memref<2x12x5xf32, strided<[120, 10, 1]>>
// CHECK:         %[[S1:.+]] = memref.collapse_shape
// CHECK:         linalg.copy ins(%[[S0]] : memref<2x12x5xf32, strided<[120, 10, 1]>>) outs(%[[S1]] : memref<2x12x5xf32>)
#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @generic_with_index(%a: tensor<2x3x?x5xi32>) -> tensor<2x3x?x5xi32> {
  %0 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
    ins(%a : tensor<2x3x?x5xi32>) outs(%a : tensor<2x3x?x5xi32>) {
    ^bb0(%x: i32, %o: i32):
      %i = linalg.index 1 : index
      %j = linalg.index 2 : index
      %s = arith.addi %i, %j : index
      %c = arith.index_cast %s : index to i32
      %r = arith.addi %x, %c : i32
      linalg.yield %r : i32
  } -> tensor<2x3x?x5xi32>
  return %0 : tensor<2x3x?x5xi32>
}

func.func @copy_memref(%a: memref<2x3x4x5xf32>, %b: memref<2x3x4x5xf32>) {
  linalg.copy ins(%a : memref<2x3x4x5xf32>) outs(%b : memref<2x3x4x5xf32>)
  return
}

func.func @strided_not_collapsed(%a: memref<2x3x4x5xf32, strided<[120, 40, 10, 1]>>, %b: memref<2x3x4x5xf32>) {
  linalg.copy ins(%a : memref<2x3x4x5xf32, strided<[120, 40, 10, 1]>>) outs(%b : memref<2x3x4x5xf32>)
  return
}
