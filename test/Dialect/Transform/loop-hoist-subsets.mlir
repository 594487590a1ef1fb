// RUN: pyopt %s --transform-interpreter -allow-unregistered-dialect --verify-diagnostics | filecheck %s

// The loop-invariant extract/insert_slice pair leaves the loop, which is rebuilt with one
// more iter_arg; the handle follows the new loop (expected output from mlir-opt-19).

// CHECK-LABEL:   func.func @f(%arg0: tensor<?xf32>, %arg1: index, %arg2: index, %arg3: index) -> tensor<?xf32> {
// CHECK-NEXT:     %extracted_slice = tensor.extract_slice %arg0[0] [5] [1] : tensor<?xf32> to tensor<5xf32>
// CHECK-NEXT:     %0:2 = scf.for %arg4 = %arg1 to %arg2 step %arg3 iter_args(%arg5 = %arg0, %arg6 = %extracted_slice) -> (tensor<?xf32>, tensor<5xf32>) {
// CHECK-NEXT:       %1 = "test.foo"(%arg6) : (tensor<5xf32>) -> tensor<5xf32>
// CHECK-NEXT:       scf.yield %arg5, %1 : tensor<?xf32>, tensor<5xf32>
// CHECK-NEXT:     }
// CHECK-NEXT:     %inserted_slice = tensor.insert_slice %0#1 into %0#0[0] [5] [1] : tensor<5xf32> into tensor<?xf32>
// CHECK-NEXT:     return %inserted_slice : tensor<?xf32>
// CHECK-NEXT:   }

module attributes {transform.with_named_sequence} {
  func.func @f(%t: tensor<?xf32>, %lb: index, %ub: index, %st: index) -> tensor<?xf32> {
    // expected-remark @below {{loop}}
    %r = scf.for %i = %lb to %ub step %st iter_args(%a = %t) -> tensor<?xf32> {
      %e = tensor.extract_slice %a[0][5][1] : tensor<?xf32> to tensor<5xf32>
      %c = "test.foo"(%e) : (tensor<5xf32>) -> tensor<5xf32>
      %ins = tensor.insert_slice %c into %a[0][5][1] : tensor<5xf32> into tensor<?xf32>
      scf.yield %ins : tensor<?xf32>
    }
    return %r : tensor<?xf32>
  }
  transform.named_sequence @is_for(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["scf.for"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %l = transform.collect_matching @is_for in %root : (!transform.any_op) -> !transform.any_op
    transform.loop.hoist_loop_invariant_subsets %l : !transform.any_op
    transform.debug.emit_remark_at %l, "loop" : !transform.any_op
    transform.yield
  }
}
