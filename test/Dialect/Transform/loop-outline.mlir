// RUN: pyopt %s --transform-interpreter --verify-diagnostics | filecheck %s

// loop.outline: the loop moves into a new function (a unique name next to @foo; index
// constants it uses cloned in), called from an scf.execute_region (output of mlir-opt-19).

// CHECK-LABEL:   func.func @foo() {
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @foo_0(%arg0: f32, %arg1: index, %arg2: index, %arg3: index) -> f32 {
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %0 = scf.for %arg4 = %c0 to %arg2 step %c1 iter_args(%arg5 = %arg0) -> (f32) {
// CHECK-NEXT:       %1 = arith.addf %arg5, %arg0 : f32
// CHECK-NEXT:       scf.yield %1 : f32
// CHECK-NEXT:     }
// CHECK-NEXT:     return %0 : f32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @g(%arg0: index, %arg1: f32) -> f32 {
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %0 = scf.execute_region -> f32 {
// CHECK-NEXT:       %1 = func.call @foo_0(%arg1, %c0, %arg0, %c1) : (f32, index, index, index) -> f32
// CHECK-NEXT:       scf.yield %1 : f32
// CHECK-NEXT:     }
// CHECK-NEXT:     return %0 : f32
// CHECK-NEXT:   }

module attributes {transform.with_named_sequence} {
  func.func @foo() { return }
  func.func @g(%n: index, %x: f32) -> f32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    // expected-remark @below {{call}}
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x) -> f32 {
      %s = arith.addf %a, %x : f32
      scf.yield %s : f32
    }
    return %r : f32
  }
  transform.named_sequence @is_for(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["scf.for"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %l = transform.collect_matching @is_for in %root : (!transform.any_op) -> !transform.any_op
    %f, %c = transform.loop.outline %l {func_name = "foo"} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.debug.emit_remark_at %c, "call" : !transform.any_op
    transform.yield
  }
}
