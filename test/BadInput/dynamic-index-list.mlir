// RUN: pyopt %s --split-input-file --verify-diagnostics

// A malformed dynamic index list is reported where it goes wrong and again at the op name
// (parseDynamicIndexList), for the tensor/memref ops and the transform ops alike.

func.func @slice(%t: tensor<8xf32>) {
  // expected-error@+2 {{expected ']' in dynamic index list}}
  // expected-error@+1 {{custom op 'tensor.extract_slice' expected SSA value or integer}}
  %0 = tensor.extract_slice %t[0 x] [4] [1] : tensor<8xf32> to tensor<4xf32>
  return
}

// -----

func.func @subview(%m: memref<8xf32>) {
  // expected-error@+2 {{custom op 'memref.subview' expected integer value}}
  // expected-error@+1 {{custom op 'memref.subview' expected SSA value or integer}}
  %0 = memref.subview %m[] [x] [1] : memref<8xf32> to memref<4xf32>
  return
}

// -----

transform.sequence failures(propagate) {
^bb0(%arg0: !transform.any_op):
  // expected-error@+2 {{expected ']'}}
  // expected-error@+1 {{custom op 'transform.structured.tile_using_for' expected SSA value or integer}}
  %0, %1 = transform.structured.tile_using_for %arg0 tile_sizes [4, [8 ] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
}
