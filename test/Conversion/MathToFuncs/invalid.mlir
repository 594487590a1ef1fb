// RUN: pyopt %s --convert-math-to-funcs --split-input-file --verify-diagnostics

// Only vectors are unrolled: ipowi on tensors stays illegal and the conversion fails.

func.func @tensor_operand(%t: tensor<2xi32>) -> tensor<2xi32> {
  // expected-error @below {{failed to legalize operation 'math.ipowi' that was explicitly marked illegal}}
  %r = math.ipowi %t, %t : tensor<2xi32>
  return %r : tensor<2xi32>
}
