// RUN: pyopt %s --transform-interpreter | filecheck %s

// tensor.empty becomes bufferization.alloc_tensor, then one-shot bufferization of the whole
// module with function boundaries and identity layouts (expected output from mlir-opt-19).

// CHECK-LABEL:   func.func @f(%arg0: memref<?xf32>, %arg1: index) -> memref<?xf32> {
// CHECK-NEXT:     %alloc = memref.alloc(%arg1) {alignment = 64 : i64} : memref<?xf32>
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %cst = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:     memref.store %cst, %alloc[%c0] : memref<?xf32>
// CHECK-NEXT:     memref.store %cst, %arg0[%c0] : memref<?xf32>
// CHECK-NEXT:     %0 = arith.addf %cst, %cst : f32
// CHECK-NEXT:     memref.store %0, %arg0[%c0] : memref<?xf32>
// CHECK-NEXT:     return %arg0 : memref<?xf32>
// CHECK-NEXT:   }

module attributes {transform.with_named_sequence} {
  func.func @f(%t: tensor<?xf32>, %n: index) -> tensor<?xf32> {
    %e = tensor.empty(%n) : tensor<?xf32>
    %c0 = arith.constant 0 : index
    %f = arith.constant 1.0 : f32
    %i = tensor.insert %f into %e[%c0] : tensor<?xf32>
    %j = tensor.insert %f into %t[%c0] : tensor<?xf32>
    %r = arith.addf %f, %f : f32
    %k = tensor.insert %r into %j[%c0] : tensor<?xf32>
    return %k : tensor<?xf32>
  }
  transform.named_sequence @is(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["tensor.empty"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.consumed}) {
    %e = transform.collect_matching @is in %root : (!transform.any_op) -> !transform.any_op
    %ec = transform.cast %e : !transform.any_op to !transform.op<"tensor.empty">
    %a = transform.bufferization.empty_tensor_to_alloc_tensor %ec : (!transform.op<"tensor.empty">) -> !transform.op<"bufferization.alloc_tensor">
    %m = transform.bufferization.one_shot_bufferize layout{IdentityLayoutMap} %root {bufferize_function_boundaries = true, memcpy_op = "linalg.copy"} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
