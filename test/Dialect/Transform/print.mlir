// RUN: pyopt %s --transform-interpreter | filecheck %s

// transform.print writes the payload ops to stdout, with the requested printing flags
// (expected output from mlir-opt-19).

// CHECK-LABEL: {{\[\[\[}} IR printer: matched ]]]
// CHECK-NEXT: %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT: func.func @f(%arg0: i32) -> i32 {
// CHECK-NEXT:   %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:   return %0 : i32
// CHECK-NEXT: }
// CHECK-NEXT: {{\[\[\[}} IR printer: local ]]]
// CHECK-NEXT: %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT: func.func @f(%arg0: i32) -> i32 {
// CHECK-NEXT:   %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:   return %0 : i32
// CHECK-NEXT: }
// CHECK-NEXT: {{\[\[\[}} IR printer: skip ]]]
// CHECK-NEXT: %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT: func.func @f(%arg0: i32) -> i32 {...}

module attributes {transform.with_named_sequence} {
  func.func @f(%a: i32) -> i32 {
    %0 = arith.addi %a, %a : i32
    return %0 : i32
  }
  transform.named_sequence @is_add(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.addi", "func.func"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.collect_matching @is_add in %root : (!transform.any_op) -> !transform.any_op
    transform.print %f {name = "matched"} : !transform.any_op
    transform.print %f {name = "local", use_local_scope} : !transform.any_op
    transform.print %f {name = "skip", skip_regions} : !transform.any_op
    transform.yield
  }
}
