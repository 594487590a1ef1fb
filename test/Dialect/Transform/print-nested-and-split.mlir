// RUN: pyopt %s --transform-interpreter --split-input-file | filecheck %s

// A payload op inside a block prints without alias definitions (its attributes inline, as
// Operation::print does for a nested op), and what transform.print writes comes in order
// with each split chunk's IR (expected output from mlir-opt-19).

// CHECK: {{\[\[\[}} IR printer: first ]]]
// CHECK-NEXT: %0 = affine.apply affine_map<(d0) -> (d0 floordiv 3)>(%arg0)
// CHECK-NEXT: %1 = affine.apply affine_map<(d0) -> (d0 mod 5)>(%0)
// CHECK-NEXT: {{\[\[\[}} IR printer: func ]]]
// CHECK-NEXT: func.func @f(%arg0: index) -> index {
// CHECK-NEXT:   %0 = affine.apply affine_map<(d0) -> (d0 floordiv 3)>(%arg0)
// CHECK:      #map = affine_map<(d0) -> (d0 floordiv 3)>
// CHECK-NEXT: #map1 = affine_map<(d0) -> (d0 mod 5)>
// CHECK-NEXT: module {
// CHECK:        %0 = affine.apply #map(%arg0)
// CHECK:      // {{-----}}
// CHECK-NEXT: {{\[\[\[}} IR printer: second ]]]
// CHECK-NEXT: %0 = affine.apply affine_map<(d0) -> (d0 * 7)>(%arg0)
// CHECK-NEXT: #map = affine_map<(d0) -> (d0 * 7)>
// CHECK-NEXT: module {

#m = affine_map<(d0) -> (d0 floordiv 3)>
func.func @f(%a: index) -> index {
  %0 = affine.apply #m(%a)
  %1 = affine.apply affine_map<(d0) -> (d0 mod 5)>(%0)
  return %1 : index
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["affine.apply"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    transform.print %0 {name = "first"} : !transform.any_op
    %1 = transform.structured.match ops{["func.func"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    transform.print %1 {name = "func"} : !transform.any_op
    transform.yield
  }
}

// -----

func.func @g(%a: index) -> index {
  %0 = affine.apply affine_map<(d0) -> (d0 * 7)>(%a)
  return %0 : index
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["affine.apply"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    transform.print %0 {name = "second"} : !transform.any_op
    transform.yield
  }
}
