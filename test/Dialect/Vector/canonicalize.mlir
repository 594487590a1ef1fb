// Vector folders and patterns: splats of constants become dense constants, identity
// transposes/casts disappear, transposes compose, extracts look through broadcasts and
// constants. Expected output is mlir-opt 19's.
// RUN: pyopt %s -canonicalize | filecheck %s

// CHECK-LABEL: func.func @splat_of_constant
// CHECK-NEXT: %[[C:.*]] = arith.constant dense<7> : vector<3xi16>
// CHECK-NEXT: return %[[C]]
func.func @splat_of_constant() -> vector<3xi16> {
  %c = arith.constant 7 : i16
  %s = vector.splat %c : vector<3xi16>
  return %s : vector<3xi16>
}

// CHECK-LABEL: func.func @identity_casts
// CHECK-SAME: (%[[V:.*]]: vector<2x3xf32>)
// CHECK-NEXT: return %[[V]], %[[V]] : vector<2x3xf32>, vector<2x3xf32>
func.func @identity_casts(%v: vector<2x3xf32>) -> (vector<2x3xf32>, vector<2x3xf32>) {
  %0 = vector.transpose %v, [0, 1] : vector<2x3xf32> to vector<2x3xf32>
  %1 = vector.shape_cast %v : vector<2x3xf32> to vector<6xf32>
  %2 = vector.shape_cast %1 : vector<6xf32> to vector<2x3xf32>
  return %0, %2 : vector<2x3xf32>, vector<2x3xf32>
}

// CHECK-LABEL: func.func @composed_transpose
// CHECK-NEXT: %[[T:.*]] = vector.transpose %{{.*}}, [2, 0, 1] : vector<2x3x4xi8> to vector<4x2x3xi8>
// CHECK-NEXT: return %[[T]]
func.func @composed_transpose(%v: vector<2x3x4xi8>) -> vector<4x2x3xi8> {
  %0 = vector.transpose %v, [1, 2, 0] : vector<2x3x4xi8> to vector<3x4x2xi8>
  %1 = vector.transpose %0, [2, 0, 1] : vector<3x4x2xi8> to vector<2x3x4xi8>
  %2 = vector.transpose %1, [2, 0, 1] : vector<2x3x4xi8> to vector<4x2x3xi8>
  return %2 : vector<4x2x3xi8>
}

// CHECK-LABEL: func.func @extract_through_broadcast
// CHECK-SAME: (%[[X:.*]]: f64, %[[Y:.*]]: vector<5xf64>)
// CHECK-NEXT: %[[B:.*]] = vector.broadcast %[[X]] : f64 to vector<5xf64>
// CHECK-NEXT: return %[[X]], %[[B]], %[[Y]] : f64, vector<5xf64>, vector<5xf64>
func.func @extract_through_broadcast(%x: f64, %y: vector<5xf64>) -> (f64, vector<5xf64>, vector<5xf64>) {
  %b = vector.broadcast %x : f64 to vector<2x5xf64>
  %0 = vector.extract %b[1, 4] : f64 from vector<2x5xf64>
  %1 = vector.extract %b[0] : vector<5xf64> from vector<2x5xf64>
  %c = vector.broadcast %y : vector<5xf64> to vector<3x5xf64>
  %2 = vector.extract %c[2] : vector<5xf64> from vector<3x5xf64>
  return %0, %1, %2 : f64, vector<5xf64>, vector<5xf64>
}

// CHECK-LABEL: func.func @extract_of_constant
// CHECK-DAG: %[[A:.*]] = arith.constant dense<[3, 4]> : vector<2xi32>
// CHECK-DAG: %[[B:.*]] = arith.constant 2 : i32
// CHECK: return %[[A]], %[[B]]
func.func @extract_of_constant() -> (vector<2xi32>, i32) {
  %c = arith.constant dense<[[1, 2], [3, 4]]> : vector<2x2xi32>
  %0 = vector.extract %c[1] : vector<2xi32> from vector<2x2xi32>
  %1 = vector.extract %c[0, 1] : i32 from vector<2x2xi32>
  return %0, %1 : vector<2xi32>, i32
}

// CHECK-LABEL: func.func @step_constant
// CHECK-NEXT: %[[C:.*]] = arith.constant dense<[0, 1, 2, 3]> : vector<4xindex>
func.func @step_constant() -> vector<4xindex> {
  %0 = vector.step : vector<4xindex>
  return %0 : vector<4xindex>
}
