// RUN: pyopt %s -test-vector-scan-lowering -test-vector-emulate-masked-load-store | filecheck %s

func.func @scan_add(%v : vector<3xi32>, %init : vector<i32>) -> (vector<3xi32>, vector<i32>) {
  %d, %a = vector.scan <add>, %v, %init {inclusive = true, reduction_dim = 0} : vector<3xi32>, vector<i32>
  return %d, %a : vector<3xi32>, vector<i32>
}
func.func @mload(%m : memref<8xf32>, %i : index, %mask : vector<2xi1>, %p : vector<2xf32>) -> vector<2xf32> {
  %r = vector.maskedload %m[%i], %mask, %p : memref<8xf32>, vector<2xi1>, vector<2xf32> into vector<2xf32>
  return %r : vector<2xf32>
}

// CHECK-LABEL: func.func @scan_add(
// CHECK-NEXT: %[[Z:.*]] = arith.constant dense<0> : vector<3xi32>
// CHECK-NEXT: %[[E0:.*]] = vector.extract_strided_slice %arg0 {offsets = [0], sizes = [1], strides = [1]} : vector<3xi32> to vector<1xi32>
// CHECK-NEXT: %[[R0:.*]] = vector.insert_strided_slice %[[E0]], %[[Z]] {offsets = [0], strides = [1]}
// CHECK-NEXT: %[[E1:.*]] = vector.extract_strided_slice %arg0 {offsets = [1], sizes = [1], strides = [1]}
// CHECK-NEXT: %[[S1:.*]] = arith.addi %[[E0]], %[[E1]] : vector<1xi32>
// CHECK-NEXT: %[[R1:.*]] = vector.insert_strided_slice %[[S1]], %[[R0]] {offsets = [1], strides = [1]}
// CHECK-NEXT: %[[E2:.*]] = vector.extract_strided_slice %arg0 {offsets = [2], sizes = [1], strides = [1]}
// CHECK-NEXT: %[[S2:.*]] = arith.addi %[[S1]], %[[E2]] : vector<1xi32>
// CHECK-NEXT: %[[R2:.*]] = vector.insert_strided_slice %[[S2]], %[[R1]] {offsets = [2], strides = [1]}
// CHECK-NEXT: %[[X:.*]] = vector.extract %[[S2]][0] : i32 from vector<1xi32>
// CHECK-NEXT: %[[A:.*]] = vector.broadcast %[[X]] : i32 to vector<i32>
// CHECK-NEXT: return %[[R2]], %[[A]]
// CHECK-LABEL: func.func @mload(
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[B0:.*]] = vector.extract %arg2[0] : i1 from vector<2xi1>
// CHECK-NEXT: %[[V0:.*]] = scf.if %[[B0]] -> (vector<2xf32>) {
// CHECK-NEXT: %[[L:.*]] = memref.load %arg0[%arg1] : memref<8xf32>
// CHECK-NEXT: %[[I:.*]] = vector.insert %[[L]], %arg3 [0] : f32 into vector<2xf32>
// CHECK-NEXT: scf.yield %[[I]] : vector<2xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg3 : vector<2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %[[N:.*]] = arith.addi %arg1, %[[ONE]] : index
// CHECK-NEXT: %[[B1:.*]] = vector.extract %arg2[1] : i1 from vector<2xi1>
// CHECK-NEXT: scf.if %[[B1]] -> (vector<2xf32>) {
// CHECK-NEXT: memref.load %arg0[%[[N]]] : memref<8xf32>
