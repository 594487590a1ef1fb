// RUN: pyopt %s -linalg-named-op-conversion | filecheck %s

// A depthwise convolution with channel multiplier 1 becomes the plain depthwise one.

// CHECK-LABEL: func.func @f
// CHECK: %[[K:.*]] = tensor.collapse_shape %arg1 {{\[}}[0], [1], [2, 3]] : tensor<3x3x4x1xf32> into tensor<3x3x4xf32>
// CHECK: %[[O:.*]] = tensor.collapse_shape %arg2 {{\[}}[0], [1], [2], [3, 4]] : tensor<1x8x8x4x1xf32> into tensor<1x8x8x4xf32>
// CHECK: %[[C:.*]] = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>, tag = 3 : i32} ins(%arg0, %[[K]] : tensor<1x10x10x4xf32>, tensor<3x3x4xf32>) outs(%[[O]] : tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
// CHECK: tensor.expand_shape %[[C]] {{\[}}[0], [1], [2], [3, 4]] output_shape [1, 8, 8, 4, 1] : tensor<1x8x8x4xf32> into tensor<1x8x8x4x1xf32>
// CHECK-LABEL: func.func @g
// CHECK: linalg.depthwise_conv_2d_nhwc_hwc_q {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%arg0, %{{.*}}, %arg2, %arg2 : tensor<1x10x10x4xi8>, tensor<3x3x4xi8>, i32, i32)
func.func @f(%i: tensor<1x10x10x4xf32>, %k: tensor<3x3x4x1xf32>, %o: tensor<1x8x8x4x1xf32>) -> tensor<1x8x8x4x1xf32> {
  %r = linalg.depthwise_conv_2d_nhwc_hwcm {tag = 3 : i32} ins(%i, %k : tensor<1x10x10x4xf32>, tensor<3x3x4x1xf32>) outs(%o : tensor<1x8x8x4x1xf32>) -> tensor<1x8x8x4x1xf32>
  return %r : tensor<1x8x8x4x1xf32>
}
func.func @g(%i: tensor<1x10x10x4xi8>, %k: tensor<3x3x4x1xi8>, %z: i32, %o: tensor<1x4x4x4x1xi32>) -> tensor<1x4x4x4x1xi32> {
  %r = linalg.depthwise_conv_2d_nhwc_hwcm_q {strides = dense<2> : tensor<2xi64>} ins(%i, %k, %z, %z : tensor<1x10x10x4xi8>, tensor<3x3x4x1xi8>, i32, i32) outs(%o : tensor<1x4x4x4x1xi32>) -> tensor<1x4x4x4x1xi32>
  return %r : tensor<1x4x4x4x1xi32>
}
