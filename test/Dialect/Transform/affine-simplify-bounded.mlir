// RUN: pyopt %s -allow-unregistered-dialect -transform-interpreter -split-input-file -verify-diagnostics | filecheck %s

// With 8 <= a < 16 and 0 <= b < 4: mins/maxes whose result is decided become affine.apply;
// one with an unbounded operand or a division that does not decide stays.
// CHECK-DAG: #[[$M0:.*]] = affine_map<()[s0] -> (s0 * 4)>
// CHECK-DAG: #[[$M1:.*]] = affine_map<()[s0, s1] -> (s0 - s1)>
// CHECK-DAG: #[[$M4:.*]] = affine_map<()[s0, s1] -> (s0 + s1)>
// CHECK-LABEL: func.func @f(
// CHECK: %[[A:.*]] = "test.a"
// CHECK: %[[B:.*]] = "test.b"
// CHECK: affine.apply #[[$M0]]()[%[[A]]]
// CHECK: affine.apply #[[$M1]]()[%[[A]], %[[B]]]
// CHECK: affine.min
// CHECK: affine.max
// CHECK: affine.apply #[[$M4]]()[%[[A]], %[[B]]]
func.func @f(%n: index) -> (index, index, index, index, index) {
  %a = "test.a"() : () -> index
  %b = "test.b"() : () -> index
  %0 = affine.min affine_map<(d0)[s0] -> (d0 * 4, s0 + 64)>(%a)[%b]
  %1 = affine.max affine_map<(d0, d1) -> (d0 - d1, 0)>(%a, %b)
  %2 = affine.min affine_map<(d0)[s0] -> (d0, s0)>(%a)[%n]
  %3 = affine.max affine_map<(d0) -> (d0 floordiv 4, 2)>(%a)
  %4 = affine.min affine_map<(d0, d1) -> (d0 + d1, 100, d0 * 2 + 7)>(%a, %b)
  return %0, %1, %2, %3, %4 : index, index, index, index, index
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["affine.min", "affine.max"]} in %arg0 : (!transform.any_op) -> !transform.any_op
    %1 = transform.structured.match ops{["test.a"]} in %arg0 : (!transform.any_op) -> !transform.any_op
    %2 = transform.structured.match ops{["test.b"]} in %arg0 : (!transform.any_op) -> !transform.any_op
    transform.affine.simplify_bounded_affine_ops %0 with [%1, %2 : !transform.any_op, !transform.any_op] within [8, 0] and [16, 4] : !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["affine.min"]} in %arg0 : (!transform.any_op) -> !transform.any_op
    %1 = transform.structured.match ops{["test.a"]} in %arg0 : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{incorrect number of upper bounds, expected 1 but found 2}}
    transform.affine.simplify_bounded_affine_ops %0 with [%1 : !transform.any_op] within [0] and [5, 6] : !transform.any_op
    transform.yield
  }
}
