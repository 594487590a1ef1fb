// RUN: pyopt %s --allow-unregistered-dialect --loop-invariant-subset-hoisting | filecheck %s

// A tensor carried through a loop only to have two disjoint slices read and written back
// (one at a constant offset with a dynamic size, one right after it) is carried as the
// two slices: the extractions move before the loop, the insertions after it.
// CHECK-LABEL: func @two_slices
// CHECK-SAME: (%[[T:[^:]*]]: tensor<?xf32>, %[[N:[^:]*]]: index
// CHECK: %[[B:.*]] = tensor.extract_slice %[[T]][%[[N]]] [4] [1]
// CHECK: %[[A:.*]] = tensor.extract_slice %[[T]][0] [%[[N]]] [1]
// CHECK: %[[R:.*]]:3 = scf.for {{.*}} iter_args(%[[X:.*]] = %[[T]], %[[HB:.*]] = %[[B]], %[[HA:.*]] = %[[A]])
// CHECK: %[[FA:.*]] = "work.f"(%[[HA]])
// CHECK: %[[FB:.*]] = "work.g"(%[[HB]])
// CHECK: scf.yield %[[X]], %[[FB]], %[[FA]]
// CHECK: %[[IA:.*]] = tensor.insert_slice %[[R]]#2 into %[[R]]#0[0] [%[[N]]] [1]
// CHECK: %[[IB:.*]] = tensor.insert_slice %[[R]]#1 into %[[IA]][%[[N]]] [4] [1]
// CHECK: return %[[IB]]
func.func @two_slices(%t: tensor<?xf32>, %n: index, %lb: index, %ub: index, %s: index) -> tensor<?xf32> {
  %r = scf.for %i = %lb to %ub step %s iter_args(%x = %t) -> (tensor<?xf32>) {
    %a = tensor.extract_slice %x[0] [%n] [1] : tensor<?xf32> to tensor<?xf32>
    %b = tensor.extract_slice %x[%n] [4] [1] : tensor<?xf32> to tensor<4xf32>
    %fa = "work.f"(%a) : (tensor<?xf32>) -> tensor<?xf32>
    %fb = "work.g"(%b) : (tensor<4xf32>) -> tensor<4xf32>
    %y = tensor.insert_slice %fb into %x[%n] [4] [1] : tensor<4xf32> into tensor<?xf32>
    %z = tensor.insert_slice %fa into %y[0] [%n] [1] : tensor<?xf32> into tensor<?xf32>
    scf.yield %z : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

// Overlapping slices ([0, n) and [n - 1, n + 3)) stay in the loop.
// CHECK-LABEL: func @overlap
// CHECK: scf.for
// CHECK: tensor.extract_slice
// CHECK: tensor.extract_slice
func.func @overlap(%t: tensor<?xf32>, %n: index, %lb: index, %ub: index, %s: index) -> tensor<?xf32> {
  %c1 = arith.constant 1 : index
  %m = arith.subi %n, %c1 : index
  %r = scf.for %i = %lb to %ub step %s iter_args(%x = %t) -> (tensor<?xf32>) {
    %a = tensor.extract_slice %x[0] [%n] [1] : tensor<?xf32> to tensor<?xf32>
    %b = tensor.extract_slice %x[%m] [4] [1] : tensor<?xf32> to tensor<4xf32>
    %fa = "work.f"(%a) : (tensor<?xf32>) -> tensor<?xf32>
    %fb = "work.g"(%b) : (tensor<4xf32>) -> tensor<4xf32>
    %y = tensor.insert_slice %fb into %x[%m] [4] [1] : tensor<4xf32> into tensor<?xf32>
    %z = tensor.insert_slice %fa into %y[0] [%n] [1] : tensor<?xf32> into tensor<?xf32>
    scf.yield %z : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}
