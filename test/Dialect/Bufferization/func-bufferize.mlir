// RUN: pyopt %s -func-bufferize -split-input-file -verify-diagnostics -allow-unregistered-dialect | filecheck %s

// Signatures, block arguments, branches, calls and returns become memrefs; an op still on
// tensors meets them through to_memref / to_tensor.
// CHECK-LABEL: func private @ext(memref<2x?xf32>) -> memref<2x?xf32>
// CHECK-LABEL: func @signature_and_blocks
// CHECK-SAME: (%[[A:.*]]: memref<2x?xf32>, %[[C:.*]]: i1) -> memref<2x?xf32>
// CHECK: %[[T:.*]] = bufferization.to_tensor %[[A]] : memref<2x?xf32>
// CHECK: %[[U:.*]] = "test.use"(%[[T]]) : (tensor<2x?xf32>) -> tensor<2x?xf32>
// CHECK: %[[M:.*]] = bufferization.to_memref %[[U]] : memref<2x?xf32>
// CHECK: cf.cond_br %[[C]], ^bb1(%[[M]] : memref<2x?xf32>), ^bb1(%[[A]] : memref<2x?xf32>)
// CHECK: ^bb1(%[[B:.*]]: memref<2x?xf32>):
// CHECK: %[[R:.*]] = call @ext(%[[B]]) : (memref<2x?xf32>) -> memref<2x?xf32>
// CHECK: return %[[R]] : memref<2x?xf32>
func.func private @ext(tensor<2x?xf32>) -> tensor<2x?xf32>
func.func @signature_and_blocks(%a: tensor<2x?xf32>, %c: i1) -> tensor<2x?xf32> {
  %u = "test.use"(%a) : (tensor<2x?xf32>) -> tensor<2x?xf32>
  cf.cond_br %c, ^bb1(%u : tensor<2x?xf32>), ^bb1(%a : tensor<2x?xf32>)
^bb1(%b: tensor<2x?xf32>):
  %r = call @ext(%b) : (tensor<2x?xf32>) -> tensor<2x?xf32>
  return %r : tensor<2x?xf32>
}

// CHECK-LABEL: func @unranked
// CHECK-SAME: (%{{.*}}: memref<*xi8>) -> memref<*xi8>
func.func @unranked(%u: tensor<*xi8>) -> tensor<*xi8> {
  return %u : tensor<*xi8>
}

// -----

func.func @terminator_not_converted(%t: tensor<f32>, %c: i1) -> tensor<f32> {
  cf.cond_br %c, ^bb1(%t : tensor<f32>), ^bb2(%t : tensor<f32>)
^bb1(%x: tensor<f32>):
  // expected-error @+1 {{failed to legalize operation 'test.stop'}}
  "test.stop"() : () -> ()
^bb2(%y: tensor<f32>):
  return %y : tensor<f32>
}
