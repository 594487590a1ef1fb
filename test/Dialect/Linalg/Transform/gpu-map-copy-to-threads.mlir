// RUN: pyopt %s --transform-interpreter --split-input-file --verify-diagnostics

// transform.structured.gpu.map_copy_to_threads: the mapping of a copy to threads is computed
// (test/unit/test_gpu_copy_mapping.py checks it against mlir-opt-19); the ops and shapes it
// refuses give 19's diagnostics. Tiling to an scf.forall mapped to #gpu.thread needs the gpu
// dialect, which pyopt does not have.

func.func @too_big(%t0: tensor<2048xf32>, %out: tensor<2048xf32>) -> tensor<2048xf32> {
  // expected-note @below {{target op}}
  %0 = linalg.copy ins(%t0: tensor<2048xf32>) outs(%out: tensor<2048xf32>) -> tensor<2048xf32>
  return %0 : tensor<2048xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.copy"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{too few threads to map copy op to threads on the most minor dimension, given alignment and vector size constraints, try smaller tile size of mapping to more threads}}
    %f, %c = transform.structured.gpu.map_copy_to_threads %0 total_num_threads = 64 desired_bit_alignment = 128 : (!transform.any_op) -> (!transform.op<"scf.forall">, !transform.op<"linalg.copy">)
    transform.yield
  }
}

// -----

func.func @dynamic(%t0: tensor<?x8xf32>, %out: tensor<?x8xf32>) -> tensor<?x8xf32> {
  // expected-note @below {{target op}}
  %0 = linalg.copy ins(%t0: tensor<?x8xf32>) outs(%out: tensor<?x8xf32>) -> tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.copy"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{only statically sized ops of rank <= 3 are supported}}
    %f, %c = transform.structured.gpu.map_copy_to_threads %0 total_num_threads = 64 desired_bit_alignment = 128 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

func.func @not_a_copy(%v: f32, %out: tensor<8xf32>) -> tensor<8xf32> {
  // expected-note @below {{target op}}
  %0 = linalg.fill ins(%v : f32) outs(%out : tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.fill"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{only linalg.copy and tensor.pad target ops are supported}}
    %f, %c = transform.structured.gpu.map_copy_to_threads %0 total_num_threads = 64 desired_bit_alignment = 128 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
