// RUN: pyopt %s -fold-tensor-subset-ops | filecheck %s

// A masked read of a slice reads the source under the same mask.
// CHECK-LABEL: func.func @rr(
// CHECK-SAME: %[[T:[^:]*]]: tensor<?x?x?xf32>, %{{[^:]*}}: index, %{{[^:]*}}: index, %[[M:[^:]*]]: vector<4x3xi1>
// CHECK: vector.mask %[[M]] { vector.transfer_read %[[T]][%c2, %{{.*}}, %{{.*}}], %{{.*}} {in_bounds = [true, true]} : tensor<?x?x?xf32>, vector<4x3xf32> } : vector<4x3xi1> -> vector<4x3xf32>
func.func @rr(%t : tensor<?x?x?xf32>, %s1 : index, %s2 : index, %m: vector<4x3xi1>) -> vector<4x3xf32> {
  %c1 = arith.constant 1 : index
  %cst = arith.constant 0.0 : f32
  %0 = tensor.extract_slice %t[2, %s1, 3] [1, 8, %s2] [1, 1, 1] : tensor<?x?x?xf32> to tensor<8x?xf32>
  %1 = vector.mask %m {vector.transfer_read %0[%c1, %s2], %cst {in_bounds = [true, true], permutation_map = affine_map<(d0, d1) -> (d0, d1)>} : tensor<8x?xf32>, vector<4x3xf32>} : vector<4x3xi1> -> vector<4x3xf32>
  return %1 : vector<4x3xf32>
}

// CHECK-LABEL: func.func @tr(
// CHECK: vector.mask %{{.*}} { vector.transfer_read %{{.*}}[%c3, %{{.*}}], %{{.*}} {in_bounds = [true, true], permutation_map = #{{.*}}} : tensor<?x?xf32>, vector<4x3xf32> } : vector<3x4xi1> -> vector<4x3xf32>
func.func @tr(%t : tensor<?x?xf32>, %s1 : index, %m: vector<3x4xi1>) -> vector<4x3xf32> {
  %c1 = arith.constant 1 : index
  %cst = arith.constant 0.0 : f32
  %0 = tensor.extract_slice %t[2, %s1] [8, 8] [1, 1] : tensor<?x?xf32> to tensor<8x8xf32>
  %1 = vector.mask %m {vector.transfer_read %0[%c1, %c1], %cst {in_bounds = [true, true], permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : tensor<8x8xf32>, vector<4x3xf32>} : vector<3x4xi1> -> vector<4x3xf32>
  return %1 : vector<4x3xf32>
}
