// RUN: pyopt %s --split-input-file --canonicalize | filecheck %s

// Static extents and constant indices fold into tensor.dim / tensor.rank.
// CHECK-LABEL: func @dims
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK: return %[[C3]], %[[N:.*]], %[[C2]]
func.func @dims(%n: index) -> (index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e = tensor.empty(%n) : tensor<3x?xf32>
  %a = tensor.dim %e, %c0 : tensor<3x?xf32>
  %b = tensor.dim %e, %c1 : tensor<3x?xf32>
  %r = tensor.rank %e : tensor<3x?xf32>
  return %a, %b, %r : index, index, index
}

// -----

// A constant size makes the empty tensor's dimension static (a cast keeps the old type).
// CHECK-LABEL: func @empty_static
// CHECK: %[[E:.*]] = tensor.empty() : tensor<4x8xf32>
// CHECK: %[[C:.*]] = tensor.cast %[[E]] : tensor<4x8xf32> to tensor<4x?xf32>
// CHECK: return %[[C]]
func.func @empty_static() -> tensor<4x?xf32> {
  %c8 = arith.constant 8 : index
  %e = tensor.empty(%c8) : tensor<4x?xf32>
  return %e : tensor<4x?xf32>
}

// -----

// Elements of from_elements and of constants are read directly.
// CHECK-LABEL: func @extracts
// CHECK-DAG: %[[C7:.*]] = arith.constant 7 : i32
// CHECK: return %[[B:.*]], %[[C7]]
func.func @extracts(%a: i32, %b: i32) -> (i32, i32) {
  %c1 = arith.constant 1 : index
  %t = tensor.from_elements %a, %b : tensor<2xi32>
  %x = tensor.extract %t[%c1] : tensor<2xi32>
  %k = arith.constant dense<[5, 7]> : tensor<2xi32>
  %y = tensor.extract %k[%c1] : tensor<2xi32>
  return %x, %y : i32, i32
}

// -----

// Casts: identity casts vanish, chains collapse, extract reads through a cast.
// CHECK-LABEL: func @casts
// CHECK-SAME: (%[[T:.*]]: tensor<?x?xf32>
// CHECK: %[[C:.*]] = tensor.cast %[[T]] : tensor<?x?xf32> to tensor<4x?xf32>
// CHECK: %[[E:.*]] = tensor.extract %[[T]]
// CHECK: return %[[C]], %[[E]]
func.func @casts(%t: tensor<?x?xf32>, %i: index) -> (tensor<4x?xf32>, f32) {
  %0 = tensor.cast %t : tensor<?x?xf32> to tensor<?x?xf32>
  %1 = tensor.cast %0 : tensor<?x?xf32> to tensor<4x?xf32>
  %2 = tensor.cast %1 : tensor<4x?xf32> to tensor<4x?xf32>
  %3 = tensor.cast %t : tensor<?x?xf32> to tensor<4x4xf32>
  %4 = tensor.extract %3[%i, %i] : tensor<4x4xf32>
  return %2, %4 : tensor<4x?xf32>, f32
}

// -----

// A whole-tensor slice is the tensor; extracting what was just inserted is the source.
// CHECK-LABEL: func @slices
// CHECK-SAME: (%[[T:.*]]: tensor<4x4xf32>, %[[S:.*]]: tensor<2x2xf32>
// CHECK-NOT: extract_slice
// CHECK: return %[[T]], %[[S]]
func.func @slices(%t: tensor<4x4xf32>, %s: tensor<2x2xf32>, %i: index) -> (tensor<4x4xf32>, tensor<2x2xf32>) {
  %0 = tensor.extract_slice %t[0, 0] [4, 4] [1, 1] : tensor<4x4xf32> to tensor<4x4xf32>
  %1 = tensor.insert_slice %s into %t[%i, 1] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<4x4xf32>
  %2 = tensor.extract_slice %1[%i, 1] [2, 2] [1, 1] : tensor<4x4xf32> to tensor<2x2xf32>
  return %0, %2 : tensor<4x4xf32>, tensor<2x2xf32>
}

// -----

// dim of a generate is its extent operand; dim of an insert is the destination's.
// CHECK-LABEL: func @dim_of_producers
// CHECK-SAME: (%[[N:.*]]: index, %[[D:.*]]: tensor<?xf32>
// CHECK: %[[DD:.*]] = tensor.dim %[[D]]
// CHECK: return %[[N]], %[[DD]]
func.func @dim_of_producers(%n: index, %d: tensor<?xf32>, %f: f32) -> (index, index) {
  %c0 = arith.constant 0 : index
  %g = tensor.generate %n {
  ^bb0(%i: index):
    tensor.yield %f : f32
  } : tensor<?xf32>
  %a = tensor.dim %g, %c0 : tensor<?xf32>
  %ins = tensor.insert %f into %d[%c0] : tensor<?xf32>
  %b = tensor.dim %ins, %c0 : tensor<?xf32>
  return %a, %b : index, index
}

// -----

// A constant extent of tensor.generate becomes static too; the body moves to the new op.
// CHECK-LABEL: func @generate_static
// CHECK: %[[G:.*]] = tensor.generate {
// CHECK: } : tensor<5xf32>
// CHECK: %[[C:.*]] = tensor.cast %[[G]] : tensor<5xf32> to tensor<?xf32>
// CHECK: return %[[C]]
func.func @generate_static(%f: f32) -> tensor<?xf32> {
  %c5 = arith.constant 5 : index
  %g = tensor.generate %c5 {
  ^bb0(%i: index):
    tensor.yield %f : f32
  } : tensor<?xf32>
  return %g : tensor<?xf32>
}
