// RUN: pyopt %s -convert-bufferization-to-memref -split-input-file -verify-diagnostics | filecheck %s

// A clone always allocates with the identity layout; it is cast to the clone's layout when the
// layout only has dynamic strides/offset where the identity's differ (cast-compatible).

// CHECK-LABEL: func @dynamic_offset
// CHECK-SAME: (%[[M:.*]]: memref<?x4xf32, strided<[4, 1], offset: ?>>)
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[D:.*]] = memref.dim %[[M]], %[[C0]]
// CHECK: %[[A:.*]] = memref.alloc(%[[D]]) : memref<?x4xf32>
// CHECK: %[[C:.*]] = memref.cast %[[A]] : memref<?x4xf32> to memref<?x4xf32, strided<[4, 1], offset: ?>>
// CHECK: memref.copy %[[M]], %[[C]]
// CHECK: return %[[C]]
func.func @dynamic_offset(%m: memref<?x4xf32, strided<[4, 1], offset: ?>>) -> memref<?x4xf32, strided<[4, 1], offset: ?>> {
  %0 = bufferization.clone %m : memref<?x4xf32, strided<[4, 1], offset: ?>> to memref<?x4xf32, strided<[4, 1], offset: ?>>
  return %0 : memref<?x4xf32, strided<[4, 1], offset: ?>>
}

// -----

// CHECK-LABEL: func @rank_zero
// CHECK: %[[A:.*]] = memref.alloc() : memref<f32>
// CHECK: %[[C:.*]] = memref.cast %[[A]] : memref<f32> to memref<f32, strided<[], offset: ?>>
// CHECK: memref.copy %{{.*}}, %[[C]]
func.func @rank_zero(%m: memref<f32, strided<[], offset: ?>>) -> memref<f32, strided<[], offset: ?>> {
  %0 = bufferization.clone %m : memref<f32, strided<[], offset: ?>> to memref<f32, strided<[], offset: ?>>
  return %0 : memref<f32, strided<[], offset: ?>>
}

// -----

// Fully dynamic strides: each dynamic size is read with memref.dim.
// CHECK-LABEL: func @all_dynamic
// CHECK-COUNT-2: memref.dim
// CHECK: memref.alloc(%{{.*}}, %{{.*}}) : memref<?x?xf32>
// CHECK: memref.cast
func.func @all_dynamic(%m: memref<?x?xf32, strided<[?, ?], offset: ?>>) -> memref<?x?xf32, strided<[?, ?], offset: ?>> {
  %0 = bufferization.clone %m : memref<?x?xf32, strided<[?, ?], offset: ?>> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  return %0 : memref<?x?xf32, strided<[?, ?], offset: ?>>
}

// -----

// A static stride the identity layout does not have: no alloc can be cast to it.
func.func @static_stride(%m: memref<3x1xi64, strided<[4, 1]>>) -> memref<3x1xi64, strided<[4, 1]>> {
  // expected-error @below {{failed to legalize operation 'bufferization.clone' that was explicitly marked illegal}}
  %0 = bufferization.clone %m : memref<3x1xi64, strided<[4, 1]>> to memref<3x1xi64, strided<[4, 1]>>
  return %0 : memref<3x1xi64, strided<[4, 1]>>
}

// -----

// A static offset other than 0, even with unit sizes, is not cast-compatible either.
func.func @static_offset(%m: memref<1x1xf32, strided<[7, 3], offset: 2>>) -> memref<1x1xf32, strided<[7, 3], offset: 2>> {
  // expected-error @below {{failed to legalize operation 'bufferization.clone' that was explicitly marked illegal}}
  %0 = bufferization.clone %m : memref<1x1xf32, strided<[7, 3], offset: 2>> to memref<1x1xf32, strided<[7, 3], offset: 2>>
  return %0 : memref<1x1xf32, strided<[7, 3], offset: 2>>
}

// -----

// A permuted (non-strided-form) affine layout cannot be cast to either.
func.func @permuted(%m: memref<4x?xf32, affine_map<(d0, d1) -> (d1, d0)>>) -> memref<4x?xf32, affine_map<(d0, d1) -> (d1, d0)>> {
  // expected-error @below {{failed to legalize operation 'bufferization.clone' that was explicitly marked illegal}}
  %0 = bufferization.clone %m : memref<4x?xf32, affine_map<(d0, d1) -> (d1, d0)>> to memref<4x?xf32, affine_map<(d0, d1) -> (d1, d0)>>
  return %0 : memref<4x?xf32, affine_map<(d0, d1) -> (d1, d0)>>
}
