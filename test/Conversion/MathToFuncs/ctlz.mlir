// RUN: pyopt %s --convert-math-to-funcs=convert-ctlz | filecheck %s
// RUN: pyopt %s --convert-math-to-funcs | filecheck %s --check-prefix=OFF

// With convert-ctlz, scalar and unrolled vector ctlz call one structured implementation.

// CHECK-LABEL: func.func @count
// CHECK-SAME: (%[[X:.*]]: i16, %[[V:.*]]: vector<2xi16>)
// CHECK-NEXT: %[[A:.*]] = call @__mlir_math_ctlz_i16(%[[X]]) : (i16) -> i16
// CHECK-NEXT: %[[Z:.*]] = arith.constant dense<0> : vector<2xi16>
// CHECK-NEXT: %[[E0:.*]] = vector.extract %[[V]][0] : i16 from vector<2xi16>
// CHECK-NEXT: %[[C0:.*]] = call @__mlir_math_ctlz_i16(%[[E0]]) : (i16) -> i16
// CHECK-NEXT: %[[I0:.*]] = vector.insert %[[C0]], %[[Z]] [0] : i16 into vector<2xi16>
// CHECK-NEXT: %[[E1:.*]] = vector.extract %[[V]][1] : i16 from vector<2xi16>
// CHECK-NEXT: %[[C1:.*]] = call @__mlir_math_ctlz_i16(%[[E1]]) : (i16) -> i16
// CHECK-NEXT: %[[I1:.*]] = vector.insert %[[C1]], %[[I0]] [1] : i16 into vector<2xi16>
// CHECK-NEXT: return %[[A]], %[[I1]] : i16, vector<2xi16>

// Zero has 16 leading zeros; otherwise shift left until the sign bit shows, counting.
// CHECK-LABEL: func.func private @__mlir_math_ctlz_i16
// CHECK-SAME: (%[[ARG:.*]]: i16) -> i16 attributes {llvm.linkage = #llvm.linkage<linkonce_odr>}
// CHECK-NEXT: %[[W:.*]] = arith.constant 16 : i16
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0 : i16
// CHECK-NEXT: %[[ISZ:.*]] = arith.cmpi eq, %[[ARG]], %[[ZERO]] : i16
// CHECK-NEXT: %[[OUT:.*]] = scf.if %[[ISZ]] -> (i16) {
// CHECK-NEXT: scf.yield %[[W]] : i16
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[ONEX:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : i16
// CHECK-NEXT: %[[WX:.*]] = arith.constant 16 : index
// CHECK-NEXT: %[[N0:.*]] = arith.constant 0 : i16
// CHECK-NEXT: %[[LOOP:.*]]:2 = scf.for %{{.*}} = %[[ONEX]] to %[[WX]] step %[[ONEX]] iter_args(%[[XI:.*]] = %[[ARG]], %[[NI:.*]] = %[[N0]]) -> (i16, i16) {
// CHECK-NEXT: %[[NEG:.*]] = arith.cmpi slt, %[[XI]], %[[ZERO]] : i16
// CHECK-NEXT: %[[NEXT:.*]]:2 = scf.if %[[NEG]] -> (i16, i16) {
// CHECK-NEXT: scf.yield %[[XI]], %[[NI]] : i16, i16
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[N1:.*]] = arith.addi %[[NI]], %[[ONE]] : i16
// CHECK-NEXT: %[[X1:.*]] = arith.shli %[[XI]], %[[ONE]] : i16
// CHECK-NEXT: scf.yield %[[X1]], %[[N1]] : i16, i16
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield %[[NEXT]]#0, %[[NEXT]]#1 : i16, i16
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield %[[LOOP]]#1 : i16
// CHECK-NEXT: }
// CHECK-NEXT: return %[[OUT]] : i16

// Without it, neither the scalar nor the vector op changes (the vector is not unrolled
// either, as its scalar pieces could not be converted).
// OFF-LABEL: func.func @count
// OFF-NEXT: math.ctlz %{{.*}} : i16
// OFF-NEXT: math.ctlz %{{.*}} : vector<2xi16>
// OFF-NOT: __mlir_math_ctlz
func.func @count(%x: i16, %v: vector<2xi16>) -> (i16, vector<2xi16>) {
  %a = math.ctlz %x : i16
  %b = math.ctlz %v : vector<2xi16>
  return %a, %b : i16, vector<2xi16>
}
