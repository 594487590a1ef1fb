// RUN: pyopt %s --affine-loop-unroll="unroll-factor=2" | filecheck %s
// RUN: pyopt %s --affine-loop-unroll="unroll-full" | filecheck %s --check-prefix=FULL

// 7 iterations by 2: a cleanup iteration at 6 (promoted, the IV becomes a constant), and a
// sum carried through both copies.
// CHECK-DAG: #[[BUMP:.*]] = affine_map<(d0) -> (d0 + 1)>
// CHECK-LABEL: func @sum
// CHECK:      %[[C6:.*]] = arith.constant 6 : index
// CHECK:      %[[R:.*]] = affine.for %[[I:.*]] = 0 to 6 step 2 iter_args(%[[A:.*]] = %{{.*}}) -> (index) {
// CHECK-NEXT:   %[[S0:.*]] = arith.addi %[[A]], %[[I]] : index
// CHECK-NEXT:   %[[I1:.*]] = affine.apply #[[BUMP]](%[[I]])
// CHECK-NEXT:   %[[S1:.*]] = arith.addi %[[S0]], %[[I1]] : index
// CHECK-NEXT:   affine.yield %[[S1]] : index
// CHECK-NEXT: }
// CHECK-NEXT: %[[LAST:.*]] = arith.addi %[[R]], %[[C6]] : index
// CHECK-NEXT: return %[[LAST]]
// FULL-LABEL: func @sum
// FULL-NOT: affine.for
// FULL-COUNT-7: arith.addi
func.func @sum(%x: index) -> index {
  %r = affine.for %i = 0 to 7 iter_args(%a = %x) -> index {
    %s = arith.addi %a, %i : index
    affine.yield %s : index
  }
  return %r : index
}
