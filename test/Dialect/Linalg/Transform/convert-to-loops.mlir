// RUN: pyopt %s --transform-interpreter --split-input-file --verify-diagnostics | filecheck %s

// transform.structured.convert_to_loops: a linalg op on buffers becomes an scf.for per loop
// of its iteration domain around its scalar implementation (loads of what the payload reads,
// linalg.index as the induction variables, stores of what it yields); ops with results do
// not apply. Expected output from mlir-opt-19.

// CHECK-LABEL: func.func @mm
// CHECK:       %[[K:.*]] = memref.dim %arg0, %{{.*}} : memref<4x?xf32>
// CHECK:       scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step
// CHECK:         scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step
// CHECK:           scf.for %[[L:.*]] = %{{.*}} to %[[K]] step
// CHECK:             memref.load %arg0
// CHECK:             memref.load %arg1
// CHECK:             memref.load %arg2
// CHECK:             arith.mulf
// CHECK:             %[[S:.*]] = arith.addf
// CHECK:             memref.store %[[S]], %arg2
// CHECK-LABEL: func.func @gen
// CHECK:       scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step
// CHECK-NOT:     memref.load %arg2
// CHECK:         %[[X:.*]] = memref.load %arg0
// CHECK:         arith.index_cast %[[I]] : index to i32
// CHECK:         arith.mulf %[[X]], %arg1 : f32

func.func @mm(%A : memref<4x?xf32>, %B: memref<?x8xf32>, %C: memref<4x8xf32>) {
  linalg.matmul ins(%A, %B: memref<4x?xf32>, memref<?x8xf32>) outs(%C: memref<4x8xf32>)
  return
}
func.func @gen(%A : memref<6xf32>, %v: f32, %B: memref<6xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
    ins(%A, %v : memref<6xf32>, f32) outs(%B : memref<6xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %i = linalg.index 0 : index
    %c = arith.index_cast %i : index to i32
    %f = arith.sitofp %c : i32 to f32
    %m = arith.mulf %a, %s : f32
    %r = arith.addf %m, %f : f32
    linalg.yield %r : f32
  }
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %m = transform.structured.match interface{LinalgOp} in %arg1 : (!transform.any_op) -> !transform.any_op
    %l = transform.structured.convert_to_loops %m : (!transform.any_op) -> !transform.any_op
    %n = transform.num_associations %l : (!transform.any_op) -> !transform.param<i64>
    // expected-remark @below {{4 : i64}}
    transform.debug.emit_param_as_remark %n : !transform.param<i64>
    transform.yield
  }
}

// -----

func.func @mm(%A : tensor<4x4xf32>, %B: tensor<4x4xf32>, %C: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-note @below {{attempted to apply to this op}}
  %0 = linalg.matmul ins(%A, %B: tensor<4x4xf32>, tensor<4x4xf32>) outs(%C: tensor<4x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %m = transform.structured.match interface{LinalgOp} in %arg1 : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{failed to apply}}
    %l = transform.structured.convert_to_loops %m : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
