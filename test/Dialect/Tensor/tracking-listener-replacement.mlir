// RUN: pyopt %s -split-input-file -allow-unregistered-dialect -verify-diagnostics -test-tensor-transform-patterns=test-tracking-listener

// An expand_shape stands for its source; the search ends at an op of the
// replaced op's name.
func.func @through_expand_shape() {
  %0 = "test.bar"() {replaced} : () -> (tensor<2x3xf32>)
  // expected-remark @below {{replacement found}}
  %1 = "test.bar"() : () -> (tensor<6xf32>)
  %2 = tensor.expand_shape %1 [[0, 1]] output_shape [2, 3] {replacement_0 = 0} : tensor<6xf32> into tensor<2x3xf32>
  return
}

// -----

// A constant is always an acceptable replacement.
func.func @constant_replacement() {
  %0 = "test.bar"() {replaced} : () -> (tensor<4xi32>)
  // expected-remark @below {{replacement found}}
  %1 = arith.constant {replacement_0 = 0} dense<1> : tensor<4xi32>
  return
}

// -----

// A cast-like rank-expanding insert_slice whose dynamic size is only known
// equal through the extract_slice and the dim ops feeding it.
func.func @dynamic_rank_expansion(%t: tensor<?x1xf32>, %f: f32) {
  %c0 = arith.constant 0 : index
  %0 = tensor.insert %f into %t[%c0, %c0] {replaced} : tensor<?x1xf32>
  %d = tensor.dim %t, %c0 : tensor<?x1xf32>
  %1 = tensor.extract_slice %t[0, 0] [%d, 1] [1, 1] : tensor<?x1xf32> to tensor<?xf32>
  // expected-remark @below {{replacement found}}
  %2 = tensor.insert %f into %1[%c0] : tensor<?xf32>
  %d2 = tensor.dim %2, %c0 : tensor<?xf32>
  %3 = tensor.insert_slice %2 into %t[0, 0] [%d2, 1] [1, 1] {replacement_0 = 0} : tensor<?xf32> into tensor<?x1xf32>
  return
}

// -----

// Sizes not known to be equal: the insert_slice is not cast-like.
func.func @unrelated_sizes(%t: tensor<?x1xf32>, %f: f32, %n: index) {
  %c0 = arith.constant 0 : index
  // expected-error @below {{listener could not find replacement op}}
  %0 = tensor.insert %f into %t[%c0, %c0] {replaced} : tensor<?x1xf32>
  %1 = tensor.empty(%n) : tensor<?xf32>
  %2 = tensor.insert %f into %1[%c0] : tensor<?xf32>
  %3 = tensor.insert_slice %2 into %t[0, 0] [%n, 1] [1, 1] {replacement_0 = 0} : tensor<?xf32> into tensor<?x1xf32>
  return
}

// -----

// Two results defined by different ops.
func.func @different_ops() {
  // expected-error @below {{listener could not find replacement op}}
  %0:2 = "test.bar"() {replaced} : () -> (f32, f32)
  %1 = "test.bar"() {replacement_0 = 0} : () -> (f32)
  %2 = "test.bar"() {replacement_1 = 0} : () -> (f32)
  return
}
