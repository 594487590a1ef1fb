// RUN: pyopt %s --loop-invariant-subset-hoisting | filecheck %s

// The read/write pair on the carried tensor becomes a carried vector.
// CHECK-LABEL: func.func @accumulate
// CHECK:         %[[R:.*]] = vector.transfer_read %arg0[%[[C0:.*]]], %{{.*}} : tensor<64xf32>, vector<4xf32>
// CHECK-NEXT:    %[[L:.*]]:2 = scf.for {{.*}} iter_args(%[[T:.*]] = %arg0, %[[V:.*]] = %[[R]]) -> (tensor<64xf32>, vector<4xf32>)
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[V]]
// CHECK-NEXT:      scf.yield %[[T]], %[[S]] : tensor<64xf32>, vector<4xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[W:.*]] = vector.transfer_write %[[L]]#1, %[[L]]#0[%[[C0]]] : vector<4xf32>, tensor<64xf32>
// CHECK-NEXT:    return %[[W]]
func.func @accumulate(%t: tensor<64xf32>, %n: index) -> tensor<64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %pad = arith.constant 0.0 : f32
  %one = arith.constant dense<1.0> : vector<4xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %t) -> (tensor<64xf32>) {
    %v = vector.transfer_read %acc[%c0], %pad : tensor<64xf32>, vector<4xf32>
    %s = arith.addf %v, %one : vector<4xf32>
    %w = vector.transfer_write %s, %acc[%c0] : vector<4xf32>, tensor<64xf32>
    scf.yield %w : tensor<64xf32>
  }
  return %r : tensor<64xf32>
}

// The index changes every iteration: nothing moves.
// CHECK-LABEL: func.func @variant_index
// CHECK:         scf.for
// CHECK-NEXT:      vector.transfer_read
// CHECK:           vector.transfer_write
func.func @variant_index(%t: tensor<64xf32>, %n: index) -> tensor<64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %pad = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %t) -> (tensor<64xf32>) {
    %v = vector.transfer_read %acc[%i], %pad : tensor<64xf32>, vector<4xf32>
    %s = arith.addf %v, %v : vector<4xf32>
    %w = vector.transfer_write %s, %acc[%i] : vector<4xf32>, tensor<64xf32>
    scf.yield %w : tensor<64xf32>
  }
  return %r : tensor<64xf32>
}

// Another read overlaps the written slice: nothing moves.
// CHECK-LABEL: func.func @overlapping
// CHECK:         scf.for
// CHECK-NEXT:      vector.transfer_read
// CHECK-NEXT:      vector.transfer_read
// CHECK-NEXT:      arith.addf
// CHECK-NEXT:      vector.transfer_write
func.func @overlapping(%t: tensor<64xf32>, %n: index) -> tensor<64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %pad = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %t) -> (tensor<64xf32>) {
    %v = vector.transfer_read %acc[%c0], %pad : tensor<64xf32>, vector<4xf32>
    %u = vector.transfer_read %acc[%c2], %pad : tensor<64xf32>, vector<4xf32>
    %s = arith.addf %v, %u : vector<4xf32>
    %w = vector.transfer_write %s, %acc[%c0] : vector<4xf32>, tensor<64xf32>
    scf.yield %w : tensor<64xf32>
  }
  return %r : tensor<64xf32>
}

// A read of a disjoint slice stays in the loop and does not block the pair.
// CHECK-LABEL: func.func @disjoint
// CHECK:         vector.transfer_read %arg0[%{{.*}}]
// CHECK-NEXT:    scf.for
// CHECK-NEXT:      vector.transfer_read %{{.*}}[%{{.*}}]
// CHECK-NEXT:      arith.addf
// CHECK-NEXT:      scf.yield
// CHECK:         vector.transfer_write
func.func @disjoint(%t: tensor<64xf32>, %n: index) -> tensor<64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %pad = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %t) -> (tensor<64xf32>) {
    %v = vector.transfer_read %acc[%c0], %pad : tensor<64xf32>, vector<4xf32>
    %u = vector.transfer_read %acc[%c8], %pad : tensor<64xf32>, vector<4xf32>
    %s = arith.addf %v, %u : vector<4xf32>
    %w = vector.transfer_write %s, %acc[%c0] : vector<4xf32>, tensor<64xf32>
    scf.yield %w : tensor<64xf32>
  }
  return %r : tensor<64xf32>
}

// Hoisted out of the inner loop first, then out of the outer one.
// CHECK-LABEL: func.func @nested
// CHECK:         %[[R:.*]] = vector.transfer_read %arg0
// CHECK-NEXT:    %[[O:.*]]:2 = scf.for {{.*}} iter_args(%{{.*}} = %arg0, %{{.*}} = %[[R]])
// CHECK-NEXT:      scf.for
// CHECK-NEXT:        arith.mulf
// CHECK-NEXT:        scf.yield
// CHECK:         vector.transfer_write %[[O]]#1, %[[O]]#0
func.func @nested(%t: tensor<64xf32>, %n: index) -> tensor<64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %pad = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %t) -> (tensor<64xf32>) {
    %r2 = scf.for %j = %c0 to %n step %c1 iter_args(%b = %a) -> (tensor<64xf32>) {
      %v = vector.transfer_read %b[%c1], %pad : tensor<64xf32>, vector<4xf32>
      %s = arith.mulf %v, %v : vector<4xf32>
      %w = vector.transfer_write %s, %b[%c1] : vector<4xf32>, tensor<64xf32>
      scf.yield %w : tensor<64xf32>
    }
    scf.yield %r2 : tensor<64xf32>
  }
  return %r : tensor<64xf32>
}

// Offsets differing by a known constant (through affine.apply) are disjoint; offsets built
// with the index dialect are not understood and block the hoisting.
// CHECK-LABEL: func.func @offset_plus_four
// CHECK:         vector.transfer_read %arg0[%arg1]
// CHECK-NEXT:    scf.for
// CHECK-LABEL: func.func @index_add_offset
// CHECK:         scf.for
// CHECK-NEXT:      vector.transfer_read %{{.*}}[%arg1]
func.func @offset_plus_four(%t: tensor<64xf32>, %k: index, %n: index) -> tensor<64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %pad = arith.constant 0.0 : f32
  %k4 = affine.apply affine_map<()[s0] -> (s0 + 4)>()[%k]
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %t) -> (tensor<64xf32>) {
    %v = vector.transfer_read %acc[%k], %pad : tensor<64xf32>, vector<4xf32>
    %u = vector.transfer_read %acc[%k4], %pad : tensor<64xf32>, vector<4xf32>
    %s = arith.addf %v, %u : vector<4xf32>
    %w = vector.transfer_write %s, %acc[%k] : vector<4xf32>, tensor<64xf32>
    scf.yield %w : tensor<64xf32>
  }
  return %r : tensor<64xf32>
}

func.func @index_add_offset(%t: tensor<64xf32>, %k: index, %n: index) -> tensor<64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = index.constant 4
  %pad = arith.constant 0.0 : f32
  %k4 = index.add %k, %c4
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %t) -> (tensor<64xf32>) {
    %v = vector.transfer_read %acc[%k], %pad : tensor<64xf32>, vector<4xf32>
    %u = vector.transfer_read %acc[%k4], %pad : tensor<64xf32>, vector<4xf32>
    %s = arith.addf %v, %u : vector<4xf32>
    %w = vector.transfer_write %s, %acc[%k] : vector<4xf32>, tensor<64xf32>
    scf.yield %w : tensor<64xf32>
  }
  return %r : tensor<64xf32>
}
