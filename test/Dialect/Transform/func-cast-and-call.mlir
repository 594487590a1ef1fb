// RUN: pyopt %s -transform-interpreter -split-input-file -verify-diagnostics | filecheck %s

// Inserted after the op: the input is cast to the dynamic signature and the result back.
// CHECK-LABEL: func.func @after(
// CHECK-SAME: %[[A:[^:]*]]: tensor<4xf32>
// CHECK: arith.addf
// CHECK: %[[C:.*]] = tensor.cast %[[A]] : tensor<4xf32> to tensor<?xf32>
// CHECK: %[[R:.*]] = call @repl(%[[C]]) : (tensor<?xf32>) -> tensor<?xf32>
// CHECK: %[[B:.*]] = tensor.cast %[[R]] : tensor<?xf32> to tensor<4xf32>
// CHECK: arith.mulf %[[B]], %[[B]]
func.func @after(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = arith.addf %a, %a : tensor<4xf32>
  %1 = arith.mulf %0, %0 : tensor<4xf32>
  return %1 : tensor<4xf32>
}
func.func private @repl(%x: tensor<?xf32>) -> tensor<?xf32>
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op) {
    %add = transform.structured.match ops{["arith.addf"]} in %arg0 : (!transform.any_op) -> !transform.any_op
    %ins = transform.get_operand %add[0] : (!transform.any_op) -> !transform.any_value
    %out = transform.get_result %add[0] : (!transform.any_op) -> !transform.any_value
    %c = transform.func.cast_and_call @repl(%ins) -> %out after %add {
      transform.type_conversion.tensor.cast_shape_dynamic_dims
    } : (!transform.any_op, !transform.any_value, !transform.any_value) -> !transform.any_op
    transform.print %c : !transform.any_op
    transform.yield
  }
}
// -----
// The callee given by handle, types matching: no casts.
// CHECK-LABEL: func.func @handle(
// CHECK-SAME: %[[A:[^:]*]]: tensor<4xf32>
// CHECK: %[[R:.*]] = call @same(%[[A]])
// CHECK: arith.addf
// CHECK: return %[[R]]
func.func @handle(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = arith.addf %a, %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func private @same(%x: tensor<4xf32>) -> tensor<4xf32>
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op) {
    %add = transform.structured.match ops{["arith.addf"]} in %arg0 : (!transform.any_op) -> !transform.any_op
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "same"} in %arg0 : (!transform.any_op) -> !transform.any_op
    %ins = transform.get_operand %add[0] : (!transform.any_op) -> !transform.any_value
    %out = transform.get_result %add[0] : (!transform.any_op) -> !transform.any_value
    transform.func.cast_and_call %f(%ins) -> %out before %add : (!transform.any_op, !transform.any_value, !transform.any_value, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}
// -----
func.func @mismatch(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = arith.addf %a, %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}
// expected-error @below {{mismatch between number of function arguments 2 and number of inputs 1}}
func.func private @two(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32>
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op) {
    %add = transform.structured.match ops{["arith.addf"]} in %arg0 : (!transform.any_op) -> !transform.any_op
    %ins = transform.get_operand %add[0] : (!transform.any_op) -> !transform.any_value
    %out = transform.get_result %add[0] : (!transform.any_op) -> !transform.any_value
    transform.func.cast_and_call @two(%ins) -> %out before %add : (!transform.any_op, !transform.any_value, !transform.any_value) -> !transform.any_op
    transform.yield
  }
}
// -----
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op) {
    // expected-error @below {{expected a function handle or name to call}}
    transform.func.cast_and_call before %arg0 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
// -----
func.func @unres(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = arith.addf %a, %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op) {
    %add = transform.structured.match ops{["arith.addf"]} in %arg0 : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{unresolved symbol @nope}}
    transform.func.cast_and_call @nope before %add : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @no_cast(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}
func.func private @cb(%x: f32) -> f32
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op) {
    %add = transform.structured.match ops{["arith.addi"]} in %arg0 : (!transform.any_op) -> !transform.any_op
    %ins = transform.get_operand %add[0] : (!transform.any_op) -> !transform.any_value
    %out = transform.get_result %add[0] : (!transform.any_op) -> !transform.any_value
    // expected-error @below {{Failed to materialize conversion of <block argument> of type 'i32' at index: 0 to type 'f32'}}
    transform.func.cast_and_call @cb(%ins) -> %out after %add {
      transform.type_conversion.tensor.cast_shape_dynamic_dims
    } : (!transform.any_op, !transform.any_value, !transform.any_value) -> !transform.any_op
    transform.yield
  }
}
