// RUN: pyopt %s -transform-interpreter 2>&1 | filecheck %s

// CHECK: {{\[\[\[ IR printer: x \]\]\]}}
// CHECK-NEXT: func.func @f()
func.func @f() { return }
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op) {
    transform.with_pdl_patterns %arg0 : !transform.any_op {
    ^bb0(%a: !transform.any_op):
      transform.sequence %a : !transform.any_op failures(propagate) {
      ^bb1(%h: !transform.any_op):
        %f = transform.structured.match ops{["func.func"]} in %h : (!transform.any_op) -> !transform.any_op
        transform.print %f {name = "x"} : !transform.any_op
      }
    }
    transform.yield
  }
}
