// RUN: pyopt %s -transform-interpreter -split-input-file -verify-diagnostics | filecheck %s

// An alloca becomes a get_global of a new private global, renamed past an existing @alloca
// (as mlir-opt-19).
memref.global "private" @alloca : memref<4xi8>
func.func @f() -> (memref<3xf32>, memref<4xi8>) {
  // expected-remark @below {{global}}
  // expected-remark @below {{get}}
  %0 = memref.alloca() : memref<3xf32>
  %1 = memref.get_global @alloca : memref<4xi8>
  return %0, %1 : memref<3xf32>, memref<4xi8>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%m: !transform.any_op {transform.readonly}) {
    %a = transform.structured.match ops{["memref.alloca"]} in %m : (!transform.any_op) -> !transform.op<"memref.alloca">
    %get, %g = transform.memref.alloca_to_global %a : (!transform.op<"memref.alloca">) -> (!transform.any_op, !transform.any_op)
    transform.debug.emit_remark_at %g, "global" : !transform.any_op
    transform.debug.emit_remark_at %get, "get" : !transform.any_op
    transform.yield
  }
}

// CHECK:       memref.global "private" @alloca : memref<4xi8>
// CHECK-LABEL: func.func @f
// CHECK:         %[[G:.*]] = memref.get_global @alloca_0 : memref<3xf32>
// CHECK:         %[[H:.*]] = memref.get_global @alloca : memref<4xi8>
// CHECK:         return %[[G]], %[[H]]
// CHECK:       memref.global "private" @alloca_0 : memref<3xf32>

// -----

func.func @wrong_handle() {
  %0 = memref.alloca() : memref<3xf32>
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%m: !transform.any_op {transform.readonly}) {
    %a = transform.structured.match ops{["memref.alloc"]} in %m : (!transform.any_op) -> !transform.op<"memref.alloc">
    // expected-error @below {{'transform.memref.alloca_to_global' op operand #0 must be Transform IR handle to memref.alloca operations, but got '!transform.op<"memref.alloc">'}}
    %get, %g = transform.memref.alloca_to_global %a : (!transform.op<"memref.alloc">) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
