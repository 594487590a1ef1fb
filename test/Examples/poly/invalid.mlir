// RUN: pyopt --load-dialect-plugin=%S/../../../examples/poly/poly.py %s -split-input-file -verify-diagnostics

func.func @bad_size(%t: tensor<3xi32>) {
  // expected-error @+1 {{'poly.from_tensor' op tensor of 3 coefficients does not match !poly.poly<4>}}
  %p = poly.from_tensor %t : tensor<3xi32> -> !poly.poly<4>
  return
}

// -----

func.func @too_many() {
  // expected-error @+1 {{'poly.constant' op expects at most degreeBound coefficients}}
  %c = poly.constant dense<[1, 2, 3]> : tensor<3xi32> : !poly.poly<2>
  return
}
