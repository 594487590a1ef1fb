// RUN: pyopt %s -pass-pipeline='builtin.module(func.func(affine-loop-fusion))' -split-input-file | filecheck %s

// -----

// Producer-consumer: the temporary shrinks to one element.
func.func @pointwise(%out: memref<8xf32>) {
  %tmp = memref.alloc() : memref<8xf32>
  %c = arith.constant 2.0 : f32
  affine.for %i = 0 to 8 {
    affine.store %c, %tmp[%i] : memref<8xf32>
  }
  affine.for %j = 0 to 8 {
    %v = affine.load %tmp[%j] : memref<8xf32>
    %w = arith.mulf %v, %v : f32
    affine.store %w, %out[%j] : memref<8xf32>
  }
  return
}

// CHECK-LABEL: func.func @pointwise
// CHECK:         %[[BUF:.*]] = memref.alloc() : memref<1xf32>
// CHECK:         affine.for %[[I:.*]] = 0 to 8 {
// CHECK-NEXT:      affine.store %{{.*}}, %[[BUF]][0] : memref<1xf32>
// CHECK-NEXT:      %[[V:.*]] = affine.load %[[BUF]][0] : memref<1xf32>
// CHECK-NEXT:      arith.mulf %[[V]], %[[V]] : f32
// CHECK-NEXT:      affine.store %{{.*}}, %{{.*}}[%[[I]]] : memref<8xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return

// -----


// A 2-d producer fused into the inner loop of a 2-d consumer.
func.func @nest2d(%out: memref<4x6xf32>) {
  %tmp = memref.alloc() : memref<4x6xf32>
  %c = arith.constant 1.0 : f32
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 6 {
      affine.store %c, %tmp[%i, %j] : memref<4x6xf32>
    }
  }
  affine.for %a = 0 to 4 {
    affine.for %b = 0 to 6 {
      %v = affine.load %tmp[%a, %b] : memref<4x6xf32>
      affine.store %v, %out[%a, %b] : memref<4x6xf32>
    }
  }
  return
}

// CHECK-LABEL: func.func @nest2d
// CHECK:         %[[BUF:.*]] = memref.alloc() : memref<1x1xf32>
// CHECK:         affine.for %{{.*}} = 0 to 4 {
// CHECK-NEXT:      affine.for %{{.*}} = 0 to 6 {
// CHECK-NEXT:        affine.store %{{.*}}, %[[BUF]][0, 0] : memref<1x1xf32>
// CHECK-NEXT:        affine.load %[[BUF]][0, 0] : memref<1x1xf32>
// CHECK-NEXT:        affine.store
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    return

// -----


// Siblings reading the same input fuse.
func.func @siblings(%in: memref<10xf32>, %o1: memref<10xf32>, %o2: memref<10xf32>) {
  affine.for %i = 0 to 10 {
    %v = affine.load %in[%i] : memref<10xf32>
    affine.store %v, %o1[%i] : memref<10xf32>
  }
  affine.for %j = 0 to 10 {
    %v = affine.load %in[%j] : memref<10xf32>
    %w = arith.addf %v, %v : f32
    affine.store %w, %o2[%j] : memref<10xf32>
  }
  return
}

// CHECK-LABEL: func.func @siblings
// CHECK:         affine.for %[[I:.*]] = 0 to 10 {
// CHECK-NEXT:      affine.load %{{.*}}[%[[I]]]
// CHECK-NEXT:      affine.store
// CHECK-NEXT:      affine.load %{{.*}}[%[[I]]]
// CHECK-NEXT:      arith.addf
// CHECK-NEXT:      affine.store
// CHECK-NEXT:    }
// CHECK-NEXT:    return

// -----


// A shifted read: the private buffer keeps two elements.
func.func @shifted(%out: memref<9xf32>) {
  %tmp = memref.alloc() : memref<10xf32>
  %c = arith.constant 3.0 : f32
  affine.for %i = 0 to 10 {
    affine.store %c, %tmp[%i] : memref<10xf32>
  }
  affine.for %j = 0 to 9 {
    %a = affine.load %tmp[%j] : memref<10xf32>
    %b = affine.load %tmp[%j + 1] : memref<10xf32>
    %s = arith.addf %a, %b : f32
    affine.store %s, %out[%j] : memref<9xf32>
  }
  return
}

// CHECK-DAG:   #[[ID:.*]] = affine_map<(d0) -> (d0)>
// CHECK-DAG:   #[[P2:.*]] = affine_map<(d0) -> (d0 + 2)>
// CHECK-LABEL: func.func @shifted
// CHECK:         %[[BUF:.*]] = memref.alloc() : memref<2xf32>
// CHECK:         affine.for %[[I:.*]] = 0 to 9 {
// CHECK-NEXT:      affine.for %[[K:.*]] = #[[ID]](%[[I]]) to #[[P2]](%[[I]]) {
// CHECK-NEXT:        affine.store %{{.*}}, %[[BUF]][-%[[I]] + %[[K]]] : memref<2xf32>
// CHECK-NEXT:      }
// CHECK-NEXT:      affine.load %[[BUF]][0] : memref<2xf32>
// CHECK-NEXT:      affine.apply
// CHECK-NEXT:      affine.load %[[BUF]][1] : memref<2xf32>
