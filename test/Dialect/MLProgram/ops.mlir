// RUN: pyopt %s | pyopt | filecheck %s
// RUN: pyopt %s -mlir-print-op-generic | pyopt | filecheck %s
// RUN: pyopt %s -convert-shape-to-std -convert-shape-constraints | filecheck %s

// ml_program's globals, functions and graph subgraphs round-trip; the shape dialect's
// lowering passes run on a module that has no shape op.

// CHECK: #extern = #ml_program.extern
// CHECK: ml_program.global private mutable @state(dense<0> : tensor<4xi32>) : tensor<?xi32>
ml_program.global private mutable @state(dense<0> : tensor<4xi32>) : tensor<?xi32>
// CHECK: ml_program.global public @weights(dense<1.000000e+00> : tensor<2xf32>) : tensor<2xf32>
ml_program.global public @weights(dense<1.0> : tensor<2xf32>) : tensor<2xf32>
// CHECK: ml_program.global private mutable @ext(#extern) : tensor<?xi32>
ml_program.global private mutable @ext(#ml_program.extern<tensor<4xi32>>) : tensor<?xi32>

// CHECK-LABEL: ml_program.func @step
// CHECK-NEXT: %state = ml_program.global_load @state : tensor<?xi32>
// CHECK-NEXT: %weights = ml_program.global_load_const @weights : tensor<2xf32>
// CHECK-NEXT: ml_program.global_store @state = %state : tensor<?xi32>
// CHECK-NEXT: ml_program.return %weights : tensor<2xf32>
ml_program.func @step() -> tensor<2xf32> {
  %s = ml_program.global_load @state : tensor<?xi32>
  %w = ml_program.global_load_const @weights : tensor<2xf32>
  ml_program.global_store @state = %s : tensor<?xi32>
  ml_program.return %w : tensor<2xf32>
}

// CHECK: ml_program.func private @external(i32) -> i32
ml_program.func private @external(i32) -> i32

// CHECK-LABEL: ml_program.subgraph @graph
// CHECK: %result, %produceToken = ml_program.global_load_graph @state ordering(() -> !ml_program.token) : tensor<?xi32>
// CHECK: ml_program.global_store_graph @state = %result ordering(%produceToken -> !ml_program.token) : tensor<?xi32>
// CHECK: ml_program.output %arg0 : i32
ml_program.subgraph @graph(%arg0: i32) -> i32 {
  %v, %t = ml_program.global_load_graph @state ordering(() -> !ml_program.token) : tensor<?xi32>
  %t2 = ml_program.global_store_graph @state = %v ordering(%t -> !ml_program.token) : tensor<?xi32>
  ml_program.output %arg0 : i32
}
