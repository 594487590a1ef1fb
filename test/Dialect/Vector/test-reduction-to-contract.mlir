// RUN: pyopt %s -test-vector-reduction-to-contract-patterns | filecheck %s

func.func @mul_sum(%a : vector<4x8xf32>, %b : vector<4x8xf32>, %acc : vector<4xf32>) -> vector<4xf32> {
  %m = arith.mulf %a, %b : vector<4x8xf32>
  %r = vector.multi_reduction <add>, %m, %acc [1] : vector<4x8xf32> to vector<4xf32>
  return %r : vector<4xf32>
}
func.func @transposed_lhs(%a : vector<8x4xf32>, %b : vector<4x8xf32>, %acc : vector<4xf32>) -> vector<4xf32> {
  %t = vector.transpose %a, [1, 0] : vector<8x4xf32> to vector<4x8xf32>
  %m = arith.mulf %t, %b : vector<4x8xf32>
  %r = vector.multi_reduction <add>, %m, %acc [1] : vector<4x8xf32> to vector<4xf32>
  return %r : vector<4xf32>
}
func.func @ext_of_bcast(%a : vector<4xi8>) -> vector<2x4xi32> {
  %b = vector.broadcast %a : vector<4xi8> to vector<2x4xi8>
  %e = arith.extsi %b : vector<2x4xi8> to vector<2x4xi32>
  return %e : vector<2x4xi32>
}

// CHECK-DAG: #[[$ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$ROW:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-DAG: #[[$TR:.*]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-LABEL: func.func @mul_sum(
// CHECK-NEXT: vector.contract {indexing_maps = [#[[$ID]], #[[$ID]], #[[$ROW]]], iterator_types = ["parallel", "reduction"], kind = #vector.kind<add>} %arg0, %arg1, %arg2
// CHECK-LABEL: func.func @transposed_lhs(
// CHECK-NEXT: vector.contract {indexing_maps = [#[[$TR]], #[[$ID]], #[[$ROW]]]{{.*}} %arg0, %arg1, %arg2 : vector<8x4xf32>, vector<4x8xf32> into vector<4xf32>
// CHECK-LABEL: func.func @ext_of_bcast(
// CHECK-NEXT: %[[E:.*]] = arith.extsi %arg0 : vector<4xi8> to vector<4xi32>
// CHECK-NEXT: vector.broadcast %[[E]] : vector<4xi32> to vector<2x4xi32>
