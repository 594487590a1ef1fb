// RUN: pyopt %s --test-vector-gather-lowering | filecheck %s

// One guarded scalar read per lane, each updating the vector built so far.
// CHECK: %[[IDX:.*]] = arith.index_cast %arg1 : vector<2xi32> to vector<2xindex>
// CHECK: %[[M0:.*]] = vector.extract %arg2[0] : i1 from vector<2xi1>
// CHECK: %[[I0:.*]] = vector.extract %[[IDX]][0] : index from vector<2xindex>
// CHECK: %[[O0:.*]] = arith.addi %[[I0]], %c1 : index
// CHECK: %[[R0:.*]] = scf.if %[[M0]] -> (vector<2xf32>) {
// CHECK-NEXT: %[[X:.*]] = tensor.extract %arg0[%[[O0]]] : tensor<8xf32>
// CHECK-NEXT: %[[V:.*]] = vector.insert %[[X]], %arg3 [0]
// CHECK-NEXT: scf.yield %[[V]]
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg3
// CHECK: vector.insert %{{.*}}, %[[R0]] [1]
func.func @from_tensor(%t: tensor<8xf32>, %i: vector<2xi32>, %m: vector<2xi1>, %p: vector<2xf32>) -> vector<2xf32> {
  %c1 = arith.constant 1 : index
  %r = vector.gather %t[%c1][%i], %m, %p : tensor<8xf32>, vector<2xi32>, vector<2xi1>, vector<2xf32> into vector<2xf32>
  return %r : vector<2xf32>
}
