// RUN: pyopt %s -test-vector-extract-strided-slice-lowering -test-vector-break-down-bitcast | filecheck %s

func.func @slice(%v : vector<8xi16>) -> vector<3xi16> {
  %s = vector.extract_strided_slice %v {offsets = [1], sizes = [3], strides = [1]} : vector<8xi16> to vector<3xi16>
  return %s : vector<3xi16>
}
func.func @bc(%v : vector<8xi32>) -> vector<4xi64> {
  %b = vector.bitcast %v : vector<8xi32> to vector<4xi64>
  return %b : vector<4xi64>
}

// CHECK-LABEL: func.func @slice(
// CHECK-NEXT: %[[Z:.*]] = arith.constant dense<0> : vector<3xi16>
// CHECK-NEXT: %[[A:.*]] = vector.extract %arg0[1] : i16 from vector<8xi16>
// CHECK-NEXT: %[[B:.*]] = vector.extract %arg0[2] : i16 from vector<8xi16>
// CHECK-NEXT: %[[C:.*]] = vector.extract %arg0[3] : i16 from vector<8xi16>
// CHECK-NEXT: %[[R0:.*]] = vector.insert %[[A]], %[[Z]] [0] : i16 into vector<3xi16>
// CHECK-NEXT: %[[R1:.*]] = vector.insert %[[B]], %[[R0]] [1] : i16 into vector<3xi16>
// CHECK-NEXT: vector.insert %[[C]], %[[R1]] [2] : i16 into vector<3xi16>
// CHECK-LABEL: func.func @bc(
// CHECK-NEXT: %[[Z:.*]] = arith.constant dense<0> : vector<4xi64>
// CHECK-NEXT: %[[L:.*]] = vector.extract_strided_slice %arg0 {offsets = [0], sizes = [4], strides = [1]} : vector<8xi32> to vector<4xi32>
// CHECK-NEXT: %[[LB:.*]] = vector.bitcast %[[L]] : vector<4xi32> to vector<2xi64>
// CHECK-NEXT: %[[R:.*]] = vector.insert_strided_slice %[[LB]], %[[Z]] {offsets = [0], strides = [1]} : vector<2xi64> into vector<4xi64>
// CHECK-NEXT: %[[H:.*]] = vector.extract_strided_slice %arg0 {offsets = [4], sizes = [4], strides = [1]}
// CHECK-NEXT: %[[HB:.*]] = vector.bitcast %[[H]] : vector<4xi32> to vector<2xi64>
// CHECK-NEXT: vector.insert_strided_slice %[[HB]], %[[R]] {offsets = [2], strides = [1]}
