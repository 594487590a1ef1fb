// RUN: pyopt %s -test-linalg-transform-patterns=test-vector-transfer-forwarding-patterns | filecheck %s

// A transfer from a local buffer that a memref.copy fills through a subview reads the copy's
// source instead (and a write followed by a copy out writes to the copy's target); the copy
// and the buffer go away.

// CHECK-LABEL: func.func @read_through_copy(
// CHECK-SAME:    %[[IN:.*]]: memref<?x?xf32>, %[[I:.*]]: index)
// CHECK-NOT:     memref.alloc
// CHECK-NOT:     memref.copy
// CHECK:         %[[SRC:.*]] = memref.subview %[[IN]][0, 0] [1, %[[I]]] [1, 1]
// CHECK-NEXT:    %[[V:.*]] = vector.transfer_read %[[SRC]][%{{.*}}], %{{.*}} : memref<?xf32, strided<[1]>>, vector<4xf32>
// CHECK-NEXT:    return %[[V]]
func.func @read_through_copy(%in: memref<?x?xf32>, %i: index) -> vector<4xf32> {
  %pad = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %buf = memref.alloc() : memref<16xf32>
  %sub = memref.subview %buf[0] [%i] [1] : memref<16xf32> to memref<?xf32, strided<[1]>>
  %src = memref.subview %in[0, 0] [1, %i] [1, 1] : memref<?x?xf32> to memref<?xf32, strided<[1]>>
  memref.copy %src, %sub : memref<?xf32, strided<[1]>> to memref<?xf32, strided<[1]>>
  %v = vector.transfer_read %buf[%c0], %pad : memref<16xf32>, vector<4xf32>
  return %v : vector<4xf32>
}

// CHECK-LABEL: func.func @write_through_copy(
// CHECK-SAME:    %[[OUT:.*]]: memref<?x?xf32>, %[[I:.*]]: index, %[[V:.*]]: vector<4xf32>)
// CHECK-NOT:     memref.copy
// CHECK:         %[[DST:.*]] = memref.subview %[[OUT]][0, 0] [1, %[[I]]] [1, 1]
// CHECK-NEXT:    vector.transfer_write %[[V]], %[[DST]][%{{.*}}] : vector<4xf32>, memref<?xf32, strided<[1]>>
// CHECK-NEXT:    return

func.func @write_through_copy(%out: memref<?x?xf32>, %i: index, %v: vector<4xf32>) {
  %c0 = arith.constant 0 : index
  %buf = memref.alloc() : memref<16xf32>
  %sub = memref.subview %buf[0] [%i] [1] : memref<16xf32> to memref<?xf32, strided<[1]>>
  %dst = memref.subview %out[0, 0] [1, %i] [1, 1] : memref<?x?xf32> to memref<?xf32, strided<[1]>>
  vector.transfer_write %v, %buf[%c0] : vector<4xf32>, memref<16xf32>
  memref.copy %sub, %dst : memref<?xf32, strided<[1]>> to memref<?xf32, strided<[1]>>
  return
}

// Without a copy into the buffer nothing is forwarded.
// CHECK-LABEL: func.func @no_copy(
// CHECK:         memref.alloc
// CHECK:         vector.transfer_read
func.func @no_copy(%i: index) -> vector<4xf32> {
  %pad = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %buf = memref.alloc() : memref<16xf32>
  %v = vector.transfer_read %buf[%c0], %pad : memref<16xf32>, vector<4xf32>
  return %v : vector<4xf32>
}
