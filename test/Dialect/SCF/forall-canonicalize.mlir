// RUN: pyopt %s -split-input-file -allow-unregistered-dialect -canonicalize | filecheck %s

// Every dimension runs once: the body is inlined at the lower bounds and its
// parallel write becomes a tensor.insert_slice.
// CHECK-LABEL: func.func @single_iteration
//  CHECK-SAME:     (%[[T:.*]]: tensor<4x8xf32>, %[[S:.*]]: tensor<2x8xf32>)
//   CHECK-DAG:   %[[C0:.*]] = arith.constant 0 : index
//   CHECK-DAG:   %[[C2:.*]] = arith.constant 2 : index
//       CHECK:   %[[X:.*]] = "test.use"(%[[C0]], %[[C2]])
//       CHECK:   %[[R:.*]] = tensor.insert_slice %[[S]] into %[[T]][%[[X]], 0] [2, 8] [1, 1]
//       CHECK:   return %[[R]]
func.func @single_iteration(%t: tensor<4x8xf32>, %s: tensor<2x8xf32>) -> tensor<4x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.forall (%i, %j) = (%c0, 2) to (%c1, 3) step (%c1, 1) shared_outs(%o = %t) -> (tensor<4x8xf32>) {
    %x = "test.use"(%i, %j) : (index, index) -> index
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%x, 0] [2, 8] [1, 1] : tensor<2x8xf32> into tensor<4x8xf32>
    }
  }
  return %r : tensor<4x8xf32>
}

// -----

// A zero-trip dimension: the loop is its outputs.
// CHECK-LABEL: func.func @zero_trip
//  CHECK-SAME:     (%[[T:.*]]: tensor<4x8xf32>
//   CHECK-NOT:   scf.forall
//       CHECK:   return %[[T]]
func.func @zero_trip(%t: tensor<4x8xf32>, %n: index) -> tensor<4x8xf32> {
  %r = scf.forall (%i, %j) in (%n, 0) shared_outs(%o = %t) -> (tensor<4x8xf32>) {
    "test.use"(%i) : (index) -> ()
  }
  return %r : tensor<4x8xf32>
}

// -----

// Constant bounds become static, the single-iteration dimension goes (its iv is
// the lower bound), the unused shared output is dropped (with the discardable
// attributes, as 19 does), the dim reads the init.
// CHECK-LABEL: func.func @partial
//  CHECK-SAME:     (%[[T:.*]]: tensor<?x8xf32>, %[[N:.*]]: index)
//   CHECK-DAG:   %[[C0:.*]] = arith.constant 0 : index
//   CHECK-DAG:   %[[C3:.*]] = arith.constant 3 : index
//       CHECK:   scf.forall (%[[I:.*]], %[[K:.*]]) = (0, 0) to (%[[N]], 4) step (1, 2) {
//       CHECK:     "test.use"(%[[I]], %[[C3]], %[[K]])
//   CHECK-NOT:   some.attr
//       CHECK:   %[[D:.*]] = tensor.dim %[[T]], %[[C0]]
//       CHECK:   return %[[D]]
func.func @partial(%t: tensor<?x8xf32>, %n: index) -> index {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = scf.forall (%i, %j, %k) = (0, 3, 0) to (%n, 4, %c4) step (%c1, 1, 2) shared_outs(%o = %t) -> (tensor<?x8xf32>) {
    "test.use"(%i, %j, %k) : (index, index, index) -> ()
  } {some.attr}
  %c0 = arith.constant 0 : index
  %d = tensor.dim %r, %c0 : tensor<?x8xf32>
  return %d : index
}

// -----

// A tensor.cast losing static sizes before a shared output is folded into the loop.
// CHECK-LABEL: func.func @cast_into_outputs
//  CHECK-SAME:     (%[[A:.*]]: tensor<2xi32>)
//       CHECK:   %[[R:.*]] = scf.forall (%{{.*}}) in (2) shared_outs(%[[O:.*]] = %[[A]]) -> (tensor<2xi32>)
//       CHECK:     tensor.parallel_insert_slice %{{.*}} into %[[O]][%{{.*}}] [1] [1] : tensor<1xi32> into tensor<2xi32>
//       CHECK:   return %[[R]] : tensor<2xi32>
func.func @cast_into_outputs(%a: tensor<2xi32>) -> tensor<2xi32> {
  %c = arith.constant dense<7> : tensor<1xi32>
  %cast = tensor.cast %a : tensor<2xi32> to tensor<?xi32>
  %r = scf.forall (%i) in (2) shared_outs(%o = %cast) -> (tensor<?xi32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %c into %o[%i] [1] [1] : tensor<1xi32> into tensor<?xi32>
    }
  }
  %back = tensor.cast %r : tensor<?xi32> to tensor<2xi32>
  return %back : tensor<2xi32>
}
