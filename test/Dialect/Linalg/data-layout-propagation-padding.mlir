// RUN: not pyopt %s -test-linalg-data-layout-propagation 2>&1 | filecheck %s --allow-empty
// As mlir-opt-19: a pack with a padding value is not bubbled up, but the matcher has already
// built a tensor.empty by then, so the greedy driver never converges and the pass fails
// without a message.

#id = affine_map<(i, j) -> (i, j)>
func.func @padded_pack_stays(%x: tensor<30x20xf32>) -> tensor<4x3x8x8xf32> {
  %e = tensor.empty() : tensor<30x20xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<30x20xf32>) outs(%e : tensor<30x20xf32>) {
  ^bb0(%a: f32, %b: f32):
    %v = arith.negf %a : f32
    linalg.yield %v : f32
  } -> tensor<30x20xf32>
  %pv = arith.constant 1.0 : f32
  %d = tensor.empty() : tensor<4x3x8x8xf32>
  %p = tensor.pack %r padding_value(%pv : f32) inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %d
      : tensor<30x20xf32> -> tensor<4x3x8x8xf32>
  return %p : tensor<4x3x8x8xf32>
}


// CHECK-NOT: error
// CHECK-NOT: func.func
