// RUN: pyopt %s --transform-interpreter --split-input-file --verify-diagnostics | filecheck %s

// transform.structured.decompose: 2-D convolutions/poolings whose window and output have
// size 1 along H or W become their 1-D form on rank-reducing slices (strides and dilations
// of the kept dimension carried over); transform.structured.decompose_interface: a softmax
// becomes max / sub+exp / sum / div structured ops. Expected output from mlir-opt-19.

// CHECK-LABEL: {{\[\[\[}} IR printer: new ]]]
// CHECK-NEXT: linalg.pooling_nwc_max {dilations = dense<1> : vector<1xi64>, strides = dense<2> : vector<1xi64>} ins(%{{.*}}, %{{.*}} : tensor<1x9x3xf32>, tensor<3xf32>) outs(%{{.*}} : tensor<1x4x3xf32>)
// CHECK-NEXT: linalg.conv_1d ins(%{{.*}}, %{{.*}} : tensor<?xf32>, tensor<3xf32>) outs(%{{.*}} : tensor<?xf32>)
// CHECK-NEXT: linalg.conv_1d_ncw_fcw {dilations = dense<1> : vector<1xi64>, strides = dense<1> : vector<1xi64>} ins(%{{.*}}, %{{.*}} : tensor<2x3x9xf32>, tensor<4x3x2xf32>) outs(%{{.*}} : tensor<2x4x8xf32>)
// CHECK-NEXT: linalg.pooling_ncw_sum
// CHECK-LABEL: func.func @pool
// CHECK:       tensor.extract_slice %arg0[0, 0, 0, 0] [1, 1, 9, 3] [1, 1, 1, 1] : tensor<1x1x9x3xf32> to tensor<1x9x3xf32>
// CHECK:       %[[R:.*]] = linalg.pooling_nwc_max
// CHECK:       tensor.insert_slice %[[R]] into %arg2[0, 0, 0, 0] [1, 1, 4, 3] [1, 1, 1, 1] : tensor<1x4x3xf32> into tensor<1x1x4x3xf32>
// CHECK-LABEL: func.func @c2
// CHECK:       %[[D:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x1xf32>
// CHECK:       tensor.extract_slice %arg0[0, 0] [%[[D]], 1] [1, 1] : tensor<?x1xf32> to tensor<?xf32>
func.func @pool(%in: tensor<1x1x9x3xf32>, %w: tensor<1x3xf32>, %out: tensor<1x1x4x3xf32>) -> tensor<1x1x4x3xf32> {
  %0 = linalg.pooling_nhwc_max {dilations = dense<[1, 1]> : tensor<2xi64>, strides = dense<[1, 2]> : tensor<2xi64>}
    ins(%in, %w : tensor<1x1x9x3xf32>, tensor<1x3xf32>) outs(%out : tensor<1x1x4x3xf32>) -> tensor<1x1x4x3xf32>
  return %0 : tensor<1x1x4x3xf32>
}
func.func @c2(%in: tensor<?x1xf32>, %w: tensor<3x1xf32>, %out: tensor<?x1xf32>) -> tensor<?x1xf32> {
  %0 = linalg.conv_2d ins(%in, %w : tensor<?x1xf32>, tensor<3x1xf32>) outs(%out : tensor<?x1xf32>) -> tensor<?x1xf32>
  return %0 : tensor<?x1xf32>
}
func.func @nchw(%in: tensor<2x3x1x9xf32>, %w: tensor<4x3x1x2xf32>, %out: tensor<2x4x1x8xf32>) -> tensor<2x4x1x8xf32> {
  %0 = linalg.conv_2d_nchw_fchw ins(%in, %w : tensor<2x3x1x9xf32>, tensor<4x3x1x2xf32>) outs(%out : tensor<2x4x1x8xf32>) -> tensor<2x4x1x8xf32>
  return %0 : tensor<2x4x1x8xf32>
}
func.func @nchwsum(%in: tensor<2x3x5x1xf32>, %w: tensor<2x1xf32>, %out: tensor<2x3x4x1xf32>) -> tensor<2x3x4x1xf32> {
  %0 = linalg.pooling_nchw_sum ins(%in, %w : tensor<2x3x5x1xf32>, tensor<2x1xf32>) outs(%out : tensor<2x3x4x1xf32>) -> tensor<2x3x4x1xf32>
  return %0 : tensor<2x3x4x1xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match interface{LinalgOp} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1 = transform.structured.decompose %0 : (!transform.any_op) -> !transform.any_op
    transform.print %1 {name = "new"} : !transform.any_op
    transform.yield
  }
}

// -----

// A convolution without a size-1 window dimension is not decomposed.
func.func @nope(%in: tensor<1x4x4x3xf32>, %w: tensor<2x2x3x5xf32>, %out: tensor<1x3x3x5xf32>) -> tensor<1x3x3x5xf32> {
  // expected-note@below {{when applied to this op}}
  %0 = linalg.conv_2d_nhwc_hwcf ins(%in, %w : tensor<1x4x4x3xf32>, tensor<2x2x3x5xf32>) outs(%out : tensor<1x3x3x5xf32>) -> tensor<1x3x3x5xf32>
  return %0 : tensor<1x3x3x5xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match interface{LinalgOp} in %arg1 : (!transform.any_op) -> !transform.any_op
    // expected-error@below {{transform.structured.decompose failed to apply}}
    %1 = transform.structured.decompose %0 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// CHECK-LABEL: {{\[\[\[}} IR printer: dec ]]]
// CHECK-NEXT:  linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<?x8xf16>, tensor<8xf16>) outs(%arg1 : tensor<?x8xf16>)
// CHECK:         arith.divf
// CHECK-LABEL: func.func @softmax_dyn
// CHECK:       %[[E:.*]] = tensor.empty() : tensor<8xf16>
// CHECK:       %[[NEG:.*]] = arith.constant -6.550400e+04 : f16
// CHECK:       %[[F:.*]] = linalg.fill ins(%[[NEG]] : f16) outs(%[[E]] : tensor<8xf16>)
// CHECK:       %[[M:.*]] = linalg.generic {{.*}} iterator_types = ["reduction", "parallel"]} ins(%arg0 : tensor<?x8xf16>) outs(%[[F]] : tensor<8xf16>)
// CHECK:         arith.maxnumf
// CHECK:       %[[Z:.*]] = linalg.generic {{.*}} ins(%arg0, %[[M]] : tensor<?x8xf16>, tensor<8xf16>) outs(%arg1 : tensor<?x8xf16>)
// CHECK:         arith.subf
// CHECK:         math.exp
// CHECK:       %[[ZERO:.*]] = arith.constant 0.000000e+00 : f16
// CHECK:       %[[F2:.*]] = linalg.fill ins(%[[ZERO]] : f16) outs(%[[E]] : tensor<8xf16>)
// CHECK:       %[[S:.*]] = linalg.generic {{.*}} ins(%[[Z]] : tensor<?x8xf16>) outs(%[[F2]] : tensor<8xf16>)
// CHECK:         arith.addf
// CHECK:       %[[R:.*]] = linalg.generic {{.*}} ins(%[[Z]], %[[S]] : tensor<?x8xf16>, tensor<8xf16>) outs(%arg1 : tensor<?x8xf16>)
// CHECK:       return %[[R]]
func.func @softmax_dyn(%arg0: tensor<?x8xf16>, %dst: tensor<?x8xf16>) -> tensor<?x8xf16> {
  %1 = linalg.softmax dimension(0) ins(%arg0 : tensor<?x8xf16>) outs(%dst: tensor<?x8xf16>) -> tensor<?x8xf16>
  return %1 : tensor<?x8xf16>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.softmax"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1 = transform.structured.decompose_interface %0 : (!transform.any_op) -> !transform.any_op
    transform.print %1 {name = "dec"} : !transform.any_op
    transform.yield
  }
}

// -----

func.func @not_aggregated(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  // expected-note@below {{when applied to this op}}
  %0 = linalg.add ins(%a, %a : tensor<4xf32>, tensor<4xf32>) outs(%b : tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.add"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    // expected-error@below {{transform.structured.decompose_interface failed to apply}}
    %1 = transform.structured.decompose_interface %0 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
