// RUN: pyopt %s --split-input-file --one-shot-bufferize="bufferize-function-boundaries" -verify-diagnostics

// An op without a bufferization model keeps its tensors: an error unless
// allow-unknown-ops is given.
func.func @unknown_op(%t: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{op was not bufferized}}
  %0 = "test.unknown"(%t) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// A loop whose yielded value is not the buffer of its iteration argument would
// return a new allocation from the loop.
func.func @loop_yields_other_buffer(%t: tensor<4xf32>, %u: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %t) -> tensor<4xf32> {
    // expected-error @+1 {{Yield operand #0 is not equivalent to the corresponding iter bbArg}}
    scf.yield %u : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// expected-error @+1 {{cannot bufferize a FuncOp with tensors and without a unique ReturnOp}}
func.func @two_returns(%c: i1, %t: tensor<4xf32>) -> tensor<4xf32> {
  cf.cond_br %c, ^a, ^b
^a:
  return %t : tensor<4xf32>
^b:
  return %t : tensor<4xf32>
}

// -----

// expected-error @+1 {{'builtin.module' op expected callgraph to be free of circular dependencies.}}
module {
  func.func @ping(%t: tensor<4xf32>) -> tensor<4xf32> {
    %0 = call @pong(%t) : (tensor<4xf32>) -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
  func.func @pong(%t: tensor<4xf32>) -> tensor<4xf32> {
    %0 = call @ping(%t) : (tensor<4xf32>) -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}

// -----

func.func @select_memory_spaces(%c: i1) -> tensor<10xf32> {
  %0 = bufferization.alloc_tensor() {memory_space = 0 : ui64} : tensor<10xf32>
  %1 = bufferization.alloc_tensor() {memory_space = 1 : ui64} : tensor<10xf32>
  // expected-error @+2 {{inconsistent memory space on true/false operands}}
  // expected-error @+1 {{failed to bufferize op}}
  %r = arith.select %c, %0, %1 : tensor<10xf32>
  return %r : tensor<10xf32>
}
