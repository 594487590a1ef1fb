// RUN: pyopt %s -split-input-file --test-linalg-transform-patterns=test-generalize-tensor-pack | filecheck %s --check-prefix=PACK
// RUN: pyopt %s -split-input-file --test-linalg-transform-patterns=test-generalize-tensor-unpack | filecheck %s --check-prefix=UNPACK

func.func @pack_pad(%x: tensor<5x3xf32>, %d: tensor<1x1x8x4xf32>) -> tensor<1x1x8x4xf32> {
  %c = arith.constant 0.5 : f32
  %p = tensor.pack %x padding_value(%c : f32) inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %d : tensor<5x3xf32> -> tensor<1x1x8x4xf32>
  return %p : tensor<1x1x8x4xf32>
}

// PACK-LABEL: func.func @pack_pad(
// PACK-SAME: %[[X:.*]]: tensor<5x3xf32>, %[[D:.*]]: tensor<1x1x8x4xf32>)
// PACK: %[[C:.*]] = arith.constant 5.0
// PACK: %[[P:.*]] = tensor.pad %[[X]] low[0, 0] high[3, 1]
// PACK: tensor.yield %[[C]]
// PACK: } : tensor<5x3xf32> to tensor<8x4xf32>
// PACK: %[[R:.*]] = tensor.insert_slice %[[P]] into %[[D]][0, 0, 0, 0] [1, 1, 8, 4] [1, 1, 1, 1] : tensor<8x4xf32> into tensor<1x1x8x4xf32>
// PACK: return %[[R]]
// UNPACK-LABEL: func.func @pack_pad(
// UNPACK: tensor.pack

// -----
func.func @pack_transposed(%x: tensor<6x?x16xi8>, %d: tensor<1x?x6x16x1xi8>) -> tensor<1x?x6x16x1xi8> {
  %p = tensor.pack %x outer_dims_perm = [2, 1, 0] inner_dims_pos = [2, 0] inner_tiles = [16, 1] into %d : tensor<6x?x16xi8> -> tensor<1x?x6x16x1xi8>
  return %p : tensor<1x?x6x16x1xi8>
}

// The tiled dims are checked by their source positions in the packed shape (as 19 does):
// dim 2 of the packed type is 6, so this pack stays.
// PACK-LABEL: func.func @pack_transposed(
// PACK: tensor.pack

// -----
func.func @pack_pad_dyn(%x: tensor<?x7xf32>, %d: tensor<1x1x8x32xf32>, %v: f32) -> tensor<1x1x8x32xf32> {
  %p = tensor.pack %x padding_value(%v : f32) outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [8, 32] into %d : tensor<?x7xf32> -> tensor<1x1x8x32xf32>
  return %p : tensor<1x1x8x32xf32>
}

// PACK-DAG: #[[$HI:.*]] = affine_map<()[s0] -> (-s0 + 32)>
// PACK-LABEL: func.func @pack_pad_dyn(
// PACK-SAME: %[[X:.*]]: tensor<?x7xf32>, %[[D:.*]]: tensor<1x1x8x32xf32>, %[[V:.*]]: f32)
// PACK: %[[N:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?x7xf32>
// PACK: %[[H:.*]] = affine.apply #[[$HI]]()[%[[N]]]
// PACK: %[[P:.*]] = tensor.pad %[[X]] low[0, 0] high[%[[H]], 1]
// PACK: tensor.yield %[[V]]
// PACK: } : tensor<?x7xf32> to tensor<32x8xf32>
// PACK: %[[E:.*]] = tensor.empty() : tensor<8x32xf32>
// PACK: %[[T:.*]] = linalg.transpose ins(%[[P]] : tensor<32x8xf32>) outs(%[[E]] : tensor<8x32xf32>) permutation = [1, 0]
// PACK: tensor.insert_slice %[[T]] into %[[D]][0, 0, 0, 0] [1, 1, 8, 32] [1, 1, 1, 1]

// -----
func.func @pack_not_unit(%x: tensor<16x4xf32>, %d: tensor<2x1x8x4xf32>) -> tensor<2x1x8x4xf32> {
  %p = tensor.pack %x inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %d : tensor<16x4xf32> -> tensor<2x1x8x4xf32>
  return %p : tensor<2x1x8x4xf32>
}

// PACK-LABEL: func.func @pack_not_unit(
// PACK: tensor.pack

// -----
func.func @pack_dyn_tile(%x: tensor<8x4xf32>, %d: tensor<1x1x?x4xf32>, %t: index) -> tensor<1x1x?x4xf32> {
  %p = tensor.pack %x inner_dims_pos = [0, 1] inner_tiles = [%t, 4] into %d : tensor<8x4xf32> -> tensor<1x1x?x4xf32>
  return %p : tensor<1x1x?x4xf32>
}

// PACK-LABEL: func.func @pack_dyn_tile(
// PACK: tensor.pack

// -----
func.func @unpack_partial(%x: tensor<1x1x4x8xf32>, %d: tensor<5x3xf32>) -> tensor<5x3xf32> {
  %p = tensor.unpack %x outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [4, 8] into %d : tensor<1x1x4x8xf32> -> tensor<5x3xf32>
  return %p : tensor<5x3xf32>
}

// UNPACK-LABEL: func.func @unpack_partial(
// UNPACK-SAME: %[[X:.*]]: tensor<1x1x4x8xf32>, %[[D:.*]]: tensor<5x3xf32>)
// UNPACK: %[[S:.*]] = tensor.extract_slice %[[X]][0, 0, 0, 0] [1, 1, 4, 8] [1, 1, 1, 1] : tensor<1x1x4x8xf32> to tensor<4x8xf32>
// UNPACK: %[[E:.*]] = tensor.empty() : tensor<8x4xf32>
// UNPACK: %[[T:.*]] = linalg.transpose ins(%[[S]] : tensor<4x8xf32>) outs(%[[E]] : tensor<8x4xf32>) permutation = [1, 0]
// UNPACK: %[[P:.*]] = tensor.extract_slice %[[T]][0, 0] [5, 3] [1, 1] : tensor<8x4xf32> to tensor<5x3xf32>
// UNPACK: return %[[P]]

// -----
func.func @unpack_dyn(%x: tensor<?x3x1x8xf32>, %d: tensor<?x3x2xf32>) -> tensor<?x3x2xf32> {
  %p = tensor.unpack %x inner_dims_pos = [2] inner_tiles = [8] into %d : tensor<?x3x1x8xf32> -> tensor<?x3x2xf32>
  return %p : tensor<?x3x2xf32>
}

// UNPACK-LABEL: func.func @unpack_dyn(
// UNPACK-SAME: %[[X:.*]]: tensor<?x3x1x8xf32>, %[[D:.*]]: tensor<?x3x2xf32>)
// UNPACK: %[[N:.*]] = tensor.dim %[[X]], %[[C0:.*]] : tensor<?x3x1x8xf32>
// UNPACK: %[[S:.*]] = tensor.extract_slice %[[X]][0, 0, 0, 0] [%[[N]], 3, 1, 8] [1, 1, 1, 1] : tensor<?x3x1x8xf32> to tensor<?x3x8xf32>
// UNPACK: %[[M:.*]] = tensor.dim %[[D]], %[[C0]] : tensor<?x3x2xf32>
// UNPACK: %[[P:.*]] = tensor.extract_slice %[[S]][0, 0, 0] [%[[M]], 3, 2] [1, 1, 1] : tensor<?x3x8xf32> to tensor<?x3x2xf32>
// UNPACK: %[[R:.*]] = tensor.insert_slice %[[P]] into %[[D]][0, 0, 0] [%[[M]], 3, 2] [1, 1, 1] : tensor<?x3x2xf32> into tensor<?x3x2xf32>
// UNPACK: return %[[R]]
