// RUN: pyopt %s -test-sink-vector-broadcast | filecheck %s

func.func @add_of_bcasts(%a : f32, %b : f32) -> vector<4xf32> {
  %x = vector.broadcast %a : f32 to vector<4xf32>
  %y = vector.splat %b : vector<4xf32>
  %r = arith.addf %x, %y : vector<4xf32>
  return %r : vector<4xf32>
}
func.func @mixed_sources(%a : f32, %b : vector<4xf32>) -> vector<2x4xf32> {
  %x = vector.broadcast %a : f32 to vector<2x4xf32>
  %y = vector.broadcast %b : vector<4xf32> to vector<2x4xf32>
  %r = arith.mulf %x, %y : vector<2x4xf32>
  return %r : vector<2x4xf32>
}

// CHECK-LABEL: func.func @add_of_bcasts(
// CHECK-NEXT: %[[S:.*]] = arith.addf %arg0, %arg1 : f32
// CHECK-NEXT: vector.broadcast %[[S]] : f32 to vector<4xf32>
// Broadcasts from different types stay.
// CHECK-LABEL: func.func @mixed_sources(
// CHECK: arith.mulf %{{.*}}, %{{.*}} : vector<2x4xf32>
