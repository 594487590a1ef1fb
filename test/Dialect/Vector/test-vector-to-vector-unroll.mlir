// RUN: pyopt %s -test-vector-to-vector-lowering=unroll | filecheck %s

func.func @add_tiles(%a : vector<2x4xf32>, %b : vector<2x4xf32>) -> vector<2x4xf32> {
  %r = arith.addf %a, %b : vector<2x4xf32>
  return %r : vector<2x4xf32>
}
func.func @extract_of_bitcast(%v : vector<2xi32>) -> i16 {
  %b = vector.bitcast %v : vector<2xi32> to vector<4xi16>
  %e = vector.extract %b[3] : i16 from vector<4xi16>
  return %e : i16
}

// CHECK-LABEL: func.func @add_tiles(
// CHECK-NEXT: %[[Z:.*]] = arith.constant dense<0.000000e+00> : vector<2x4xf32>
// CHECK-NEXT: %[[A0:.*]] = vector.extract_strided_slice %arg0 {offsets = [0, 0], sizes = [2, 2], strides = [1, 1]} : vector<2x4xf32> to vector<2x2xf32>
// CHECK-NEXT: %[[B0:.*]] = vector.extract_strided_slice %arg1 {offsets = [0, 0], sizes = [2, 2], strides = [1, 1]}
// CHECK-NEXT: %[[S0:.*]] = arith.addf %[[A0]], %[[B0]] : vector<2x2xf32>
// CHECK-NEXT: %[[R0:.*]] = vector.insert_strided_slice %[[S0]], %[[Z]] {offsets = [0, 0], strides = [1, 1]}
// CHECK-NEXT: %[[A1:.*]] = vector.extract_strided_slice %arg0 {offsets = [0, 2], sizes = [2, 2], strides = [1, 1]}
// CHECK-NEXT: %[[B1:.*]] = vector.extract_strided_slice %arg1 {offsets = [0, 2], sizes = [2, 2], strides = [1, 1]}
// CHECK-NEXT: %[[S1:.*]] = arith.addf %[[A1]], %[[B1]] : vector<2x2xf32>
// CHECK-NEXT: vector.insert_strided_slice %[[S1]], %[[R0]] {offsets = [0, 2], strides = [1, 1]}
// CHECK-LABEL: func.func @extract_of_bitcast(
// CHECK-NEXT: %[[Z:.*]] = arith.constant dense<0> : vector<1xi32>
// CHECK-NEXT: %[[W:.*]] = vector.extract %arg0[1] : i32 from vector<2xi32>
// CHECK-NEXT: %[[P:.*]] = vector.insert %[[W]], %[[Z]] [0] : i32 into vector<1xi32>
// CHECK-NEXT: %[[C:.*]] = vector.bitcast %[[P]] : vector<1xi32> to vector<2xi16>
// CHECK-NEXT: vector.extract %[[C]][1] : i16 from vector<2xi16>
