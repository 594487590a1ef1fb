// RUN: pyopt %s --test-compose-subview --split-input-file | filecheck %s

// Static: offsets 2 + 1*3 and 5 + 4*1, strides 3*2 and 1*1.
// CHECK-LABEL: func @static
// CHECK-NEXT: %[[V:.*]] = memref.subview %arg0[5, 9] [2, 4] [6, 1] : memref<16x16xf32> to memref<2x4xf32, strided<[96, 1], offset: 89>>
// CHECK-NEXT: return %[[V]]
func.func @static(%m: memref<16x16xf32>) -> memref<2x4xf32, strided<[96, 1], offset: 89>> {
  %a = memref.subview %m[2, 5] [4, 8] [3, 1] : memref<16x16xf32> to memref<4x8xf32, strided<[48, 1], offset: 37>>
  %b = memref.subview %a[1, 4] [2, 4] [2, 1] : memref<4x8xf32, strided<[48, 1], offset: 37>> to memref<2x4xf32, strided<[96, 1], offset: 89>>
  return %b : memref<2x4xf32, strided<[96, 1], offset: 89>>
}

// -----

// A dynamic offset goes through an affine.apply; with a constant operand it folds.
// CHECK-DAG: #[[MAP:.*]] = affine_map<()[s0, s1] -> (s0 + s1 * 3)>
// CHECK-LABEL: func @dynamic
// CHECK-SAME: (%[[M:.*]]: memref<16x16xf32>, %[[I:.*]]: index, %[[J:.*]]: index)
// CHECK: %[[OFF:.*]] = affine.apply #[[MAP]]()[%[[I]], %[[J]]]
// CHECK: memref.subview %[[M]][%[[OFF]], 0] [2, 2] [3, 1]
func.func @dynamic(%m: memref<16x16xf32>, %i: index, %j: index) -> memref<2x2xf32, strided<[48, 1], offset: ?>> {
  %a = memref.subview %m[%i, 0] [4, 8] [3, 1] : memref<16x16xf32> to memref<4x8xf32, strided<[48, 1], offset: ?>>
  %b = memref.subview %a[%j, 0] [2, 2] [1, 1] : memref<4x8xf32, strided<[48, 1], offset: ?>> to memref<2x2xf32, strided<[48, 1], offset: ?>>
  return %b : memref<2x2xf32, strided<[48, 1], offset: ?>>
}
