// RUN: pyopt %s -affine-super-vectorize="virtual-vector-size=4,32" | filecheck %s

// CHECK: #[[$ROW:.*]] = affine_map<(d0) -> (0, d0)>
// CHECK-LABEL: func.func @add2d
// CHECK:         affine.for %[[I:.*]] = 0 to 64 step 4 {
// CHECK-NEXT:      affine.for %[[J:.*]] = 0 to 128 step 32 {
// CHECK:             %[[X:.*]] = vector.transfer_read %{{.*}}[%[[I]], %[[J]]], %{{.*}} : memref<64x128xf32>, vector<4x32xf32>
// CHECK:             %[[Y:.*]] = vector.transfer_read %{{.*}}[%[[I]], %[[J]]], %{{.*}} : memref<64x128xf32>, vector<4x32xf32>
// CHECK-NEXT:        %[[S:.*]] = arith.addf %[[X]], %[[Y]] : vector<4x32xf32>
// CHECK-NEXT:        vector.transfer_write %[[S]], %{{.*}}[%[[I]], %[[J]]] : vector<4x32xf32>, memref<64x128xf32>
func.func @add2d(%a: memref<64x128xf32>, %b: memref<64x128xf32>, %c: memref<64x128xf32>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 128 {
      %x = affine.load %a[%i, %j] : memref<64x128xf32>
      %y = affine.load %b[%i, %j] : memref<64x128xf32>
      %s = arith.addf %x, %y : f32
      affine.store %s, %c[%i, %j] : memref<64x128xf32>
    }
  }
  return
}

// The two accesses vary along different memref dims: no vectorization.
// CHECK-LABEL: func.func @transpose
// CHECK-NOT:     vector
// CHECK:         affine.store
func.func @transpose(%a: memref<64x128xf32>, %b: memref<128x64xf32>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 128 {
      %x = affine.load %a[%i, %j] : memref<64x128xf32>
      affine.store %x, %b[%j, %i] : memref<128x64xf32>
    }
  }
  return
}

// The row is reused along the outer vector dim (a broadcast dim, so in bounds).
// CHECK-LABEL: func.func @bcast_row
// CHECK:         vector.transfer_read %{{.*}}[%{{.*}}], %{{.*}} {in_bounds = [true, false], permutation_map = #[[$ROW]]} : memref<128xf32>, vector<4x32xf32>
func.func @bcast_row(%row: memref<128xf32>, %m: memref<64x128xf32>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 128 {
      %x = affine.load %row[%j] : memref<128xf32>
      affine.store %x, %m[%i, %j] : memref<64x128xf32>
    }
  }
  return
}
