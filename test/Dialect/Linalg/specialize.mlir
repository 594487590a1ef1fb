// RUN: pyopt %s -split-input-file -linalg-specialize-generic-ops | filecheck %s
// RUN: pyopt %s -split-input-file -linalg-specialize-generic-ops -linalg-generalize-named-ops \
// RUN:   -linalg-specialize-generic-ops | filecheck %s

// Generic ops that compute what a named op computes become that op (also after a round trip).

#id = affine_map<(i, j) -> (i, j)>
#s = affine_map<(i, j) -> ()>
// CHECK-LABEL: func.func @elementwise
// CHECK: linalg.copy ins(%arg0 : tensor<4x8xf32>) outs(%arg2 : tensor<4x8xf32>)
// CHECK: linalg.fill ins(%arg3 : f32) outs(%arg2 : tensor<4x8xf32>)
// The block arguments used in swapped order swap the named op's inputs.
// CHECK: linalg.sub ins(%arg1, %arg0 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%arg2 : tensor<4x8xf32>)
// CHECK: linalg.exp ins(%arg0 : tensor<4x8xf32>) outs(%arg2 : tensor<4x8xf32>)
func.func @elementwise(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>, %c: tensor<4x8xf32>, %s: f32)
    -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) {
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<4x8xf32>) outs(%c : tensor<4x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<4x8xf32>
  %1 = linalg.generic {indexing_maps = [#s, #id], iterator_types = ["parallel", "parallel"]}
      ins(%s : f32) outs(%c : tensor<4x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<4x8xf32>
  %2 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<4x8xf32>, tensor<4x8xf32>) outs(%c : tensor<4x8xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %d = arith.subf %y, %x : f32
    linalg.yield %d : f32
  } -> tensor<4x8xf32>
  %3 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<4x8xf32>) outs(%c : tensor<4x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %e = math.exp %x : f32
    linalg.yield %e : f32
  } -> tensor<4x8xf32>
  return %0, %1, %2, %3 : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>
}

// -----

// CHECK-LABEL: func.func @contractions
// CHECK: linalg.matmul_transpose_b ins(%arg0, %arg1 : memref<4x3xf32>, memref<5x3xf32>) outs(%arg2 : memref<4x5xf32>)
// CHECK: linalg.batch_matmul ins(%arg3, %arg4 : memref<2x4x3xi32>, memref<2x3x5xi32>) outs(%arg5 : memref<2x4x5xi32>)
// Two reduction dimensions are no matmul: the generic stays.
// CHECK: linalg.generic
func.func @contractions(%a: memref<4x3xf32>, %bt: memref<5x3xf32>, %c: memref<4x5xf32>,
                        %ba: memref<2x4x3xi32>, %bb: memref<2x3x5xi32>, %bc: memref<2x4x5xi32>,
                        %x: memref<4x3x2xf32>, %y: memref<3x2x5xf32>) {
  linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>,
                                   affine_map<(m, n, k) -> (m, n)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %bt : memref<4x3xf32>, memref<5x3xf32>) outs(%c : memref<4x5xf32>) {
  ^bb0(%p: f32, %q: f32, %r: f32):
    %m = arith.mulf %p, %q : f32
    %s = arith.addf %r, %m : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, k, n)>,
                                   affine_map<(b, m, n, k) -> (b, m, n)>],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%ba, %bb : memref<2x4x3xi32>, memref<2x3x5xi32>) outs(%bc : memref<2x4x5xi32>) {
  ^bb0(%p: i32, %q: i32, %r: i32):
    %m = arith.muli %p, %q : i32
    %s = arith.addi %m, %r : i32
    linalg.yield %s : i32
  }
  linalg.generic {indexing_maps = [affine_map<(m, n, k1, k2) -> (m, k1, k2)>,
                                   affine_map<(m, n, k1, k2) -> (k1, k2, n)>,
                                   affine_map<(m, n, k1, k2) -> (m, n)>],
                  iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%x, %y : memref<4x3x2xf32>, memref<3x2x5xf32>) outs(%c : memref<4x5xf32>) {
  ^bb0(%p: f32, %q: f32, %r: f32):
    %m = arith.mulf %p, %q : f32
    %s = arith.addf %r, %m : f32
    linalg.yield %s : f32
  }
  return
}
