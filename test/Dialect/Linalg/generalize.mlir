// RUN: pyopt %s -split-input-file -linalg-generalize-named-ops | filecheck %s

// Named ops become linalg.generic with the maps, iterators and body of the op table.

// CHECK-DAG: #[[A:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[B:.*]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-DAG: #[[C:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @matmul_mixed
// CHECK: linalg.generic {indexing_maps = [#[[A]], #[[B]], #[[C]]], iterator_types = ["parallel", "parallel", "reduction"]}
// CHECK-NEXT: ^bb0(%[[X:.*]]: i8, %[[Y:.*]]: i8, %[[Z:.*]]: i32):
// CHECK-NEXT:   %[[XE:.*]] = arith.extui %[[X]] : i8 to i32
// CHECK-NEXT:   %[[YE:.*]] = arith.extui %[[Y]] : i8 to i32
// CHECK-NEXT:   %[[M:.*]] = arith.muli %[[XE]], %[[YE]] : i32
// CHECK-NEXT:   %[[S:.*]] = arith.addi %[[Z]], %[[M]] : i32
// CHECK-NEXT:   linalg.yield %[[S]] : i32
// CHECK-NEXT: } -> tensor<2x4xi32>
func.func @matmul_mixed(%a: tensor<2x3xi8>, %b: tensor<3x4xi8>, %c: tensor<2x4xi32>) -> tensor<2x4xi32> {
  %r = linalg.matmul {cast = #linalg.type_fn<cast_unsigned>}
      ins(%a, %b : tensor<2x3xi8>, tensor<3x4xi8>) outs(%c : tensor<2x4xi32>) -> tensor<2x4xi32>
  return %r : tensor<2x4xi32>
}

// -----

// Strides and dilations are bound into the input map.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 * 2 + d4 * 3, d2 * 2 + d5 * 3, d6)>
// CHECK-LABEL: func.func @conv
// CHECK: linalg.generic {indexing_maps = [#[[IN]], {{.*}}], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
// CHECK: arith.sitofp %{{.*}} : i8 to f32
func.func @conv(%i: memref<1x9x9x2xi8>, %k: memref<2x2x2x4xf32>, %o: memref<1x3x3x4xf32>) {
  linalg.conv_2d_nhwc_hwcf {strides = dense<2> : tensor<2xi64>, dilations = dense<3> : tensor<2xi64>}
      ins(%i, %k : memref<1x9x9x2xi8>, memref<2x2x2x4xf32>) outs(%o : memref<1x3x3x4xf32>)
  return
}

// -----

// Rank-polymorphic ops take the init's rank; a scalar operand gets an empty map.
// CHECK-DAG: #[[S:.*]] = affine_map<(d0, d1, d2) -> ()>
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// The greedy driver hoists the reciprocal's constant one to the function entry.
// CHECK-LABEL: func.func @fill_and_unary
// CHECK: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK: linalg.generic {indexing_maps = [#[[S]], #[[ID]]], iterator_types = ["parallel", "parallel", "parallel"]} ins(%{{.*}} : f64) outs(%{{.*}} : memref<2x3x4xf32>)
// CHECK: arith.truncf %{{.*}} : f64 to f32
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[ID]]]
// CHECK: math.exp
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[ID]]]
// CHECK: arith.divf %[[ONE]], %{{.*}} : f32
func.func @fill_and_unary(%s: f64, %m: memref<2x3x4xf32>) {
  linalg.fill ins(%s : f64) outs(%m : memref<2x3x4xf32>)
  linalg.elemwise_unary ins(%m : memref<2x3x4xf32>) outs(%m : memref<2x3x4xf32>)
  linalg.reciprocal ins(%m : memref<2x3x4xf32>) outs(%m : memref<2x3x4xf32>)
  return
}
