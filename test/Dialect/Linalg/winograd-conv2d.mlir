// RUN: pyopt %s -split-input-file -test-linalg-transform-patterns=test-winograd-conv2d | filecheck %s

func.func @conv_unaligned(%i: tensor<2x11x11x5xf32>, %f: tensor<2x3x3x5xf32>, %o: tensor<2x9x9x2xf32>) -> tensor<2x9x9x2xf32> {
  %0 = linalg.conv_2d_nhwc_fhwc ins(%i, %f : tensor<2x11x11x5xf32>, tensor<2x3x3x5xf32>) outs(%o : tensor<2x9x9x2xf32>) -> tensor<2x9x9x2xf32>
  return %0 : tensor<2x9x9x2xf32>
}

// 9 is not a multiple of m = 4: input and output are padded high with zeros, the result
// sliced back.
// CHECK-LABEL: func.func @conv_unaligned(
// CHECK-SAME: %[[I:.*]]: tensor<2x11x11x5xf32>, %[[F:.*]]: tensor<2x3x3x5xf32>, %[[O:.*]]: tensor<2x9x9x2xf32>)
// CHECK: %[[Z:.*]] = arith.constant 0.0
// CHECK: %[[FE:.*]] = tensor.empty() : tensor<6x6x5x2xf32>
// CHECK: %[[TF:.*]] = linalg.winograd_filter_transform m(4) r(3) ins(%[[F]] : tensor<2x3x3x5xf32>) outs(%[[FE]] : tensor<6x6x5x2xf32>)
// CHECK: %[[PI:.*]] = tensor.pad %[[I]] low[0, 0, 0, 0] high[0, 3, 3, 0]
// CHECK: tensor.yield %[[Z]]
// CHECK: %[[IE:.*]] = tensor.empty() : tensor<6x6x3x3x2x5xf32>
// CHECK: %[[TI:.*]] = linalg.winograd_input_transform m(4) r(3) ins(%[[PI]] : tensor<2x14x14x5xf32>) outs(%[[IE]] : tensor<6x6x3x3x2x5xf32>)
// CHECK: %[[CF:.*]] = tensor.collapse_shape %[[TF]] {{\[\[}}0, 1], [2], [3]] : tensor<6x6x5x2xf32> into tensor<36x5x2xf32>
// CHECK: %[[CI:.*]] = tensor.collapse_shape %[[TI]] {{\[\[}}0, 1], [2, 3, 4], [5]] : tensor<6x6x3x3x2x5xf32> into tensor<36x18x5xf32>
// CHECK: %[[ME:.*]] = tensor.empty() : tensor<36x18x2xf32>
// CHECK: %[[MM:.*]] = linalg.batch_matmul ins(%[[CI]], %[[CF]] : tensor<36x18x5xf32>, tensor<36x5x2xf32>) outs(%[[ME]] : tensor<36x18x2xf32>)
// CHECK: %[[X:.*]] = tensor.expand_shape %[[MM]] {{\[\[}}0, 1], [2, 3, 4], [5]] output_shape [6, 6, 3, 3, 2, 2]
// CHECK: %[[PO:.*]] = tensor.pad %[[O]] low[0, 0, 0, 0] high[0, 3, 3, 0]
// CHECK: %[[TO:.*]] = linalg.winograd_output_transform m(4) r(3) ins(%[[X]] : tensor<6x6x3x3x2x2xf32>) outs(%[[PO]] : tensor<2x12x12x2xf32>)
// CHECK: %[[R:.*]] = tensor.extract_slice %[[TO]][0, 0, 0, 0] [2, 9, 9, 2] [1, 1, 1, 1] : tensor<2x12x12x2xf32> to tensor<2x9x9x2xf32>
// CHECK: return %[[R]]

// -----
func.func @conv_f25(%i: tensor<1x6x6x3xf16>, %f: tensor<4x5x5x3xf16>, %o: tensor<1x2x2x4xf32>) -> tensor<1x2x2x4xf32> {
  %0 = linalg.conv_2d_nhwc_fhwc ins(%i, %f : tensor<1x6x6x3xf16>, tensor<4x5x5x3xf16>) outs(%o : tensor<1x2x2x4xf32>) -> tensor<1x2x2x4xf32>
  return %0 : tensor<1x2x2x4xf32>
}

// F(2, 5), mixed element types: the product is in the output's type.
// CHECK-LABEL: func.func @conv_f25(
// CHECK: linalg.winograd_filter_transform m(2) r(5) {{.*}} -> tensor<6x6x3x4xf16>
// CHECK-NOT: tensor.pad
// CHECK: linalg.winograd_input_transform m(2) r(5) {{.*}} -> tensor<6x6x1x1x1x3xf16>
// CHECK: linalg.batch_matmul {{.*}} -> tensor<36x1x4xf32>
// CHECK: linalg.winograd_output_transform m(2) r(5) {{.*}} -> tensor<1x2x2x4xf32>

// -----
func.func @conv_1d_filter(%i: tensor<2x10x1x5xf32>, %f: tensor<2x3x1x5xf32>, %o: tensor<2x8x1x2xf32>) -> tensor<2x8x1x2xf32> {
  %0 = linalg.conv_2d_nhwc_fhwc ins(%i, %f : tensor<2x10x1x5xf32>, tensor<2x3x1x5xf32>) outs(%o : tensor<2x8x1x2xf32>) -> tensor<2x8x1x2xf32>
  return %0 : tensor<2x8x1x2xf32>
}

// A 3x1 filter: the width is not transformed (alpha 6 x 1).
// CHECK-LABEL: func.func @conv_1d_filter(
// CHECK: linalg.winograd_filter_transform m(4) r(3) {{.*}} -> tensor<6x1x5x2xf32>
// CHECK: linalg.winograd_input_transform m(4) r(3) {{.*}} -> tensor<6x1x2x1x2x5xf32>

// -----
func.func @conv_strided(%i: tensor<2x17x17x5xf32>, %f: tensor<2x3x3x5xf32>, %o: tensor<2x8x8x2xf32>) -> tensor<2x8x8x2xf32> {
  %0 = linalg.conv_2d_nhwc_fhwc {strides = dense<2> : tensor<2xi64>} ins(%i, %f : tensor<2x17x17x5xf32>, tensor<2x3x3x5xf32>) outs(%o : tensor<2x8x8x2xf32>) -> tensor<2x8x8x2xf32>
  return %0 : tensor<2x8x8x2xf32>
}

// CHECK-LABEL: func.func @conv_strided(
// CHECK-NOT: winograd
// CHECK: linalg.conv_2d_nhwc_fhwc

// -----
func.func @conv_dyn(%i: tensor<2x?x10x5xf32>, %f: tensor<2x3x3x5xf32>, %o: tensor<2x?x8x2xf32>) -> tensor<2x?x8x2xf32> {
  %0 = linalg.conv_2d_nhwc_fhwc ins(%i, %f : tensor<2x?x10x5xf32>, tensor<2x3x3x5xf32>) outs(%o : tensor<2x?x8x2xf32>) -> tensor<2x?x8x2xf32>
  return %0 : tensor<2x?x8x2xf32>
}

// CHECK-LABEL: func.func @conv_dyn(
// CHECK-NOT: winograd
// CHECK: linalg.conv_2d_nhwc_fhwc

// -----
func.func @conv_7x7(%i: tensor<1x14x14x3xf32>, %f: tensor<2x7x7x3xf32>, %o: tensor<1x8x8x2xf32>) -> tensor<1x8x8x2xf32> {
  %0 = linalg.conv_2d_nhwc_fhwc ins(%i, %f : tensor<1x14x14x3xf32>, tensor<2x7x7x3xf32>) outs(%o : tensor<1x8x8x2xf32>) -> tensor<1x8x8x2xf32>
  return %0 : tensor<1x8x8x2xf32>
}

// CHECK-LABEL: func.func @conv_7x7(
// CHECK-NOT: winograd
// CHECK: linalg.conv_2d_nhwc_fhwc
