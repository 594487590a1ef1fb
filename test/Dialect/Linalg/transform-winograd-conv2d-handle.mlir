// RUN: pyopt %s -transform-interpreter -split-input-file -verify-diagnostics | filecheck %s

// The handle returned is the op ending the rewrite: the output transform when the output
// holds whole tiles, else the slice of its padded result.
func.func @aligned(%i: tensor<1x6x6x3xf32>, %f: tensor<4x5x5x3xf32>, %o: tensor<1x2x2x4xf32>) -> tensor<1x2x2x4xf32> {
  // expected-remark @below {{rewritten}}
  %0 = linalg.conv_2d_nhwc_fhwc ins(%i, %f : tensor<1x6x6x3xf32>, tensor<4x5x5x3xf32>) outs(%o : tensor<1x2x2x4xf32>) -> tensor<1x2x2x4xf32>
  return %0 : tensor<1x2x2x4xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.conv_2d_nhwc_fhwc"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1 = transform.structured.winograd_conv2d %0 { m = 2, r = 5 } : (!transform.any_op) -> (!transform.any_op)
    // (the cast fails unless the handle names a winograd_output_transform)
    %2 = transform.cast %1 : !transform.any_op to !transform.op<"linalg.winograd_output_transform">
    transform.debug.emit_remark_at %2, "rewritten" : !transform.op<"linalg.winograd_output_transform">
    transform.yield
  }
}

// CHECK-LABEL: func.func @aligned(
// CHECK: linalg.winograd_filter_transform m(2) r(5)
// CHECK: linalg.winograd_input_transform m(2) r(5)
// CHECK: linalg.batch_matmul
// CHECK: %[[R:.*]] = linalg.winograd_output_transform m(2) r(5)
// CHECK: return %[[R]]

// -----

func.func @unaligned(%i: tensor<1x9x9x3xf32>, %f: tensor<4x3x3x3xf32>, %o: tensor<1x7x7x4xf32>) -> tensor<1x7x7x4xf32> {
  // expected-remark @below {{slice}}
  %0 = linalg.conv_2d_nhwc_fhwc ins(%i, %f : tensor<1x9x9x3xf32>, tensor<4x3x3x3xf32>) outs(%o : tensor<1x7x7x4xf32>) -> tensor<1x7x7x4xf32>
  return %0 : tensor<1x7x7x4xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.conv_2d_nhwc_fhwc"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1 = transform.structured.winograd_conv2d %0 { m = 4, r = 3 } : (!transform.any_op) -> (!transform.any_op)
    %2 = transform.cast %1 : !transform.any_op to !transform.op<"tensor.extract_slice">
    transform.debug.emit_remark_at %2, "slice" : !transform.op<"tensor.extract_slice">
    transform.yield
  }
}

// CHECK-LABEL: func.func @unaligned(
// CHECK: tensor.pad
// CHECK: linalg.winograd_output_transform m(4) r(3) {{.*}} -> tensor<1x8x8x4xf32>
// CHECK: %[[S:.*]] = tensor.extract_slice %{{.*}}[0, 0, 0, 0] [1, 7, 7, 4] [1, 1, 1, 1] : tensor<1x8x8x4xf32> to tensor<1x7x7x4xf32>
// CHECK: return %[[S]]
