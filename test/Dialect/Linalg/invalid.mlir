// RUN: pyopt %s -split-input-file -verify-diagnostics

func.func @maps_vs_operands(%m: memref<?xf32>) {
  // expected-error @+1 {{'linalg.generic' op expected the number of indexing_map (2) to be equal to the number of input/output operands (1)}}
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
                  iterator_types = ["parallel"]} outs(%m : memref<?xf32>) {
  ^bb0(%x: f32):
    linalg.yield %x : f32
  }
  return
}

// -----

func.func @static_shapes(%a: memref<4x8xf32>, %b: memref<4x8xf32>, %c: memref<4x4xf32>) {
  // expected-error @+1 {{'linalg.matmul' op inferred input/output operand #1 has shape's dimension #0 to be 8, but found 4}}
  linalg.matmul ins(%a, %b : memref<4x8xf32>, memref<4x8xf32>) outs(%c : memref<4x4xf32>)
  return
}

// -----

func.func @yield_type(%m: memref<?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      outs(%m : memref<?xf32>) {
  ^bb0(%x: f32):
    %c = arith.constant 1 : i8
    // expected-error @+1 {{'linalg.yield' op type of yield operand 1 ('i8') doesn't match the element type of the enclosing linalg.generic op ('f32')}}
    linalg.yield %c : i8
  }
  return
}

// -----

func.func @tensor_result(%t: tensor<?xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{expected type of operand #0 ('tensor<?xf32>') to match type of corresponding result ('tensor<4xf32>')}}
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      outs(%t : tensor<?xf32>) {
  ^bb0(%x: f32):
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @bad_iterator(%m: memref<?xf32>) {
  // (reported where the parser stands after the trait dictionary)
  // expected-error @+2 {{custom op 'linalg.generic' unexpected iterator_type (serial)}}
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>], iterator_types = ["serial"]}
      outs(%m : memref<?xf32>) {
  ^bb0(%x: f32):
    linalg.yield %x : f32
  }
  return
}

// -----

func.func @strides_shape(%i: memref<1x8x8x1xf32>, %k: memref<3x3x1x1xf32>, %o: memref<1x6x6x1xf32>) {
  // expected-error @+1 {{'linalg.conv_2d_nhwc_hwcf' op attribute 'strides' failed to satisfy constraint: 64-bit signless int elements attribute of shape [2]}}
  linalg.conv_2d_nhwc_hwcf {strides = dense<1> : tensor<3xi64>}
      ins(%i, %k : memref<1x8x8x1xf32>, memref<3x3x1x1xf32>) outs(%o : memref<1x6x6x1xf32>)
  return
}

// -----

func.func @index_out_of_loops(%m: memref<?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      outs(%m : memref<?xf32>) {
  ^bb0(%x: f32):
    // expected-error @+1 {{'linalg.index' op expected dim (1) to be lower than the number of loops (1) of the enclosing LinalgOp}}
    %i = linalg.index 1 : index
    linalg.yield %x : f32
  }
  return
}

// -----

func.func @reduce_dims(%x: tensor<4x8xf32>, %acc: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'linalg.reduce' op init dimensions [8] doesn't match input dimensions after reduction [4]}}
  %r = linalg.reduce { arith.addf } ins(%x : tensor<4x8xf32>) outs(%acc : tensor<8xf32>) dimensions = [1]
  return %r : tensor<8xf32>
}

// -----

func.func @transpose_perm(%x: tensor<4x8xf32>, %y: tensor<8x4xf32>) -> tensor<8x4xf32> {
  // expected-error @+1 {{'linalg.transpose' op permutation is not valid}}
  %r = linalg.transpose ins(%x : tensor<4x8xf32>) outs(%y : tensor<8x4xf32>) permutation = [1, 1]
  return %r : tensor<8x4xf32>
}

// -----

func.func @mixed(%x: tensor<4xf32>, %m: memref<4xf32>) {
  // expected-error @+1 {{'linalg.copy' op expected to have pure tensor or buffer semantics}}
  linalg.copy ins(%x : tensor<4xf32>) outs(%m : memref<4xf32>)
  return
}
