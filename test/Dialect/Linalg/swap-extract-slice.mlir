// RUN: pyopt %s -split-input-file -test-linalg-transform-patterns=test-swap-subtensor-padtensor -canonicalize | filecheck %s --check-prefix=PAD
// RUN: pyopt %s -split-input-file -test-linalg-transform-patterns=test-swap-extract-slice-with-fill-pattern | filecheck %s --check-prefix=FILL
// RUN: pyopt %s -split-input-file -test-linalg-transform-patterns=test-bubble-up-extract-slice-op-pattern | filecheck %s --check-prefix=BUBBLE

// A window partly in the source and partly in the high padding: a slice of the
// source, padded by what is left.
// PAD-LABEL: func.func @window_in_source_and_high_pad
//  PAD-SAME:     (%[[A:.*]]: tensor<8x8xf32>, %[[V:.*]]: f32)
//       PAD:   %[[S:.*]] = tensor.extract_slice %[[A]][5, 3] [3, 3] [1, 1] : tensor<8x8xf32> to tensor<3x3xf32>
//       PAD:   %[[P:.*]] = tensor.pad %[[S]] low[0, 0] high[1, 0]
//       PAD:     tensor.yield %[[V]] : f32
//       PAD:   } : tensor<3x3xf32> to tensor<4x3xf32>
//       PAD:   return %[[P]]
func.func @window_in_source_and_high_pad(%a: tensor<8x8xf32>, %v: f32) -> tensor<4x3xf32> {
  %p = tensor.pad %a low[1, 2] high[3, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<8x8xf32> to tensor<12x10xf32>
  %s = tensor.extract_slice %p[6, 5] [4, 3] [1, 1] : tensor<12x10xf32> to tensor<4x3xf32>
  return %s : tensor<4x3xf32>
}

// -----

// A dynamic window may read nothing of the source: an scf.if picks a
// tensor.generate of the padding value or the padded slice (nofold kept).
// PAD-LABEL: func.func @dynamic_offset
//       PAD:   %[[CST:.*]] = arith.constant 1.5
//       PAD:   %[[LEN:.*]] = affine.apply
//       PAD:   %[[EMPTY:.*]] = arith.cmpi eq, %[[LEN]], %{{.*}} : index
//       PAD:   %[[R:.*]] = scf.if %[[EMPTY]] -> (tensor<4x3xf32>) {
//       PAD:     %[[G:.*]] = tensor.generate
//       PAD:       tensor.yield %[[CST]] : f32
//       PAD:     scf.yield %[[G]]
//       PAD:   } else {
//       PAD:     %[[S:.*]] = tensor.extract_slice %{{.*}}[%{{.*}}, 3] [%[[LEN]], 3] [1, 1] : tensor<?x8xf32> to tensor<?x3xf32>
//       PAD:     %[[P:.*]] = tensor.pad %[[S]] nofold low[%{{.*}}, 0] high[%{{.*}}, 0]
//       PAD:     } : tensor<?x3xf32> to tensor<4x3xf32>
//       PAD:     scf.yield %[[P]]
//       PAD:   return %[[R]]
func.func @dynamic_offset(%a: tensor<?x8xf32>, %o0: index) -> tensor<4x3xf32> {
  %c = arith.constant 1.5 : f32
  %p = tensor.pad %a nofold low[1, 2] high[3, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %c : f32
  } : tensor<?x8xf32> to tensor<?x10xf32>
  %s = tensor.extract_slice %p[%o0, 5] [4, 3] [1, 1] : tensor<?x10xf32> to tensor<4x3xf32>
  return %s : tensor<4x3xf32>
}

// -----

// Not swapped: a padding value computed in the body, a strided slice.
// PAD-LABEL: func.func @not_swapped
//       PAD:   %[[P1:.*]] = tensor.pad
//       PAD:   tensor.extract_slice %[[P1]][0, 5] [4, 3] [1, 1]
//       PAD:   %[[P2:.*]] = tensor.pad
//       PAD:   tensor.extract_slice %[[P2]][0, 5] [4, 3] [2, 1]
func.func @not_swapped(%a: tensor<8x8xf32>, %v: f32) -> (tensor<4x3xf32>, tensor<4x3xf32>) {
  %p = tensor.pad %a low[1, 2] high[3, 0] {
  ^bb0(%i: index, %j: index):
    %x = arith.index_cast %i : index to i32
    %f = arith.sitofp %x : i32 to f32
    tensor.yield %f : f32
  } : tensor<8x8xf32> to tensor<12x10xf32>
  %s = tensor.extract_slice %p[0, 5] [4, 3] [1, 1] : tensor<12x10xf32> to tensor<4x3xf32>
  %q = tensor.pad %a low[1, 2] high[3, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<8x8xf32> to tensor<12x10xf32>
  %t = tensor.extract_slice %q[0, 5] [4, 3] [2, 1] : tensor<12x10xf32> to tensor<4x3xf32>
  return %s, %t : tensor<4x3xf32>, tensor<4x3xf32>
}

// -----

// The fill writes only the (rank-reducing) slice of its init.
// FILL-LABEL: func.func @fill_slice
//  FILL-SAME:     (%[[INIT:.*]]: tensor<?x?xf32>, %[[O:.*]]: index)
//       FILL:   %[[Z:.*]] = arith.constant 0
//       FILL:   %[[S:.*]] = tensor.extract_slice %[[INIT]][%[[O]], 2] [1, 5] [1, 2] : tensor<?x?xf32> to tensor<5xf32>
//       FILL:   %[[F:.*]] = linalg.fill ins(%[[Z]] : f32) outs(%[[S]] : tensor<5xf32>) -> tensor<5xf32>
//       FILL:   return %[[F]]
func.func @fill_slice(%init: tensor<?x?xf32>, %o: index) -> tensor<5xf32> {
  %z = arith.constant 0.0 : f32
  %f = linalg.fill ins(%z : f32) outs(%init : tensor<?x?xf32>) -> tensor<?x?xf32>
  %s = tensor.extract_slice %f[%o, 2] [1, 5] [1, 2] : tensor<?x?xf32> to tensor<5xf32>
  return %s : tensor<5xf32>
}

// -----

// A fill with another user stays whole.
// FILL-LABEL: func.func @fill_two_users
//       FILL:   %[[F:.*]] = linalg.fill
//       FILL:   tensor.extract_slice %[[F]]
func.func @fill_two_users(%init: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<2x2xf32>) {
  %z = arith.constant 0.0 : f32
  %f = linalg.fill ins(%z : f32) outs(%init : tensor<8x8xf32>) -> tensor<8x8xf32>
  %s = tensor.extract_slice %f[0, 2] [2, 2] [1, 1] : tensor<8x8xf32> to tensor<2x2xf32>
  return %f, %s : tensor<8x8xf32>, tensor<2x2xf32>
}

// -----

// The slice moves above a generic with a transposed init map: each operand is
// sliced by the loops it reads.
// BUBBLE-LABEL: func.func @bubble_transposed
//  BUBBLE-SAME:     (%[[A:.*]]: tensor<?x8xf32>, %[[B:.*]]: tensor<8xf32>, %[[I:.*]]: tensor<8x?xf32>, %[[O:.*]]: index, %[[S:.*]]: index)
//       BUBBLE:   %[[SA:.*]] = tensor.extract_slice %[[A]][%[[O]], 2] [%[[S]], 3] [1, 1] : tensor<?x8xf32> to tensor<?x3xf32>
//       BUBBLE:   %[[SB:.*]] = tensor.extract_slice %[[B]][2] [3] [1] : tensor<8xf32> to tensor<3xf32>
//       BUBBLE:   %[[SI:.*]] = tensor.extract_slice %[[I]][2, %[[O]]] [3, %[[S]]] [1, 1] : tensor<8x?xf32> to tensor<3x?xf32>
//       BUBBLE:   %[[R:.*]] = linalg.generic {{.*}} ins(%[[SA]], %[[SB]] : tensor<?x3xf32>, tensor<3xf32>) outs(%[[SI]] : tensor<3x?xf32>)
//       BUBBLE:   return %[[R]]
func.func @bubble_transposed(%a: tensor<?x8xf32>, %b: tensor<8xf32>, %init: tensor<8x?xf32>, %o: index, %s: index) -> tensor<3x?xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1, d0)>],
                       iterator_types = ["parallel", "parallel"]}
    ins(%a, %b : tensor<?x8xf32>, tensor<8xf32>) outs(%init : tensor<8x?xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %r = arith.mulf %x, %y : f32
    linalg.yield %r : f32
  } -> tensor<8x?xf32>
  %1 = tensor.extract_slice %0[2, %o] [3, %s] [1, 1] : tensor<8x?xf32> to tensor<3x?xf32>
  return %1 : tensor<3x?xf32>
}

// -----

// Not moved: a strided slice; a linalg op with another user.
// BUBBLE-LABEL: func.func @bubble_not_applied
//       BUBBLE:   %[[C:.*]] = linalg.copy
//       BUBBLE:   tensor.extract_slice %[[C]][1] [4] [2]
//       BUBBLE:   %[[M:.*]] = linalg.matmul
//       BUBBLE:   tensor.extract_slice %[[M]][4, 0] [4, 8] [1, 1]
func.func @bubble_not_applied(%a: tensor<16xf32>, %c: tensor<16xf32>, %x: tensor<16x32xf32>, %y: tensor<32x8xf32>, %z: tensor<16x8xf32>) -> (tensor<4xf32>, tensor<4x8xf32>, tensor<16x8xf32>) {
  %0 = linalg.copy ins(%a : tensor<16xf32>) outs(%c : tensor<16xf32>) -> tensor<16xf32>
  %1 = tensor.extract_slice %0[1] [4] [2] : tensor<16xf32> to tensor<4xf32>
  %2 = linalg.matmul ins(%x, %y : tensor<16x32xf32>, tensor<32x8xf32>) outs(%z : tensor<16x8xf32>) -> tensor<16x8xf32>
  %3 = tensor.extract_slice %2[4, 0] [4, 8] [1, 1] : tensor<16x8xf32> to tensor<4x8xf32>
  return %1, %3, %2 : tensor<4xf32>, tensor<4x8xf32>, tensor<16x8xf32>
}
