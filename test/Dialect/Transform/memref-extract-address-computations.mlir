// RUN: pyopt %s --transform-interpreter | filecheck %s

func.func @load(%m: memref<8x16xf32>, %i: index) -> f32 {
  %c2 = arith.constant 2 : index
  %0 = memref.load %m[%i, %c2] : memref<8x16xf32>
  return %0 : f32
}
func.func @zero(%m: memref<8x16xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %0 = memref.load %m[%c0, %c0] : memref<8x16xf32>
  return %0 : f32
}
func.func @write(%m: memref<?x16xf32>, %v: vector<4xf32>, %i: index) {
  %c3 = arith.constant 3 : index
  vector.transfer_write %v, %m[%i, %c3] {in_bounds = [true]} : vector<4xf32>, memref<?x16xf32>
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%m: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %m : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.memref.extract_address_computations
    } : !transform.any_op
    transform.yield
  }
}

// The address computation of an access moves into a subview read at index 0
// (outputs as mlir-opt-19's).
//       CHECK: #[[MAP:.*]] = affine_map<()[s0, s1] -> (s0 - s1)>
// CHECK-LABEL: func.func @load
//  CHECK-SAME:     (%[[M:.*]]: memref<8x16xf32>, %[[I:.*]]: index)
//       CHECK:   %[[C0:.*]] = arith.constant 0 : index
//       CHECK:   %[[V:.*]] = memref.subview %[[M]][%[[I]], 2] [1, 1] [1, 1] : memref<8x16xf32> to memref<1x1xf32, strided<[16, 1], offset: ?>>
//       CHECK:   memref.load %[[V]][%[[C0]], %[[C0]]]
// CHECK-LABEL: func.func @zero
//   CHECK-NOT:   memref.subview
// CHECK-LABEL: func.func @write
//  CHECK-SAME:     (%[[M:.*]]: memref<?x16xf32>, %[[X:.*]]: vector<4xf32>, %[[I:.*]]: index)
//       CHECK:   %[[C0:.*]] = arith.constant 0 : index
//       CHECK:   %{{.*}}, %{{.*}}, %[[SZ:.*]]:2, %{{.*}}:2 = memref.extract_strided_metadata %[[M]]
//       CHECK:   %[[D:.*]] = affine.apply #[[MAP]]()[%[[SZ]]#0, %[[I]]]
//       CHECK:   %[[V:.*]] = memref.subview %[[M]][%[[I]], 3] [%[[D]], 13] [1, 1] : memref<?x16xf32> to memref<?x13xf32, strided<[16, 1], offset: ?>>
//       CHECK:   vector.transfer_write %[[X]], %[[V]][%[[C0]], %[[C0]]] {in_bounds = [true]}
