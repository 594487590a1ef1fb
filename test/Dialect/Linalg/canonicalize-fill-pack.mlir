// RUN: pyopt %s -canonicalize -split-input-file | filecheck %s

// A pack of a fill is a fill of the pack's destination.
func.func @fill_then_pack(%v: f32) -> tensor<4x2x8x8xf32> {
  %e = tensor.empty() : tensor<32x16xf32>
  %f = linalg.fill ins(%v : f32) outs(%e : tensor<32x16xf32>) -> tensor<32x16xf32>
  %d = tensor.empty() : tensor<4x2x8x8xf32>
  %p = tensor.pack %f inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %d : tensor<32x16xf32> -> tensor<4x2x8x8xf32>
  return %p : tensor<4x2x8x8xf32>
}
// CHECK-LABEL: func.func @fill_then_pack(
// CHECK-SAME: %[[V:.*]]: f32)
// CHECK: %[[D:.*]] = tensor.empty() : tensor<4x2x8x8xf32>
// CHECK: %[[F:.*]] = linalg.fill ins(%[[V]] : f32) outs(%[[D]] : tensor<4x2x8x8xf32>)
// CHECK: return %[[F]]

// -----
// Same padding value as the fill: folds too.
func.func @fill_then_pack_same_padding(%v: f32) -> tensor<4x2x8x8xf32> {
  %e = tensor.empty() : tensor<30x16xf32>
  %f = linalg.fill ins(%v : f32) outs(%e : tensor<30x16xf32>) -> tensor<30x16xf32>
  %d = tensor.empty() : tensor<4x2x8x8xf32>
  %p = tensor.pack %f padding_value(%v : f32) inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %d : tensor<30x16xf32> -> tensor<4x2x8x8xf32>
  return %p : tensor<4x2x8x8xf32>
}
// CHECK-LABEL: func.func @fill_then_pack_same_padding(
// CHECK-NOT: tensor.pack
// CHECK: linalg.fill

// -----
// Another padding value: the padded area differs, nothing folds.
func.func @fill_then_pack_other_padding(%v: f32, %w: f32) -> tensor<4x2x8x8xf32> {
  %e = tensor.empty() : tensor<30x16xf32>
  %f = linalg.fill ins(%v : f32) outs(%e : tensor<30x16xf32>) -> tensor<30x16xf32>
  %d = tensor.empty() : tensor<4x2x8x8xf32>
  %p = tensor.pack %f padding_value(%w : f32) inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %d : tensor<30x16xf32> -> tensor<4x2x8x8xf32>
  return %p : tensor<4x2x8x8xf32>
}
// CHECK-LABEL: func.func @fill_then_pack_other_padding(
// CHECK: linalg.fill
// CHECK: tensor.pack

// -----
// A destination with other uses is not taken over.
func.func @fill_then_pack_shared_dest(%v: f32, %d: tensor<4x2x8x8xf32>) -> (tensor<4x2x8x8xf32>, tensor<4x2x8x8xf32>) {
  %e = tensor.empty() : tensor<32x16xf32>
  %f = linalg.fill ins(%v : f32) outs(%e : tensor<32x16xf32>) -> tensor<32x16xf32>
  %p = tensor.pack %f inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %d : tensor<32x16xf32> -> tensor<4x2x8x8xf32>
  return %p, %d : tensor<4x2x8x8xf32>, tensor<4x2x8x8xf32>
}
// CHECK-LABEL: func.func @fill_then_pack_shared_dest(
// CHECK: tensor.pack
