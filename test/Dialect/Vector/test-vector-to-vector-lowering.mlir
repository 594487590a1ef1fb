// RUN: pyopt %s -test-vector-to-vector-lowering | filecheck %s

func.func @add_lead(%a : vector<1x1x4xf32>, %b : vector<1x1x4xf32>) -> vector<1x1x4xf32> {
  %r = arith.addf %a, %b : vector<1x1x4xf32>
  return %r : vector<1x1x4xf32>
}
func.func @read_lead(%m : memref<8x8xf32>, %i : index) -> vector<1x4xf32> {
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %m[%i, %i], %pad {in_bounds = [true, false]} : memref<8x8xf32>, vector<1x4xf32>
  return %v : vector<1x4xf32>
}
func.func @write_lead(%m : memref<8x8xf32>, %v : vector<1x4xf32>, %i : index) {
  vector.transfer_write %v, %m[%i, %i] : vector<1x4xf32>, memref<8x8xf32>
  return
}
func.func @cmask() -> vector<1x3x4xi1> {
  %m = vector.constant_mask [1, 2, 2] : vector<1x3x4xi1>
  return %m : vector<1x3x4xi1>
}
func.func @contract_lead(%a : vector<1x2x3xf32>, %b : vector<3x5xf32>, %c : vector<1x2x5xf32>) -> vector<1x2x5xf32> {
  %r = vector.contract {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<1x2x3xf32>, vector<3x5xf32> into vector<1x2x5xf32>
  return %r : vector<1x2x5xf32>
}

// CHECK-DAG: #[[$LHS:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[$RHS:.*]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-DAG: #[[$ACC:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @add_lead(
// CHECK-NEXT: %[[A:.*]] = vector.extract %arg0[0, 0] : vector<4xf32> from vector<1x1x4xf32>
// CHECK-NEXT: %[[B:.*]] = vector.extract %arg1[0, 0] : vector<4xf32> from vector<1x1x4xf32>
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[A]], %[[B]] : vector<4xf32>
// CHECK-NEXT: vector.broadcast %[[S]] : vector<4xf32> to vector<1x1x4xf32>
// CHECK-LABEL: func.func @read_lead(
// CHECK: %[[R:.*]] = vector.transfer_read %arg0[%arg1, %arg1], %{{.*}} : memref<8x8xf32>, vector<4xf32>
// CHECK-NEXT: vector.broadcast %[[R]] : vector<4xf32> to vector<1x4xf32>
// CHECK-LABEL: func.func @write_lead(
// CHECK-NEXT: %[[V:.*]] = vector.extract %arg1[0] : vector<4xf32> from vector<1x4xf32>
// CHECK-NEXT: vector.transfer_write %[[V]], %arg0[%arg2, %arg2] : vector<4xf32>, memref<8x8xf32>
// CHECK-LABEL: func.func @cmask(
// CHECK-NEXT: %[[M:.*]] = vector.constant_mask [2, 2] : vector<3x4xi1>
// CHECK-NEXT: vector.broadcast %[[M]] : vector<3x4xi1> to vector<1x3x4xi1>
// CHECK-LABEL: func.func @contract_lead(
// CHECK-NEXT: %[[L:.*]] = vector.extract %arg0[0] : vector<2x3xf32> from vector<1x2x3xf32>
// CHECK-NEXT: %[[C:.*]] = vector.extract %arg2[0] : vector<2x5xf32> from vector<1x2x5xf32>
// CHECK-NEXT: %[[X:.*]] = vector.contract {indexing_maps = [#[[$LHS]], #[[$RHS]], #[[$ACC]]], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %[[L]], %arg1, %[[C]] : vector<2x3xf32>, vector<3x5xf32> into vector<2x5xf32>
// CHECK-NEXT: vector.broadcast %[[X]] : vector<2x5xf32> to vector<1x2x5xf32>
