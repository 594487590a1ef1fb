// RUN: not pyopt %s -affine-super-vectorize="virtual-vector-size=0" 2>&1 | filecheck %s --check-prefix=ZERO
// RUN: not pyopt %s -affine-super-vectorize="virtual-vector-size=4,4 vectorize-reductions=true" 2>&1 | filecheck %s --check-prefix=RED2D
// RUN: not pyopt %s -affine-super-vectorize="virtual-vector-size=4 test-fastest-varying=0,1" 2>&1 | filecheck %s --check-prefix=PATTERN

// ZERO: error: Vectorization factor must be greater than zero.
// RED2D: error: Vectorizing reductions is supported only for 1-D vectors.
// PATTERN: remark: Fastest varying pattern specified with different size than the vector size.
func.func @f(%a: memref<8xf32>) {
  affine.for %i = 0 to 8 {
    %v = affine.load %a[%i] : memref<8xf32>
    affine.store %v, %a[%i] : memref<8xf32>
  }
  return
}
