// RUN: pyopt %s --transform-interpreter | filecheck %s

// rank_reducing_subview_patterns: in-bounds transfers at index 0 of memrefs with unit dims
// go through a rank-reducing subview; the vector (and a create_mask whose unit dims are the
// constant 1) lose their non-scalable unit dims.

// All dims unit: a 0-D transfer.
// CHECK-LABEL: func.func @all_unit(
//       CHECK:   %[[SV:.*]] = memref.subview %{{.*}}[0, 0] [1, 1] [1, 1] : memref<1x1xf32> to memref<f32>
//       CHECK:   %[[R:.*]] = vector.transfer_read %[[SV]][], %{{.*}} : memref<f32>, vector<f32>
//       CHECK:   vector.shape_cast %[[R]] : vector<f32> to vector<1x1xf32>

// A dynamic dim and a strided layout; the mask is reduced too.
// CHECK-LABEL: func.func @dyn(
//  CHECK-SAME:   %[[A:.*]]: memref<1x?x1x8xf32, strided<[?, 8, 8, 1], offset: ?>>, %[[N:.*]]: index, %[[V:.*]]: vector<1x4x1x8xf32>)
//       CHECK:   %[[M:.*]] = vector.create_mask %[[N]], %[[N]] : vector<4x8xi1>
//       CHECK:   %[[D:.*]] = memref.dim %[[A]], %{{.*}}
//       CHECK:   %[[SV:.*]] = memref.subview %[[A]][0, 0, 0, 0] [1, %[[D]], 1, 8] [1, 1, 1, 1] : {{.*}} to memref<?x8xf32, #{{.*}}>
//       CHECK:   %[[SC:.*]] = vector.shape_cast %[[V]] : vector<1x4x1x8xf32> to vector<4x8xf32>
//       CHECK:   vector.transfer_write %[[SC]], %[[SV]][%{{.*}}, %{{.*}}], %[[M]] {in_bounds = [true, true]}

// Left alone: a mask not 1 on a unit dim, a non-zero index.
// CHECK-LABEL: func.func @bad_mask(
//   CHECK-NOT:   memref.subview
// CHECK-LABEL: func.func @nonzero(
//   CHECK-NOT:   memref.subview

// A scalable dim is kept.
// CHECK-LABEL: func.func @scalable(
//       CHECK:   vector.transfer_read {{.*}} : memref<?xf32, strided<[1]>>, vector<[4]xf32>

// A read feeding a write: the shape_casts between them cancel.
// CHECK-LABEL: func.func @chain(
//       CHECK:   %[[R:.*]] = vector.transfer_read {{.*}} : memref<8xf32, strided<[1]>>, vector<8xf32>
//   CHECK-NOT:   vector.shape_cast
//       CHECK:   vector.transfer_write %[[R]]

func.func @all_unit(%A: memref<1x1xf32>) -> vector<1x1xf32> {
  %c0 = arith.constant 0 : index
  %f0 = arith.constant 0.0 : f32
  %v = vector.transfer_read %A[%c0, %c0], %f0 {in_bounds = [true, true]} : memref<1x1xf32>, vector<1x1xf32>
  return %v : vector<1x1xf32>
}
func.func @dyn(%A: memref<1x?x1x8xf32, strided<[?, 8, 8, 1], offset: ?>>, %n: index, %v: vector<1x4x1x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = vector.create_mask %c1, %n, %c1, %n : vector<1x4x1x8xi1>
  vector.transfer_write %v, %A[%c0, %c0, %c0, %c0], %m {in_bounds = [true, true, true, true]} : vector<1x4x1x8xf32>, memref<1x?x1x8xf32, strided<[?, 8, 8, 1], offset: ?>>
  return
}
func.func @bad_mask(%A: memref<1x8xf32>, %n: index) -> vector<1x8xf32> {
  %c0 = arith.constant 0 : index
  %f0 = arith.constant 0.0 : f32
  %m = vector.create_mask %n, %n : vector<1x8xi1>
  %v = vector.transfer_read %A[%c0, %c0], %f0, %m {in_bounds = [true, true]} : memref<1x8xf32>, vector<1x8xf32>
  return %v : vector<1x8xf32>
}
func.func @nonzero(%A: memref<1x8xf32>, %i: index) -> vector<1x4xf32> {
  %c0 = arith.constant 0 : index
  %f0 = arith.constant 0.0 : f32
  %v = vector.transfer_read %A[%c0, %i], %f0 {in_bounds = [true, true]} : memref<1x8xf32>, vector<1x4xf32>
  return %v : vector<1x4xf32>
}
func.func @scalable(%A: memref<1x?xf32>) -> vector<1x[4]xf32> {
  %c0 = arith.constant 0 : index
  %f0 = arith.constant 0.0 : f32
  %v = vector.transfer_read %A[%c0, %c0], %f0 {in_bounds = [true, true]} : memref<1x?xf32>, vector<1x[4]xf32>
  return %v : vector<1x[4]xf32>
}
func.func @chain(%A: memref<1x8xf32>, %B: memref<1x8xf32>) {
  %c0 = arith.constant 0 : index
  %f0 = arith.constant 0.0 : f32
  %v = vector.transfer_read %A[%c0, %c0], %f0 {in_bounds = [true, true]} : memref<1x8xf32>, vector<1x8xf32>
  vector.transfer_write %v, %B[%c0, %c0] {in_bounds = [true, true]} : vector<1x8xf32>, memref<1x8xf32>
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%m: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %m : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.rank_reducing_subview_patterns
    } : !transform.any_op
    transform.yield
  }
}
