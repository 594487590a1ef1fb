// RUN: pyopt %s --lower-vector-multi-reduction | filecheck %s
// RUN: pyopt %s --lower-vector-multi-reduction=lowering-strategy=inner-reduction | filecheck %s --check-prefix=INNER

// Rows combined elementwise after moving the reduced dimension outermost.
// CHECK-LABEL: func.func @rows
// CHECK:         %[[T:.*]] = vector.transpose %arg0, [1, 0] : vector<2x3xi32> to vector<3x2xi32>
// CHECK:         %[[R0:.*]] = vector.extract %[[T]][0] : vector<2xi32> from vector<3x2xi32>
// CHECK:         %[[A0:.*]] = arith.muli %[[R0]], %arg1 : vector<2xi32>
// CHECK:         %[[R2:.*]] = vector.extract %[[T]][2] : vector<2xi32> from vector<3x2xi32>
// CHECK:         %[[A2:.*]] = arith.muli %[[R2]], %{{.*}} : vector<2xi32>
// CHECK:         return %[[A2]]
// INNER-LABEL: func.func @rows
// INNER:         %[[R:.*]] = vector.reduction <mul>, %{{.*}}, %{{.*}} : vector<3xi32> into i32
// INNER:         vector.insertelement %[[R]], %{{.*}}[%{{.*}} : index] : vector<2xi32>
func.func @rows(%a: vector<2x3xi32>, %acc: vector<2xi32>) -> vector<2xi32> {
  %0 = vector.multi_reduction <mul>, %a, %acc [1] : vector<2x3xi32> to vector<2xi32>
  return %0 : vector<2xi32>
}

// Everything reduced: flattened, then widened to 1x6.
// CHECK-LABEL: func.func @total
// CHECK:         vector.shape_cast %arg0 : vector<2x3xf32> to vector<6xf32>
// CHECK:         vector.shape_cast %{{.*}} : vector<6xf32> to vector<1x6xf32>
// CHECK:         vector.broadcast %arg1 : f32 to vector<1xf32>
// CHECK:         arith.maxnumf
// CHECK:         %[[E:.*]] = vector.extract %{{.*}}[0] : f32 from vector<1xf32>
// CHECK:         return %[[E]] : f32
// INNER-LABEL: func.func @total
// INNER:         vector.reduction <maxnumf>, %{{.*}}, %{{.*}} : vector<6xf32> into f32
func.func @total(%a: vector<2x3xf32>, %acc: f32) -> f32 {
  %0 = vector.multi_reduction <maxnumf>, %a, %acc [0, 1] : vector<2x3xf32> to f32
  return %0 : f32
}

// Masked inner reductions keep one vector.mask per row.
// INNER-LABEL: func.func @masked
// INNER:         %[[M0:.*]] = vector.extract %arg2[0] : vector<4xi1> from vector<2x4xi1>
// INNER:         vector.mask %[[M0]] { vector.reduction <add>, %{{.*}}, %{{.*}} : vector<4xf32> into f32 } : vector<4xi1> -> f32
func.func @masked(%a: vector<2x4xf32>, %acc: vector<2xf32>, %m: vector<2x4xi1>) -> vector<2xf32> {
  %0 = vector.mask %m { vector.multi_reduction <add>, %a, %acc [1] : vector<2x4xf32> to vector<2xf32> } : vector<2x4xi1> -> vector<2xf32>
  return %0 : vector<2xf32>
}
