// RUN: pyopt %s --transform-infer-effects | filecheck %s

// Arguments are marked consumed when the body consumes them, read-only otherwise.

module attributes {transform.with_named_sequence} {
  // CHECK-LABEL: transform.named_sequence @reads(%arg0: !transform.any_op {transform.readonly})
  transform.named_sequence @reads(%op: !transform.any_op) {
    transform.debug.emit_remark_at %op, "here" : !transform.any_op
    transform.yield
  }
  // CHECK-LABEL: transform.named_sequence @consumes(%arg0: !transform.any_op {transform.consumed}, %arg1: !transform.param<i64> {transform.readonly})
  transform.named_sequence @consumes(%op: !transform.any_op, %p: !transform.param<i64>) {
    %r = transform.apply_registered_pass "canonicalize" to %op : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
