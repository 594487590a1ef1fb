// RUN: pyopt %s --transform-interpreter -cse --split-input-file --verify-diagnostics | filecheck %s

// Masked vectorization of 1-D depthwise convolutions whose channel dimension is dynamic:
// the vector size of the channel dimension (scalable when bracketed) is taken from
// vector_sizes, each transfer is masked by the sizes of its operand and marked in bounds.
// Only the channel dimension may be dynamic. Expected output from mlir-opt-19.

// CHECK-LABEL: func.func @f32_stride2
// CHECK:       %[[D:.*]] = tensor.dim %arg0, %{{.*}} : tensor<2x9x?xf32>
// CHECK:       %[[M:.*]] = vector.create_mask %{{.*}}, %{{.*}}, %[[D]] : vector<2x8x8xi1>
// CHECK:       vector.mask %[[M]] { vector.transfer_read %arg0{{.*}} {in_bounds = [true, true, true]} : tensor<2x9x?xf32>, vector<2x8x8xf32> }
// CHECK:       %[[MO:.*]] = vector.create_mask %{{.*}}, %{{.*}}, %{{.*}} : vector<2x4x8xi1>
// CHECK:       vector.fma
// CHECK:       %[[R:.*]] = vector.mask %[[MO]] { vector.transfer_write {{.*}} : vector<2x4x8xf32>, tensor<2x4x?xf32> } : vector<2x4x8xi1> -> tensor<2x4x?xf32>
// CHECK:       return %[[R]]
// CHECK-LABEL: func.func @memref_scalable
// CHECK:       vector.create_mask %{{.*}}, %{{.*}}, %{{.*}} : vector<1x6x[4]xi1>
// CHECK:       vector.extract %{{.*}}[0] : vector<[4]xi16> from vector<3x[4]xi16>
// CHECK:       arith.extsi %{{.*}} : vector<1x4x[4]xi16> to vector<1x4x[4]xi32>
// CHECK:       vector.mask %{{.*}} { vector.transfer_write {{.*}} : vector<1x4x[4]xi32>, memref<1x4x?xi32> } : vector<1x4x[4]xi1>
func.func @f32_stride2(%input: tensor<2x9x?xf32>, %filter: tensor<2x?xf32>, %output: tensor<2x4x?xf32>) -> tensor<2x4x?xf32> {
  %res = linalg.depthwise_conv_1d_nwc_wc {dilations = dense<1> : vector<1xi64>, strides = dense<2> : vector<1xi64>}
    ins(%input, %filter : tensor<2x9x?xf32>, tensor<2x?xf32>) outs(%output : tensor<2x4x?xf32>) -> tensor<2x4x?xf32>
  return %res : tensor<2x4x?xf32>
}
func.func @memref_scalable(%input: memref<1x6x?xi16>, %filter: memref<3x?xi16>, %output: memref<1x4x?xi32>) {
  linalg.depthwise_conv_1d_nwc_wc {dilations = dense<1> : vector<1xi64>, strides = dense<1> : vector<1xi64>}
    ins(%input, %filter : memref<1x6x?xi16>, memref<3x?xi16>) outs(%output : memref<1x4x?xi32>)
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %arg0 : (!transform.any_op) -> !transform.any_op
    %f1, %f2 = transform.split_handle %f : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %0 = transform.structured.match ops{["linalg.depthwise_conv_1d_nwc_wc"]} in %f1 : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %0 vector_sizes [2, 4, 8, 2] : !transform.any_op
    %1 = transform.structured.match ops{["linalg.depthwise_conv_1d_nwc_wc"]} in %f2 : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %1 vector_sizes [1, 4, [4], 3] : !transform.any_op
    transform.yield
  }
}

// -----

func.func @dyn_w(%input: tensor<1x?x?xf32>, %filter: tensor<1x?xf32>, %output: tensor<1x?x?xf32>) -> tensor<1x?x?xf32> {
  // expected-error @below {{Attempted to vectorize, but failed}}
  %res = linalg.depthwise_conv_1d_nwc_wc {dilations = dense<1> : vector<1xi64>, strides = dense<1> : vector<1xi64>}
    ins(%input, %filter : tensor<1x?x?xf32>, tensor<1x?xf32>) outs(%output : tensor<1x?x?xf32>) -> tensor<1x?x?xf32>
  return %res : tensor<1x?x?xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.depthwise_conv_1d_nwc_wc"]} in %arg0 : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %0 vector_sizes [1, 8, 4, 1] : !transform.any_op
    transform.yield
  }
}
