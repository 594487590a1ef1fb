// RUN: pyopt %s -affine-loop-invariant-code-motion | filecheck %s

// Invariant arithmetic, a load of a memref nobody in the loop writes and an affine.if whose
// body is invariant leave the loop; the store's memref keeps the inner loop and the load
// indexed by the IV where they are.

func.func @hoists(%buf: memref<16xf32>, %other: memref<16xf32>, %n: index) -> f32 {
  %c1 = arith.constant 1.0 : f32
  %init = arith.constant 0.0 : f32
  %r = affine.for %i = 0 to 16 iter_args(%acc = %init) -> f32 {
    %twice = arith.addf %c1, %c1 : f32
    %uses_iv = affine.load %buf[%i] : memref<16xf32>
    %fixed = affine.load %other[3] : memref<16xf32>
    %dep = arith.mulf %acc, %twice : f32
    affine.for %j = 0 to 8 {
      %k = arith.addf %fixed, %twice : f32
      affine.store %k, %buf[%j] : memref<16xf32>
    }
    affine.if affine_set<(d0) : (d0 - 4 >= 0)>(%n) {
      %m = arith.mulf %twice, %twice : f32
    }
    %s = arith.addf %dep, %uses_iv : f32
    affine.yield %s : f32
  }
  return %r : f32
}

// CHECK-LABEL: func.func @hoists
// CHECK-NEXT:    %[[ONE:.*]] = arith.constant 1.0
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0.0
// CHECK-NEXT:    %[[TWICE:.*]] = arith.addf %[[ONE]], %[[ONE]] : f32
// CHECK-NEXT:    %[[FIXED:.*]] = affine.load %arg1[3]
// CHECK-NEXT:    %[[K:.*]] = arith.addf %[[FIXED]], %[[TWICE]] : f32
// CHECK-NEXT:    affine.if
// CHECK-NEXT:      arith.mulf %[[TWICE]], %[[TWICE]]
// CHECK-NEXT:    }
// CHECK-NEXT:    affine.for %[[I:.*]] = 0 to 16 iter_args(%[[ACC:.*]] = %[[ZERO]])
// CHECK-NEXT:      %[[L:.*]] = affine.load %arg0[%[[I]]]
// CHECK-NEXT:      %[[D:.*]] = arith.mulf %[[ACC]], %[[TWICE]]
// CHECK-NEXT:      affine.for %[[J:.*]] = 0 to 8 {
// CHECK-NEXT:        affine.store %[[K]], %arg0[%[[J]]]
// CHECK-NEXT:      }
// CHECK-NEXT:      arith.addf %[[D]], %[[L]]
// CHECK-NEXT:      affine.yield
