// RUN: pyopt %s --transform-interpreter | filecheck %s

// lower_gather (the patterns of -test-vector-gather-lowering): n-D gathers are split along
// their leading dim; a gather from a row-strided view reads the collapsed memref with scaled
// indices; a 1-D gather becomes one guarded scalar load per lane.

// CHECK-LABEL: func.func @g1(
//  CHECK-SAME:   %[[B:.*]]: memref<?xf32>, %[[V:.*]]: vector<4xindex>, %[[M:.*]]: vector<4xi1>, %[[P:.*]]: vector<4xf32>)
//       CHECK:   %[[M0:.*]] = vector.extract %[[M]][0] : i1 from vector<4xi1>
//       CHECK:   %[[I0:.*]] = vector.extract %[[V]][0] : index from vector<4xindex>
//       CHECK:   %[[R0:.*]] = scf.if %[[M0]] -> (vector<4xf32>) {
//       CHECK:     %[[L:.*]] = vector.load %[[B]][%[[I0]]] : memref<?xf32>, vector<1xf32>
//       CHECK:     %[[E:.*]] = vector.extract %[[L]][0] : f32 from vector<1xf32>
//       CHECK:     %[[U:.*]] = vector.insert %[[E]], %[[P]] [0] : f32 into vector<4xf32>
//       CHECK:     scf.yield %[[U]]
//       CHECK:   } else {
//       CHECK:     scf.yield %[[P]]
//       CHECK:   }
// CHECK-COUNT-3:   scf.if
//   CHECK-NOT:   vector.gather

// CHECK-LABEL: func.func @g2d(
//       CHECK:   vector.extract %{{.*}}[0] : vector<3xf32> from vector<2x3xf32>
//       CHECK:   vector.extract %{{.*}}[0, 0] : i1 from vector<2x3xi1>
// CHECK-COUNT-5:   scf.if
//       CHECK:   vector.insert %{{.*}}, %{{.*}} [1] : vector<3xf32> into vector<2x3xf32>
//   CHECK-NOT:   vector.gather

// CHECK-LABEL: func.func @strided(
//       CHECK:   memref.collapse_shape
//       CHECK:   arith.muli %{{.*}}, %{{.*}} : vector<4xindex>
//   CHECK-NOT:   vector.gather

// CHECK-LABEL: func.func @tensor(
//       CHECK:   tensor.extract
//   CHECK-NOT:   vector.gather

func.func @g1(%base: memref<?xf32>, %v: vector<4xindex>, %m: vector<4xi1>, %p: vector<4xf32>) -> vector<4xf32> {
  %c0 = arith.constant 0 : index
  %0 = vector.gather %base[%c0][%v], %m, %p : memref<?xf32>, vector<4xindex>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  return %0 : vector<4xf32>
}
func.func @g2d(%base: memref<?xf32>, %v: vector<2x3xindex>, %m: vector<2x3xi1>, %p: vector<2x3xf32>) -> vector<2x3xf32> {
  %c0 = arith.constant 0 : index
  %0 = vector.gather %base[%c0][%v], %m, %p : memref<?xf32>, vector<2x3xindex>, vector<2x3xi1>, vector<2x3xf32> into vector<2x3xf32>
  return %0 : vector<2x3xf32>
}
func.func @strided(%base: memref<100x3xf32>, %v: vector<4xindex>, %m: vector<4xi1>, %p: vector<4xf32>) -> vector<4xf32> {
  %c0 = arith.constant 0 : index
  %sv = memref.subview %base[0, 0][100, 1][1, 1] : memref<100x3xf32> to memref<100xf32, strided<[3]>>
  %0 = vector.gather %sv[%c0][%v], %m, %p : memref<100xf32, strided<[3]>>, vector<4xindex>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  return %0 : vector<4xf32>
}
func.func @tensor(%t: tensor<8xf32>, %i: vector<2xi32>, %m: vector<2xi1>, %p: vector<2xf32>) -> vector<2xf32> {
  %c1 = arith.constant 1 : index
  %r = vector.gather %t[%c1][%i], %m, %p : tensor<8xf32>, vector<2xi32>, vector<2xi1>, vector<2xf32> into vector<2xf32>
  return %r : vector<2xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%m: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %m : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.lower_gather
    } : !transform.any_op
    transform.yield
  }
}
