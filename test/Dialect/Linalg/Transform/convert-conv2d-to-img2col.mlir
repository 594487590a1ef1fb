// RUN: pyopt %s --transform-interpreter --split-input-file --verify-diagnostics | filecheck %s

// transform.structured.convert_conv2d_to_img2col: the handles to the op building the column
// tensor and to the op replacing the convolution (expected output from mlir-opt-19).

// CHECK:      {{\[\[\[}} IR printer: col ]]]
// CHECK-NEXT: linalg.generic {{.*}} outs(%{{.*}} : tensor<2x16x12xf32>)
// CHECK:      tensor.extract %arg0[{{.*}}] : tensor<2x9x9x3xf32>
// CHECK:      {{\[\[\[}} IR printer: res ]]]
// CHECK-NEXT: tensor.expand_shape %{{.*}} {{\[}}[0], [1, 2], [3]] output_shape [2, 4, 4, 8] : tensor<2x16x8xf32> into tensor<2x4x4x8xf32>
// CHECK-DAG:  #[[MAP7:.+]] = affine_map<(d0, d1) -> ((d0 floordiv 4) * 2 + d1 floordiv 6)>
// CHECK-DAG:  #[[MAP10:.+]] = affine_map<(d0, d1, d2, d3) -> (d2, d3)>
// CHECK-LABEL: func.func @fhwc
// CHECK:      tensor.collapse_shape %arg1 {{\[}}[0], [1, 2, 3]] : tensor<8x2x2x3xf32> into tensor<8x12xf32>
// CHECK:      affine.apply #[[MAP7]]
// CHECK:      linalg.generic {indexing_maps = [#{{.*}}, #[[MAP10]], #{{.*}}], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
// CHECK:        arith.mulf
// CHECK:        arith.addf
// CHECK:      tensor.expand_shape
func.func @fhwc(%in: tensor<2x9x9x3xf32>, %f: tensor<8x2x2x3xf32>, %out: tensor<2x4x4x8xf32>) -> tensor<2x4x4x8xf32> {
  %0 = linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%in, %f : tensor<2x9x9x3xf32>, tensor<8x2x2x3xf32>) outs(%out : tensor<2x4x4x8xf32>) -> tensor<2x4x4x8xf32>
  return %0 : tensor<2x4x4x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.conv_2d_nhwc_fhwc"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %col, %res = transform.structured.convert_conv2d_to_img2col %0 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.print %col {name = "col"} : !transform.any_op
    transform.print %res {name = "res"} : !transform.any_op
    transform.yield
  }
}

// -----

// The depthwise form: the column tensor is a windowing generic over the transposed input
// and the result is transposed back by a generic.
// CHECK:      {{\[\[\[}} IR printer: dw_col ]]]
// CHECK-NEXT: linalg.generic {{.*}} ins(%{{.*}} : tensor<1x2x5x5xf32>) outs(%{{.*}} : tensor<1x2x4x4x2x2xf32>)
// CHECK:      {{\[\[\[}} IR printer: dw_res ]]]
// CHECK-NEXT: linalg.generic {{.*}} ins(%{{.*}} : tensor<1x2x4x4xf32>) outs(%{{.*}} : tensor<1x4x4x2xf32>)
// CHECK-LABEL: func.func @dw
// CHECK:      linalg.batch_matvec ins(%{{.*}}, %{{.*}} : tensor<2x16x4xf32>, tensor<2x4xf32>) outs(%{{.*}} : tensor<2x16xf32>)
func.func @dw(%in: tensor<1x5x5x2xf32>, %f: tensor<2x2x2xf32>, %out: tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32> {
  %0 = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%in, %f : tensor<1x5x5x2xf32>, tensor<2x2x2xf32>) outs(%out : tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32>
  return %0 : tensor<1x4x4x2xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match interface{LinalgOp} in %arg1 : (!transform.any_op) -> !transform.any_op
    %col, %res = transform.structured.convert_conv2d_to_img2col %0 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.print %col {name = "dw_col"} : !transform.any_op
    transform.print %res {name = "dw_res"} : !transform.any_op
    transform.yield
  }
}

// -----

// A linalg op that is no supported convolution: the default silenceable failure; a payload
// op that is no linalg op: the wrong op kind.
func.func @mm(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>, %c: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-note@below {{when applied to this op}}
  %0 = linalg.matmul ins(%a, %b : tensor<4x4xf32>, tensor<4x4xf32>) outs(%c : tensor<4x4xf32>) -> tensor<4x4xf32>
  // expected-note@below {{when applied to this op}}
  return %0 : tensor<4x4xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.matmul", "func.return"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    // expected-error@below {{transform.structured.convert_conv2d_to_img2col failed to apply}}
    // expected-error@below {{transform applied to the wrong op kind}}
    %a, %b = transform.structured.convert_conv2d_to_img2col %0 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
