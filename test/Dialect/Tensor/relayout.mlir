// RUN: pyopt %s -split-input-file | pyopt -split-input-file | filecheck %s
// RUN: pyopt %s -split-input-file -mlir-print-op-generic | pyopt -split-input-file | filecheck %s

// CHECK-LABEL: func.func @pack_unpack
func.func @pack_unpack(%s: tensor<128x256xf32>, %d: tensor<8x16x32x8xf32>, %p: f32, %t: index,
                       %dd: tensor<?x8x?x32xf32>) -> tensor<128x256xf32> {
  // CHECK: %pack = tensor.pack %arg0 outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [32, 8] into %arg1 : tensor<128x256xf32> -> tensor<8x16x32x8xf32>
  %0 = tensor.pack %s outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [32, 8] into %d : tensor<128x256xf32> -> tensor<8x16x32x8xf32>
  // CHECK: %pack_0 = tensor.pack %arg0 padding_value(%arg2 : f32) inner_dims_pos = [0, 1] inner_tiles = [%arg3, 32] into %arg4 : tensor<128x256xf32> -> tensor<?x8x?x32xf32>
  %1 = tensor.pack %s padding_value(%p : f32) inner_dims_pos = [0, 1] inner_tiles = [%t, 32] into %dd : tensor<128x256xf32> -> tensor<?x8x?x32xf32>
  %e = tensor.empty() : tensor<128x256xf32>
  // CHECK: %unpack = tensor.unpack %pack outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [32, 8] into %{{.*}} : tensor<8x16x32x8xf32> -> tensor<128x256xf32>
  %2 = tensor.unpack %0 outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [32, 8] into %e : tensor<8x16x32x8xf32> -> tensor<128x256xf32>
  return %2 : tensor<128x256xf32>
}

// -----

// CHECK-LABEL: func.func @gather_scatter
func.func @gather_scatter(%src: tensor<4x5x6xf32>, %idx: tensor<7x2xi32>) -> tensor<4x5x6xf32> {
  // CHECK: %gather = tensor.gather %arg0[%arg1] gather_dims([0, 2]) : (tensor<4x5x6xf32>, tensor<7x2xi32>) -> tensor<7x1x5x1xf32>
  %g = tensor.gather %src[%idx] gather_dims([0, 2]) : (tensor<4x5x6xf32>, tensor<7x2xi32>) -> tensor<7x1x5x1xf32>
  // CHECK: %gather_0 = tensor.gather %arg0[%arg1] gather_dims([0, 2]) unique : (tensor<4x5x6xf32>, tensor<7x2xi32>) -> tensor<7x5xf32>
  %r = tensor.gather %src[%idx] gather_dims([0, 2]) unique : (tensor<4x5x6xf32>, tensor<7x2xi32>) -> tensor<7x5xf32>
  // CHECK: %scatter = tensor.scatter %gather_0 into %arg0[%arg1] scatter_dims([0, 2]) unique : (tensor<7x5xf32>, tensor<4x5x6xf32>, tensor<7x2xi32>) -> tensor<4x5x6xf32>
  %s = tensor.scatter %r into %src[%idx] scatter_dims([0, 2]) unique : (tensor<7x5xf32>, tensor<4x5x6xf32>, tensor<7x2xi32>) -> tensor<4x5x6xf32>
  return %s : tensor<4x5x6xf32>
}
