// RUN: pyopt %s --test-affine-data-copy=memref-filter | filecheck %s --check-prefix=FILTER
// RUN: pyopt %s --test-affine-data-copy=for-memref-region | filecheck %s --check-prefix=REGION

// Only the memref of the first load of the innermost loop (%x) gets a buffer.
func.func @scale(%x: memref<8x8xf32>, %y: memref<8x8xf32>) {
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %a = affine.load %x[%i, %j] : memref<8x8xf32>
      %b = affine.load %y[%j, %i] : memref<8x8xf32>
      %c = arith.mulf %a, %b : f32
      affine.store %c, %y[%j, %i] : memref<8x8xf32>
    }
  }
  return
}

// The copy is placed inside the outer loop, one row at a time.
// FILTER-LABEL: func @scale
// FILTER:       affine.for %[[I:.*]] = 0 to 8 {
// FILTER:         %[[ROW:.*]] = memref.alloc() : memref<1x8xf32>
// FILTER-NEXT:    affine.for %[[J:.*]] = 0 to 8 {
// FILTER-NEXT:      %[[V:.*]] = affine.load %arg0[%[[I]], %[[J]]]
// FILTER-NEXT:      affine.store %[[V]], %[[ROW]][0, %[[J]]] : memref<1x8xf32>
// FILTER:         affine.load %[[ROW]][0, %{{.*}}] : memref<1x8xf32>
// FILTER-NEXT:    affine.load %arg1[
// FILTER:         memref.dealloc %[[ROW]]
// FILTER-NOT:   memref.alloc

// For the whole-nest region the buffer covers all of %x and the copy precedes the nest.
// REGION-LABEL: func @scale
// REGION:       %[[ALL:.*]] = memref.alloc() : memref<8x8xf32>
// REGION:       affine.store %{{.*}}, %[[ALL]][%{{.*}}, %{{.*}}] : memref<8x8xf32>
// REGION:       affine.load %[[ALL]][%{{.*}}, %{{.*}}] : memref<8x8xf32>
// REGION:       memref.dealloc %[[ALL]]
