// RUN: not pyopt %s --transform-interpreter --split-input-file 2>/dev/null | filecheck %s
// RUN: not pyopt %s --transform-interpreter --split-input-file 2>&1 >/dev/null | filecheck %s --check-prefix=DIAG

// transform.structured.multitile_sizes and continuous_tile_sizes: with param results the
// sizes are computed statically (14 = 1 x 2 + 3 x 4 with target 4 and divisor 2); with op
// handles the computation is built before the payload op as affine.apply ops (the
// multi-size one checked at run time by a cf.assert). Expected output from mlir-opt-19.

// DIAG: remark: low 2 : i64
// DIAG: remark: high 4 : i64
// DIAG: remark: split 2 : i64
// CHECK-LABEL: func.func @mt_dyn
// CHECK:       %[[D:.*]] = tensor.dim %arg0
// CHECK:       %[[EQ:.*]] = arith.cmpi eq, %{{.*}}, %[[D]] : index
// CHECK-NEXT:  cf.assert %[[EQ]], "could not compute dynamic multi-size tile shapes"
// The continuous sizes of the static dimension 25 with target 7: 7 x 3, then 4 x 1.
// CHECK:       %[[C7:.*]] = arith.constant 7 : index
// CHECK-NEXT:  %[[C25:.*]] = arith.constant 25 : index
func.func @mt_static(%a: tensor<14x34xf32>, %b: tensor<34x25xf32>, %c: tensor<14x25xf32>) -> tensor<14x25xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<14x34xf32>, tensor<34x25xf32>) outs(%c : tensor<14x25xf32>) -> tensor<14x25xf32>
  return %0 : tensor<14x25xf32>
}
func.func @mt_dyn(%a: tensor<?x34xf32>, %b: tensor<34x25xf32>, %c: tensor<?x25xf32>) -> tensor<?x25xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<?x34xf32>, tensor<34x25xf32>) outs(%c : tensor<?x25xf32>) -> tensor<?x25xf32>
  return %0 : tensor<?x25xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %f1, %f2 = transform.split_handle %f : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %m1 = transform.structured.match ops{["linalg.matmul"]} in %f1 : (!transform.any_op) -> !transform.any_op
    %lo, %hi, %sp = transform.structured.multitile_sizes %m1 { dimension = 0, target_size = 4, divisor = 2 } : (!transform.any_op) -> !transform.param<i64>
    transform.debug.emit_param_as_remark %lo, "low" : !transform.param<i64>
    transform.debug.emit_param_as_remark %hi, "high" : !transform.param<i64>
    transform.debug.emit_param_as_remark %sp, "split" : !transform.param<i64>
    %m2 = transform.structured.match ops{["linalg.matmul"]} in %f2 : (!transform.any_op) -> !transform.any_op
    %l2, %h2, %s2 = transform.structured.multitile_sizes %m2 { dimension = 0, target_size = 8 } : (!transform.any_op) -> !transform.any_op
    %t2, %c2 = transform.structured.continuous_tile_sizes %m2 { dimension = 1, target_size = 7 } : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// DIAG: error: cannot compute parametric tile sizes for dynamically shaped payload op
// DIAG: note: payload op
func.func @dyn(%a: tensor<?x34xf32>, %b: tensor<34x25xf32>, %c: tensor<?x25xf32>) -> tensor<?x25xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<?x34xf32>, tensor<34x25xf32>) outs(%c : tensor<?x25xf32>) -> tensor<?x25xf32>
  return %0 : tensor<?x25xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %m = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %t, %c = transform.structured.continuous_tile_sizes %m { dimension = 0, target_size = 8 } : (!transform.any_op) -> !transform.param<i64>
    transform.yield
  }
}
