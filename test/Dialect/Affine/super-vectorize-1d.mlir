// RUN: pyopt %s -split-input-file -affine-super-vectorize="virtual-vector-size=64" | filecheck %s

// Innermost-dimension vectorization by 64 of elementwise nests.

// CHECK-LABEL: func.func @scale_rows(
// CHECK-SAME:      %[[SRC:.*]]: memref<16x512xf32>, %[[DST:.*]]: memref<16x512xf32>, %[[K:.*]]: f32)
// CHECK:         %[[KV:.*]] = vector.broadcast %[[K]] : f32 to vector<64xf32>
// CHECK:         affine.for %[[R:.*]] = 0 to 16 {
// CHECK-NEXT:      affine.for %[[C:.*]] = 0 to 512 step 64 {
// CHECK-NEXT:        %[[TWO:.*]] = arith.constant dense<2.000000e+00> : vector<64xf32>
// CHECK-NEXT:        %[[PAD:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:        %[[X:.*]] = vector.transfer_read %[[SRC]][%[[R]], %[[C]]], %[[PAD]] : memref<16x512xf32>, vector<64xf32>
// CHECK-NEXT:        %[[Y:.*]] = arith.mulf %[[X]], %[[KV]] : vector<64xf32>
// CHECK-NEXT:        %[[Z:.*]] = arith.addf %[[Y]], %[[TWO]] : vector<64xf32>
// CHECK-NEXT:        vector.transfer_write %[[Z]], %[[DST]][%[[R]], %[[C]]] : vector<64xf32>, memref<16x512xf32>
// CHECK-NEXT:      }
// CHECK-NEXT:    }
func.func @scale_rows(%src: memref<16x512xf32>, %dst: memref<16x512xf32>, %k: f32) {
  affine.for %r = 0 to 16 {
    affine.for %c = 0 to 512 {
      %x = affine.load %src[%r, %c] : memref<16x512xf32>
      %y = arith.mulf %x, %k : f32
      %two = arith.constant 2.0 : f32
      %z = arith.addf %y, %two : f32
      affine.store %z, %dst[%r, %c] : memref<16x512xf32>
    }
  }
  return
}

// -----

// CHECK-LABEL: func.func @shift_left
// CHECK:         affine.for %{{.*}} = 1 to 100 {
// CHECK-NOT:       vector
// CHECK:         return
// A loop-carried memory dependence keeps the loop scalar.
func.func @shift_left(%a: memref<100xi32>) {
  affine.for %i = 1 to 100 {
    %x = affine.load %a[%i] : memref<100xi32>
    affine.store %x, %a[%i - 1] : memref<100xi32>
  }
  return
}

// -----

// CHECK: #[[$BCAST:.*]] = affine_map<(d0) -> (0)>
// CHECK-LABEL: func.func @splat_scalar
// CHECK:         %[[C3:.*]] = arith.constant 3 : index
// CHECK:         affine.for %[[I:.*]] = 0 to 256 step 64 {
// CHECK:           %[[V:.*]] = vector.transfer_read %{{.*}}[%[[C3]]], %{{.*}} {in_bounds = [true], permutation_map = #[[$BCAST]]} : memref<8xf32>, vector<64xf32>
// CHECK-NEXT:      vector.transfer_write %[[V]], %{{.*}}[%[[I]]] : vector<64xf32>, memref<256xf32>
// Accesses that only read the same element in every iteration broadcast it.
func.func @splat_scalar(%a: memref<8xf32>, %out: memref<256xf32>) {
  %c3 = arith.constant 3 : index
  affine.for %i = 0 to 256 {
    %x = affine.load %a[%c3] : memref<8xf32>
    affine.store %x, %out[%i] : memref<256xf32>
  }
  return
}

// -----

// CHECK-LABEL: func.func @even_odd
// CHECK:         affine.for %[[I:.*]] = 0 to 128 step 128 {
// CHECK:           %[[V:.*]] = vector.transfer_read %{{.*}}[%[[I]]], %{{.*}} : memref<130xf32>, vector<64xf32>
// CHECK-NEXT:      %[[J:.*]] = affine.apply #{{.*}}(%[[I]])
// CHECK-NEXT:      vector.transfer_write %[[V]], %{{.*}}[%[[J]]] : vector<64xf32>, memref<130xf32>
// Strided writes to alternating elements do not conflict with the reads.
func.func @even_odd(%a: memref<130xf32>) {
  affine.for %i = 0 to 128 step 2 {
    %x = affine.load %a[%i] : memref<130xf32>
    affine.store %x, %a[%i + 1] : memref<130xf32>
  }
  return
}

// -----

// CHECK-LABEL: func.func @offset_copy
// CHECK:         affine.for %[[I:.*]] = 0 to 256 step 64 {
// CHECK-NEXT:      %[[J:.*]] = affine.apply #{{.*}}(%[[I]])
// CHECK-NEXT:      %[[PAD:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:      %[[V:.*]] = vector.transfer_read %{{.*}}[%[[J]]], %[[PAD]] : memref<300xf32>, vector<64xf32>
// CHECK-NEXT:      vector.transfer_write %[[V]], %{{.*}}[%[[I]]] : vector<64xf32>, memref<300xf32>
// Index computations through affine.apply stay scalar inside the vector loop.
func.func @offset_copy(%a: memref<300xf32>, %b: memref<300xf32>) {
  affine.for %i = 0 to 256 {
    %j = affine.apply affine_map<(d0) -> (d0 + 7)>(%i)
    %x = affine.load %a[%j] : memref<300xf32>
    affine.store %x, %b[%i] : memref<300xf32>
  }
  return
}

// -----

// CHECK-LABEL: func.func @guarded
// CHECK:         affine.for %{{.*}} = 0 to 64 {
// CHECK-NEXT:      affine.if
// CHECK-NEXT:        affine.load
// CHECK-NEXT:        affine.store
// A loop nested under an affine.if is not vectorized, nor is a body with scf ops.
func.func @guarded(%a: memref<64xf32>, %n: index) {
  affine.for %i = 0 to 64 {
    affine.if affine_set<(d0)[s0] : (s0 - d0 - 1 >= 0)>(%i)[%n] {
      %x = affine.load %a[%i] : memref<64xf32>
      affine.store %x, %a[%i] : memref<64xf32>
    }
  }
  return
}
