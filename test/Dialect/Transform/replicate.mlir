// RUN: pyopt %s --transform-interpreter --verify-diagnostics | pyopt | filecheck %s

// replicate repeats each handle once per op of the pattern handle; it round-trips.
// CHECK: transform.replicate num(%{{.*}}) %{{.*}}, %{{.*}} : !transform.any_op, !transform.any_op, !transform.param<i64>

module attributes {transform.with_named_sequence} {
  func.func @f() { return }
  func.func @g() { return }
  transform.named_sequence @is_func(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["func.func"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.collect_matching @is_func in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.param.constant 7 : i64 -> !transform.param<i64>
    %r:2 = transform.replicate num(%f) %root, %p : !transform.any_op, !transform.any_op, !transform.param<i64>
    %n = transform.num_associations %r#0 : (!transform.any_op) -> !transform.param<i64>
    // expected-remark @below {{copies: 2 : i64}}
    transform.debug.emit_param_as_remark %n, "copies:" : !transform.param<i64>
    // expected-remark @below {{7 : i64, 7 : i64}}
    transform.debug.emit_param_as_remark %r#1 : !transform.param<i64>
    transform.yield
  }
}
