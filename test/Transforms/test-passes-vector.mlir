// RUN: pyopt %s --test-create-vector-broadcast --allow-unregistered-dialect | filecheck %s
// RUN: pyopt %s --test-fold-arith-extf-into-vector-contract-patterns --allow-unregistered-dialect | filecheck %s --check-prefix=EXT

// CHECK-LABEL: func.func @middle_dim
// CHECK: vector.broadcast %{{.*}} : vector<4x2xf32> to vector<6x4x2xf32>
// CHECK: vector.transpose %{{.*}}, [1, 0, 2] : vector<6x4x2xf32> to vector<4x6x2xf32>
func.func @middle_dim(%v: vector<4x2xf32>) -> vector<4x6x2xf32> {
  %0 = "test_create_broadcast"(%v) {broadcast_dims = array<i64: 1>} : (vector<4x2xf32>) -> vector<4x6x2xf32>
  return %0 : vector<4x6x2xf32>
}

// EXT-LABEL: func.func @narrow_contract
// EXT-SAME: (%[[A:.*]]: vector<4x8xi16>, %[[B:.*]]: vector<8x4xi16>, %[[C:.*]]: vector<4x4xi32>)
// EXT-NEXT: vector.contract {{.*}} %[[A]], %[[B]], %[[C]] : vector<4x8xi16>, vector<8x4xi16> into vector<4x4xi32>
func.func @narrow_contract(%a: vector<4x8xi16>, %b: vector<8x4xi16>, %c: vector<4x4xi32>) -> vector<4x4xi32> {
  %x = arith.extsi %a : vector<4x8xi16> to vector<4x8xi32>
  %y = arith.extsi %b : vector<8x4xi16> to vector<8x4xi32>
  %r = vector.contract {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %x, %y, %c : vector<4x8xi32>, vector<8x4xi32> into vector<4x4xi32>
  return %r : vector<4x4xi32>
}
