// RUN: pyopt %s --split-input-file --verify-diagnostics

// Verifier and parser errors of tensor ops, as mlir-opt 19 reports them.

func.func @a(%t: tensor<?xf32>) {
  // expected-error@+1 {{'tensor.empty' op incorrect number of dynamic sizes, has 0, expected 1}}
  %e = tensor.empty() : tensor<?xf32>
  return
}

// -----

func.func @b(%t: tensor<4xf32>) {
  // expected-error@+1 {{'tensor.cast' op operand type 'tensor<4xf32>' and result type 'tensor<5xf32>' are cast incompatible}}
  %c = tensor.cast %t : tensor<4xf32> to tensor<5xf32>
  return
}

// -----

func.func @c(%t: tensor<4x4xf32>, %i: index) {
  // expected-error@+1 {{'tensor.extract' op incorrect number of indices for extract_element}}
  %x = tensor.extract %t[%i] : tensor<4x4xf32>
  return
}

// -----

func.func @d(%t: tensor<8x8xf32>) {
  // expected-error@+1 {{expected type to be 'tensor<4x4xf32>' or a rank-reduced version. (size mismatch)}}
  %s = tensor.extract_slice %t[0, 0] [4, 4] [1, 1] : tensor<8x8xf32> to tensor<4x5xf32>
  return
}

// -----

func.func @e(%t: tensor<8xf32>) {
  // expected-error@+1 {{expected element type to be 'f32'}}
  %s = tensor.extract_slice %t[0] [4] [1] : tensor<8xf32> to tensor<4xi32>
  return
}

// -----

func.func @f(%n: index) {
  // expected-error@+1 {{'tensor.generate' op body must be terminated with a `yield` operation of the tensor element type}}
  %g = tensor.generate %n {
  ^bb0(%i: index):
    %z = arith.constant 0 : i32
    tensor.yield %z : i32
  } : tensor<?xf32>
  return
}

// -----

func.func @g(%a: f32) {
  // expected-error@+1 {{custom op 'tensor.from_elements' 1 operands present, but expected 2}}
  %t = tensor.from_elements %a : tensor<2xf32>
  return
}

// -----

func.func @h(%t: tensor<2x3xf32>) {
  // expected-error@+1 {{'tensor.collapse_shape' op expected collapsed rank (1) to equal the number of reassociation maps (2).}}
  %c = tensor.collapse_shape %t [[0], [1]] : tensor<2x3xf32> into tensor<6xf32>
  return
}
