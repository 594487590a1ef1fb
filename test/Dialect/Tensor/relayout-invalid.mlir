// RUN: pyopt %s -split-input-file -verify-diagnostics

func.func @partial_tile(%s: tensor<10x16xf32>, %d: tensor<2x2x8x8xf32>) -> tensor<2x2x8x8xf32> {
  // expected-error @+1 {{invalid tile factor or output size provided. Only full tiles are supported when padding_value is not set}}
  %0 = tensor.pack %s inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %d : tensor<10x16xf32> -> tensor<2x2x8x8xf32>
  return %0 : tensor<2x2x8x8xf32>
}

// -----

func.func @too_small(%s: tensor<64x16xf32>, %d: tensor<4x2x8x8xf32>) -> tensor<4x2x8x8xf32> {
  // expected-error @+1 {{the shape of output is not large enough to hold the packed data. Expected at least 'tensor<8x2x8x8xf32>', got 'tensor<4x2x8x8xf32>'}}
  %0 = tensor.pack %s inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %d : tensor<64x16xf32> -> tensor<4x2x8x8xf32>
  return %0 : tensor<4x2x8x8xf32>
}

// -----

func.func @bad_inner_dims(%s: tensor<8x8x4x4xf32>, %d: tensor<32x32xf32>) -> tensor<32x32xf32> {
  // expected-error @+1 {{invalid inner_dims_pos vector}}
  %0 = tensor.unpack %s inner_dims_pos = [0, 0] inner_tiles = [4, 4] into %d : tensor<8x8x4x4xf32> -> tensor<32x32xf32>
  return %0 : tensor<32x32xf32>
}

// -----

func.func @scatter_unique(%s: tensor<7x5xf32>, %d: tensor<4x5x6xf32>, %i: tensor<7x2xindex>) -> tensor<4x5x6xf32> {
  // expected-error @+1 {{'tensor.scatter' op requires 'unique' attribute to be set}}
  %0 = tensor.scatter %s into %d[%i] scatter_dims([0, 2]) : (tensor<7x5xf32>, tensor<4x5x6xf32>, tensor<7x2xindex>) -> tensor<4x5x6xf32>
  return %0 : tensor<4x5x6xf32>
}

// -----

func.func @gather_type(%s: tensor<4x5x6xf32>, %i: tensor<7x2xindex>) -> tensor<7x5x1xf32> {
  // expected-error @+1 {{'tensor.gather' op result type mismatch: expected 'tensor<7x1x5x1xf32>' or its rank-reduced variant 'tensor<7x5xf32>' (got: 'tensor<7x5x1xf32>')}}
  %0 = tensor.gather %s[%i] gather_dims([0, 2]) : (tensor<4x5x6xf32>, tensor<7x2xindex>) -> tensor<7x5x1xf32>
  return %0 : tensor<7x5x1xf32>
}
