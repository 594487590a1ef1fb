// RUN: pyopt %s --convert-vector-to-scf | filecheck %s

// A read whose map only broadcasts (every result the constant 0) reads one scalar: from a
// tensor with tensor.extract, from a memref with memref.load, then broadcasts it.

// CHECK-LABEL: func @from_tensor
//  CHECK-SAME:   (%[[T:.*]]: tensor<f16>)
//       CHECK:   %[[E:.*]] = tensor.extract %[[T]][] : tensor<f16>
//  CHECK-NEXT:   %[[B:.*]] = vector.broadcast %[[E]] : f16 to vector<4xf16>
//  CHECK-NEXT:   return %[[B]]
func.func @from_tensor(%t: tensor<f16>) -> vector<4xf16> {
  %pad = arith.constant 1.0 : f16
  %v = vector.transfer_read %t[], %pad {in_bounds = [true], permutation_map = affine_map<() -> (0)>} : tensor<f16>, vector<4xf16>
  return %v : vector<4xf16>
}

// CHECK-LABEL: func @from_memref
//  CHECK-SAME:   (%[[M:.*]]: memref<5xi32>, %[[I:.*]]: index)
//       CHECK:   %[[L:.*]] = memref.load %[[M]][%[[I]]] : memref<5xi32>
//  CHECK-NEXT:   %[[B:.*]] = vector.broadcast %[[L]] : i32 to vector<2x3xi32>
//  CHECK-NEXT:   return %[[B]]
func.func @from_memref(%m: memref<5xi32>, %i: index) -> vector<2x3xi32> {
  %pad = arith.constant 0 : i32
  %v = vector.transfer_read %m[%i], %pad {in_bounds = [true, true], permutation_map = affine_map<(d0) -> (0, 0)>} : memref<5xi32>, vector<2x3xi32>
  return %v : vector<2x3xi32>
}
