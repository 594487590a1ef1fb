// RUN: pyopt %s -canonicalize="test-convergence" -split-input-file | filecheck %s

// A tensor.cast that only erases static sizes folds into the read; the read then has
// static bounds and is found in bounds.
// CHECK-LABEL: func @read_through_cast
//  CHECK-SAME:   (%[[T:.*]]: tensor<2x16xi8>)
//       CHECK:   %[[R:.*]] = vector.transfer_read %[[T]][%{{.*}}, %{{.*}}], %{{.*}} {in_bounds = [true, true]} : tensor<2x16xi8>, vector<2x16xi8>
//   CHECK-NOT:   tensor.cast
//       CHECK:   return %[[R]]
func.func @read_through_cast(%t: tensor<2x16xi8>) -> vector<2x16xi8> {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 7 : i8
  %d = tensor.cast %t : tensor<2x16xi8> to tensor<?x16xi8>
  %v = vector.transfer_read %d[%c0, %c0], %pad : tensor<?x16xi8>, vector<2x16xi8>
  return %v : vector<2x16xi8>
}

// -----

// A cast that adds static information is not folded.
// CHECK-LABEL: func @read_through_refining_cast
//       CHECK:   %[[C:.*]] = tensor.cast
//       CHECK:   vector.transfer_read %[[C]]
func.func @read_through_refining_cast(%t: tensor<?x16xi8>) -> vector<2x16xi8> {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 7 : i8
  %d = tensor.cast %t : tensor<?x16xi8> to tensor<2x16xi8>
  %v = vector.transfer_read %d[%c0, %c0], %pad : tensor<2x16xi8>, vector<2x16xi8>
  return %v : vector<2x16xi8>
}

// -----

// A write covering a whole small tensor that is then sliced from 0 and inserted: the write
// goes into a slice of the destination instead.
// CHECK-LABEL: func @write_into_destination_slice
//  CHECK-SAME:   (%[[V:.*]]: vector<3x5xf32>, %[[SMALL:.*]]: tensor<3x5xf32>, %[[BIG:.*]]: tensor<10x20xf32>, %[[I:.*]]: index, %[[N:.*]]: index)
//       CHECK:   %[[S:.*]] = tensor.extract_slice %[[BIG]][2, %[[I]]] [3, %[[N]]] [1, 1] : tensor<10x20xf32> to tensor<3x?xf32>
//       CHECK:   %[[W:.*]] = vector.transfer_write %[[V]], %[[S]][%{{.*}}, %{{.*}}] {in_bounds = [true, false]} : vector<3x5xf32>, tensor<3x?xf32>
//       CHECK:   %[[R:.*]] = tensor.insert_slice %[[W]] into %[[BIG]][2, %[[I]]] [3, %[[N]]] [1, 1]
//       CHECK:   return %[[R]]
func.func @write_into_destination_slice(%v: vector<3x5xf32>, %small: tensor<3x5xf32>,
    %big: tensor<10x20xf32>, %i: index, %n: index) -> tensor<10x20xf32> {
  %c0 = arith.constant 0 : index
  %w = vector.transfer_write %v, %small[%c0, %c0] {in_bounds = [true, true]} : vector<3x5xf32>, tensor<3x5xf32>
  %e = tensor.extract_slice %w[0, 0] [3, %n] [1, 1] : tensor<3x5xf32> to tensor<3x?xf32>
  %r = tensor.insert_slice %e into %big[2, %i] [3, %n] [1, 1] : tensor<3x?xf32> into tensor<10x20xf32>
  return %r : tensor<10x20xf32>
}

// -----

// Not swapped: the slice starts inside the written tensor, the write is masked, or the
// write does not cover its tensor.
// CHECK-LABEL: func @no_swap
//       CHECK:   %[[W0:.*]] = vector.transfer_write %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] {in_bounds = [true, true]} : vector<3x5xf32>, tensor<3x5xf32>
//       CHECK:   tensor.extract_slice %[[W0]][1, 0]
//       CHECK:   %[[W1:.*]] = vector.transfer_write %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}} {in_bounds = [true, true]} : vector<3x5xf32>, tensor<3x5xf32>
//       CHECK:   tensor.extract_slice %[[W1]][0, 0]
//       CHECK:   %[[W2:.*]] = vector.transfer_write %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] {in_bounds = [true, true]} : vector<3x4xf32>, tensor<3x5xf32>
//       CHECK:   tensor.extract_slice %[[W2]][0, 0]
func.func @no_swap(%v: vector<3x5xf32>, %v4: vector<3x4xf32>, %m: vector<3x5xi1>, %small: tensor<3x5xf32>,
    %big: tensor<10x20xf32>) -> (tensor<10x20xf32>, tensor<10x20xf32>, tensor<10x20xf32>) {
  %c0 = arith.constant 0 : index
  %w0 = vector.transfer_write %v, %small[%c0, %c0] {in_bounds = [true, true]} : vector<3x5xf32>, tensor<3x5xf32>
  %e0 = tensor.extract_slice %w0[1, 0] [2, 5] [1, 1] : tensor<3x5xf32> to tensor<2x5xf32>
  %r0 = tensor.insert_slice %e0 into %big[0, 0] [2, 5] [1, 1] : tensor<2x5xf32> into tensor<10x20xf32>
  %w1 = vector.transfer_write %v, %small[%c0, %c0], %m {in_bounds = [true, true]} : vector<3x5xf32>, tensor<3x5xf32>
  %e1 = tensor.extract_slice %w1[0, 0] [2, 5] [1, 1] : tensor<3x5xf32> to tensor<2x5xf32>
  %r1 = tensor.insert_slice %e1 into %big[4, 4] [2, 5] [1, 1] : tensor<2x5xf32> into tensor<10x20xf32>
  %w2 = vector.transfer_write %v4, %small[%c0, %c0] {in_bounds = [true, true]} : vector<3x4xf32>, tensor<3x5xf32>
  %e2 = tensor.extract_slice %w2[0, 0] [3, 4] [1, 1] : tensor<3x5xf32> to tensor<3x4xf32>
  %r2 = tensor.insert_slice %e2 into %big[5, 5] [3, 4] [1, 1] : tensor<3x4xf32> into tensor<10x20xf32>
  return %r0, %r1, %r2 : tensor<10x20xf32>, tensor<10x20xf32>, tensor<10x20xf32>
}
