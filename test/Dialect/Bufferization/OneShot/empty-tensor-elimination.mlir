// RUN: pyopt %s --split-input-file -eliminate-empty-tensors -one-shot-bufferize="bufferize-function-boundaries" | filecheck %s

// The filled empty tensor becomes the slice of the destination it is inserted
// into: the fill writes into the function argument's buffer, no allocation.
// CHECK-LABEL: func @fill_into_slice(
// CHECK-SAME: %[[T:.*]]: memref<10x20xf32, strided<[?, ?], offset: ?>>, %[[O:.*]]: index, %[[V:.*]]: f32)
// CHECK-NOT: memref.alloc
// CHECK: %[[SV:.*]] = memref.subview %[[T]][%[[O]], 0] [5, 20] [1, 1]
// CHECK: linalg.fill ins(%[[V]] : f32) outs(%[[SV]] : memref<5x20xf32, strided<[?, ?], offset: ?>>)
// CHECK: return %[[T]]
func.func @fill_into_slice(%t: tensor<10x20xf32>, %o: index, %v: f32) -> tensor<10x20xf32> {
  %e = tensor.empty() : tensor<5x20xf32>
  %f = linalg.fill ins(%v : f32) outs(%e : tensor<5x20xf32>) -> tensor<5x20xf32>
  %r = tensor.insert_slice %f into %t[%o, 0] [5, 20] [1, 1] : tensor<5x20xf32> into tensor<10x20xf32>
  return %r : tensor<10x20xf32>
}

// -----

// The offset is computed after the fill: no place dominates both, so the
// empty tensor stays (an allocation, then a copy into the slice).
// CHECK-LABEL: func @offset_defined_late(
// CHECK: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[A]] : memref<4xf32>)
// CHECK: %[[SV:.*]] = memref.subview
// CHECK: memref.copy %[[A]], %[[SV]]
func.func @offset_defined_late(%t: tensor<?xf32>, %v: f32, %i: index) -> tensor<?xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%v : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %o = arith.addi %i, %i : index
  %r = tensor.insert_slice %f into %t[%o] [4] [1] : tensor<4xf32> into tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// materialize_in_destination: the fill goes straight into the destination.
// CHECK-LABEL: func @materialize(
// CHECK-SAME: %[[T:.*]]: memref<8xf32, strided<[?], offset: ?>>, %[[V:.*]]: f32)
// CHECK-NEXT: linalg.fill ins(%[[V]] : f32) outs(%[[T]] : memref<8xf32, strided<[?], offset: ?>>)
// CHECK-NEXT: memref.copy %[[T]], %[[T]]
func.func @materialize(%t: tensor<8xf32>, %v: f32) -> tensor<8xf32> {
  %e = tensor.empty() : tensor<8xf32>
  %f = linalg.fill ins(%v : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %r = bufferization.materialize_in_destination %f in %t : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

// The destination is read again after the insertion, so the insertion is out
// of place: the empty tensor is kept and the destination copied.
// CHECK-LABEL: func @destination_read_later(
// CHECK-SAME: %[[T:.*]]: memref<10xf32, strided<[?], offset: ?>>
// CHECK: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<5xf32>
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[A]] : memref<5xf32>)
// CHECK: %[[C:.*]] = memref.alloc() {alignment = 64 : i64} : memref<10xf32>
// CHECK: memref.copy %[[T]], %[[C]]
// CHECK: return %[[C]], %{{.*}} : memref<10xf32>, f32
func.func @destination_read_later(%t: tensor<10xf32>, %v: f32) -> (tensor<10xf32>, f32) {
  %c0 = arith.constant 0 : index
  %e = tensor.empty() : tensor<5xf32>
  %f = linalg.fill ins(%v : f32) outs(%e : tensor<5xf32>) -> tensor<5xf32>
  %r = tensor.insert_slice %f into %t[0] [5] [1] : tensor<5xf32> into tensor<10xf32>
  %y = tensor.extract %t[%c0] : tensor<10xf32>
  return %r, %y : tensor<10xf32>, f32
}
