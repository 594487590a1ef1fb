// RUN: pyopt %s -canonicalize | filecheck %s


// unpack(pack(x)) with the same tiling is x.
// CHECK-LABEL: func.func @pu
// CHECK-NEXT: return %arg0
func.func @pu(%s: tensor<128x256xf32>, %d: tensor<16x8x8x32xf32>, %e: tensor<128x256xf32>) -> tensor<128x256xf32> {
  %0 = tensor.pack %s inner_dims_pos = [0, 1] inner_tiles = [8, 32] into %d : tensor<128x256xf32> -> tensor<16x8x8x32xf32>
  %1 = tensor.unpack %0 inner_dims_pos = [0, 1] inner_tiles = [8, 32] into %e : tensor<16x8x8x32xf32> -> tensor<128x256xf32>
  return %1 : tensor<128x256xf32>
}

// Full tiles: the padding value goes.
// CHECK-LABEL: func.func @pad_not_needed
// CHECK-NEXT: %[[P:.*]] = tensor.pack %arg0 inner_dims_pos = [0, 1] inner_tiles = [8, 32] into %arg1
// CHECK-NEXT: return %[[P]]
func.func @pad_not_needed(%s: tensor<128x256xf32>, %d: tensor<16x8x8x32xf32>, %p: f32) -> tensor<16x8x8x32xf32> {
  %0 = tensor.pack %s padding_value(%p : f32) inner_dims_pos = [0, 1] inner_tiles = [8, 32] into %d : tensor<128x256xf32> -> tensor<16x8x8x32xf32>
  return %0 : tensor<16x8x8x32xf32>
}

// An untiled size static on one side becomes static on both.
// CHECK-LABEL: func.func @static_infer
// CHECK-NEXT: %[[C:.*]] = tensor.cast %arg1 : tensor<16x8x?x8x32xf32> to tensor<16x8x5x8x32xf32>
// CHECK-NEXT: %[[P:.*]] = tensor.pack %arg0 inner_dims_pos = [0, 1] inner_tiles = [8, 32] into %[[C]] : tensor<?x256x5xf32> -> tensor<16x8x5x8x32xf32>
// CHECK-NEXT: %[[B:.*]] = tensor.cast %[[P]] : tensor<16x8x5x8x32xf32> to tensor<16x8x?x8x32xf32>
// CHECK-NEXT: return %[[B]]
func.func @static_infer(%s: tensor<?x256x5xf32>, %d: tensor<16x8x?x8x32xf32>) -> tensor<16x8x?x8x32xf32> {
  %0 = tensor.pack %s inner_dims_pos = [0, 1] inner_tiles = [8, 32] into %d : tensor<?x256x5xf32> -> tensor<16x8x?x8x32xf32>
  return %0 : tensor<16x8x?x8x32xf32>
}

// Casts losing static sizes fold into destination-style consumers.
// CHECK-LABEL: func.func @cast_producer
// CHECK-NEXT: %[[M:.*]] = linalg.matmul ins(%arg0, %arg0 : tensor<4x4xf32>, tensor<4x4xf32>) outs(%arg1 : tensor<4x4xf32>) -> tensor<4x4xf32>
// CHECK-NEXT: %[[C:.*]] = tensor.cast %[[M]] : tensor<4x4xf32> to tensor<?x?xf32>
// CHECK-NEXT: return %[[C]]
func.func @cast_producer(%a: tensor<4x4xf32>, %c: tensor<4x4xf32>) -> tensor<?x?xf32> {
  %x = tensor.cast %a : tensor<4x4xf32> to tensor<?x?xf32>
  %y = tensor.cast %c : tensor<4x4xf32> to tensor<?x?xf32>
  %r = linalg.matmul ins(%x, %x : tensor<?x?xf32>, tensor<?x?xf32>) outs(%y : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// CHECK-LABEL: func.func @splat
// CHECK-NEXT: %[[C:.*]] = arith.constant dense<1.000000e+00> : tensor<2x2x2x2xf32>
// CHECK-NEXT: return %[[C]]
func.func @splat() -> tensor<2x2x2x2xf32> {
  %c = arith.constant dense<1.0> : tensor<4x4xf32>
  %e = tensor.empty() : tensor<2x2x2x2xf32>
  %0 = tensor.pack %c inner_dims_pos = [0, 1] inner_tiles = [2, 2] into %e : tensor<4x4xf32> -> tensor<2x2x2x2xf32>
  return %0 : tensor<2x2x2x2xf32>
}
