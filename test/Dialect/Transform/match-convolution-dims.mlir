// RUN: pyopt %s --transform-interpreter --verify-diagnostics

// classify_convolution_dims on a strided, dilated conv_2d and a depthwise conv (the
// dimension classes, strides and dilations of inferConvolutionDims; as mlir-opt-19).

module attributes {transform.with_named_sequence} {
  func.func @f(%i: tensor<1x16x17x4xf32>, %k: tensor<3x3x4x8xf32>, %o: tensor<1x5x5x8xf32>,
               %di: tensor<2x10x10x3xf32>, %dk: tensor<2x2x3xf32>, %do: tensor<2x9x9x3xf32>) -> (tensor<1x5x5x8xf32>, tensor<2x9x9x3xf32>) {
    // expected-remark @below {{batch 0 : i64}}
    // expected-remark @below {{oi 1 : i64, 2 : i64}}
    // expected-remark @below {{oc 3 : i64}}
    // expected-remark @below {{fl 4 : i64, 5 : i64}}
    // expected-remark @below {{ic 6 : i64}}
    // expected-remark @below {{depth}}
    // expected-remark @below {{strides 3 : i64, 3 : i64}}
    // expected-remark @below {{dilations 1 : i64, 2 : i64}}
    %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<3> : tensor<2xi64>}
       ins(%i, %k : tensor<1x16x17x4xf32>, tensor<3x3x4x8xf32>) outs(%o : tensor<1x5x5x8xf32>) -> tensor<1x5x5x8xf32>
    // expected-remark @below {{batch 0 : i64}}
    // expected-remark @below {{oi 1 : i64, 2 : i64}}
    // expected-remark @below {{oc}}
    // expected-remark @below {{fl 4 : i64, 5 : i64}}
    // expected-remark @below {{ic}}
    // expected-remark @below {{depth 3 : i64}}
    // expected-remark @below {{strides 1 : i64, 1 : i64}}
    // expected-remark @below {{dilations 1 : i64, 1 : i64}}
    %d = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%di, %dk : tensor<2x10x10x3xf32>, tensor<2x2x3xf32>) outs(%do : tensor<2x9x9x3xf32>) -> tensor<2x9x9x3xf32>
    return %r, %d : tensor<1x5x5x8xf32>, tensor<2x9x9x3xf32>
  }
  transform.named_sequence @conv(%op: !transform.any_op {transform.readonly}) -> (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>) {
    %r:8 = transform.match.structured %op : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>) {
    ^bb0(%s: !transform.any_op):
      %a:8 = transform.match.structured.classify_convolution_dims %s : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
      transform.match.structured.yield %a#0, %a#1, %a#2, %a#3, %a#4, %a#5, %a#6, %a#7 : !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>
    }
    transform.yield %op, %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6, %r#7 : !transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>
  }
  transform.named_sequence @report(%op: !transform.any_op {transform.readonly}, %b: !transform.param<i64> {transform.readonly}, %oi: !transform.param<i64> {transform.readonly}, %oc: !transform.param<i64> {transform.readonly}, %fl: !transform.param<i64> {transform.readonly}, %ic: !transform.param<i64> {transform.readonly}, %dp: !transform.param<i64> {transform.readonly}, %st: !transform.param<i64> {transform.readonly}, %dl: !transform.param<i64> {transform.readonly}) {
    transform.debug.emit_param_as_remark %b, "batch" at %op : !transform.param<i64>, !transform.any_op
    transform.debug.emit_param_as_remark %oi, "oi" at %op : !transform.param<i64>, !transform.any_op
    transform.debug.emit_param_as_remark %oc, "oc" at %op : !transform.param<i64>, !transform.any_op
    transform.debug.emit_param_as_remark %fl, "fl" at %op : !transform.param<i64>, !transform.any_op
    transform.debug.emit_param_as_remark %ic, "ic" at %op : !transform.param<i64>, !transform.any_op
    transform.debug.emit_param_as_remark %dp, "depth" at %op : !transform.param<i64>, !transform.any_op
    transform.debug.emit_param_as_remark %st, "strides" at %op : !transform.param<i64>, !transform.any_op
    transform.debug.emit_param_as_remark %dl, "dilations" at %op : !transform.param<i64>, !transform.any_op
    transform.yield
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.consumed}) {
    transform.foreach_match in %root @conv -> @report : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
