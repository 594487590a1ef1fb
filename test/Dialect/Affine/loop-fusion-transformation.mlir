// RUN: pyopt %s -test-loop-fusion=test-loop-fusion-transformation -canonicalize | filecheck %s

// The producer is cloned into the consumer with a one-iteration slice, which is
// promoted away: both accesses use the consumer's IV.
// CHECK-LABEL: func @producer_into_consumer
func.func @producer_into_consumer(%buf: memref<16xf32>, %out: memref<16xf32>) {
  %c = arith.constant 2.0 : f32
  affine.for %i = 0 to 16 {
    affine.store %c, %buf[%i] : memref<16xf32>
  }
  affine.for %j = 0 to 16 {
    %v = affine.load %buf[%j] : memref<16xf32>
    affine.store %v, %out[%j] : memref<16xf32>
  }
  // CHECK:      affine.for %[[J:.*]] = 0 to 16 {
  // CHECK-NEXT:   affine.store %{{.*}}, %{{.*}}[%[[J]]] : memref<16xf32>
  // CHECK-NEXT:   %[[V:.*]] = affine.load %{{.*}}[%[[J]]] : memref<16xf32>
  // CHECK-NEXT:   affine.store %[[V]], %{{.*}}[%[[J]]] : memref<16xf32>
  // CHECK-NEXT: }
  // CHECK-NEXT: return
  return
}
