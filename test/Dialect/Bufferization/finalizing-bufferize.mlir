// RUN: pyopt %s -finalizing-bufferize -split-input-file -verify-diagnostics | filecheck %s

// A to_tensor/to_memref pair of the same type disappears.
// CHECK-LABEL: func @pair
// CHECK-SAME: (%[[M:.*]]: memref<2x?xi8>)
// CHECK-NEXT: return %[[M]] : memref<2x?xi8>
func.func @pair(%m: memref<2x?xi8>) -> memref<2x?xi8> {
  %t = bufferization.to_tensor %m : memref<2x?xi8>
  %r = bufferization.to_memref %t : memref<2x?xi8>
  return %r : memref<2x?xi8>
}

// -----

// To a layout the source cannot be cast to safely: a copy into a fresh buffer.
// CHECK-LABEL: func @strided_to_identity
// CHECK-SAME: (%[[M:.*]]: memref<?xf32, strided<[3], offset: ?>>)
// CHECK: %[[DIM:.*]] = memref.dim %[[M]], %{{.*}}
// CHECK: %[[A:.*]] = memref.alloc(%[[DIM]]) : memref<?xf32>
// CHECK: memref.copy %[[M]], %[[A]]
// CHECK: return %[[A]]
func.func @strided_to_identity(%m: memref<?xf32, strided<[3], offset: ?>>) -> memref<?xf32> {
  %t = bufferization.to_tensor %m : memref<?xf32, strided<[3], offset: ?>>
  %r = bufferization.to_memref %t : memref<?xf32>
  return %r : memref<?xf32>
}

// -----

// A static layout equal to the identity: a cast is enough.
// CHECK-LABEL: func @unit_strided_to_identity
// CHECK: %[[C:.*]] = memref.cast %{{.*}} : memref<4xf32, strided<[1]>> to memref<4xf32>
// CHECK: return %[[C]]
func.func @unit_strided_to_identity(%m: memref<4xf32, strided<[1]>>) -> memref<4xf32> {
  %t = bufferization.to_tensor %m : memref<4xf32, strided<[1]>>
  %r = bufferization.to_memref %t : memref<4xf32>
  return %r : memref<4xf32>
}

// -----

func.func @tensor_user(%m: memref<4xf32>) {
  %t = bufferization.to_tensor %m : memref<4xf32>
  // expected-error @+1 {{failed to legalize operation 'test.sink'}}
  "test.sink"(%t) : (tensor<4xf32>) -> ()
  return
}
