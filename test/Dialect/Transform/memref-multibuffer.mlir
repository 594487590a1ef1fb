// RUN: pyopt %s -allow-unregistered-dialect -transform-interpreter -split-input-file -verify-diagnostics | filecheck %s

// multibuffer: a buffer overwritten by a copy each iteration gets 'factor' copies, indexed
// by the iteration number; subview users are rebuilt with the new layout; an allocation
// used outside loops is skipped (as mlir-opt-19).
func.func @mb(%in: memref<24xf32>, %lb: index, %ub: index) {
  %c3 = arith.constant 3 : index
  // expected-remark @below {{mb}}
  %a = memref.alloc() : memref<3xf32>
  scf.for %i = %lb to %ub step %c3 {
    %s = memref.subview %in[%i] [3] [1] : memref<24xf32> to memref<3xf32, strided<[1], offset: ?>>
    memref.copy %s, %a : memref<3xf32, strided<[1], offset: ?>> to memref<3xf32>
    %v = memref.subview %a[1] [2] [1] : memref<3xf32> to memref<2xf32, strided<[1], offset: 1>>
    "test.use"(%v) : (memref<2xf32, strided<[1], offset: 1>>) -> ()
  }
  return
}
func.func @no_loop() {
  %a = memref.alloc() : memref<3xf32>
  "test.use"(%a) : (memref<3xf32>) -> ()
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%m: !transform.any_op {transform.readonly}) {
    %a = transform.structured.match ops{["memref.alloc"]} in %m : (!transform.any_op) -> !transform.op<"memref.alloc">
    %b = transform.memref.multibuffer %a {factor = 3 : i64} : (!transform.op<"memref.alloc">) -> !transform.any_op
    transform.debug.emit_remark_at %b, "mb" : !transform.any_op
    transform.yield
  }
}

// CHECK: #[[MAP:.*]] = affine_map<(d0)[s0] -> (((d0 - s0) floordiv 3) mod 3)>
// CHECK-LABEL: func.func @mb
//  CHECK-SAME:     (%[[IN:.*]]: memref<24xf32>, %[[LB:.*]]: index, %[[UB:.*]]: index)
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<3x3xf32>
//       CHECK:   scf.for %[[I:.*]] = %[[LB]] to %[[UB]]
//       CHECK:     %[[K:.*]] = affine.apply #[[MAP]](%[[I]])[%[[LB]]]
//       CHECK:     %[[S:.*]] = memref.subview %[[A]][%[[K]], 0] [1, 3] [1, 1] : memref<3x3xf32> to memref<3xf32, strided<[1], offset: ?>>
//       CHECK:     memref.copy %{{.*}}, %[[S]]
//       CHECK:     memref.subview %[[S]][1] [2] [1] : memref<3xf32, strided<[1], offset: ?>> to memref<2xf32, strided<[1], offset: ?>>
// CHECK-LABEL: func.func @no_loop
//       CHECK:   memref.alloc() : memref<3xf32>

// -----

// The copy does not dominate the dealloc after the loop: no candidate loop.
func.func @fails(%in: memref<3xf32>, %lb: index, %ub: index, %st: index) {
  // expected-error @below {{op failed to multibuffer}}
  %a = memref.alloc() : memref<3xf32>
  scf.for %i = %lb to %ub step %st {
    memref.copy %in, %a : memref<3xf32> to memref<3xf32>
  }
  memref.dealloc %a : memref<3xf32>
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%m: !transform.any_op {transform.readonly}) {
    %a = transform.structured.match ops{["memref.alloc"]} in %m : (!transform.any_op) -> !transform.op<"memref.alloc">
    %b = transform.memref.multibuffer %a {factor = 2 : i64} : (!transform.op<"memref.alloc">) -> !transform.any_op
    transform.yield
  }
}
