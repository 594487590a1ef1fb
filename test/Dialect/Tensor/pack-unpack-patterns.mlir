// RUN: pyopt %s -test-tensor-transform-patterns=test-simplify-pack-unpack-patterns | filecheck %s --check-prefix=SIMPLIFY
// RUN: pyopt %s -test-tensor-transform-patterns=test-fold-into-pack-and-unpack | filecheck %s --check-prefix=FOLD

// test-tensor-transform-patterns with test-simplify-pack-unpack-patterns (packs and unpacks
// that only split or merge dims become expand/collapse_shape) and test-fold-into-pack-and-unpack
// (pad into pack, zero-offset slice into unpack, transposes into the pack's permutations).
// Expected output: mlir-opt-19's.

// SIMPLIFY-LABEL: func.func @pack_innermost(
// SIMPLIFY-NEXT: %expanded = tensor.expand_shape %arg0 {{\[\[}}0], [1, 2]] output_shape [5, 8, 32] : tensor<5x256xf32> into tensor<5x8x32xf32>
// SIMPLIFY-NEXT: return %expanded : tensor<5x8x32xf32>
// SIMPLIFY-NEXT: }
// SIMPLIFY-LABEL: func.func @unpack_innermost(
// SIMPLIFY-NEXT: %collapsed = tensor.collapse_shape %arg0 {{\[\[}}0], [1, 2]] : tensor<5x8x32xf32> into tensor<5x256xf32>
// SIMPLIFY-NEXT: return %collapsed : tensor<5x256xf32>
// SIMPLIFY-NEXT: }
// SIMPLIFY-LABEL: func.func @pad_into_pack(
// SIMPLIFY-NEXT: %cst = arith.constant 0.000000e+00 : f32
// SIMPLIFY-NEXT: %padded = tensor.pad %arg0 low[0, 0] high[7, 0] {
// SIMPLIFY-NEXT: ^bb0(%arg2: index, %arg3: index):
// SIMPLIFY-NEXT: tensor.yield %cst : f32
// SIMPLIFY-NEXT: } : tensor<9x16xf32> to tensor<16x16xf32>
// SIMPLIFY-NEXT: %pack = tensor.pack %padded padding_value(%cst : f32) inner_dims_pos = [0, 1] inner_tiles = [8, 16] into %arg1 : tensor<16x16xf32> -> tensor<2x1x8x16xf32>
// SIMPLIFY-NEXT: return %pack : tensor<2x1x8x16xf32>
// SIMPLIFY-NEXT: }
// SIMPLIFY-LABEL: func.func @slice_of_unpack(
// SIMPLIFY-NEXT: %unpack = tensor.unpack %arg0 inner_dims_pos = [0, 1] inner_tiles = [8, 16] into %arg1 : tensor<2x1x8x16xf32> -> tensor<16x16xf32>
// SIMPLIFY-NEXT: %extracted_slice = tensor.extract_slice %unpack[0, 0] [9, 16] [1, 1] : tensor<16x16xf32> to tensor<9x16xf32>
// SIMPLIFY-NEXT: return %extracted_slice : tensor<9x16xf32>
// SIMPLIFY-NEXT: }
// SIMPLIFY-LABEL: func.func @transpose_of_pack(
// SIMPLIFY-NEXT: %0 = tensor.empty() : tensor<56x2x1x57x32xf32>
// SIMPLIFY-NEXT: %pack = tensor.pack %arg0 outer_dims_perm = [0, 3, 2, 1] inner_dims_pos = [3] inner_tiles = [32] into %0 : tensor<56x57x1x64xf32> -> tensor<56x2x1x57x32xf32>
// SIMPLIFY-NEXT: %1 = tensor.empty() : tensor<1x57x56x2x32xf32>
// SIMPLIFY-NEXT: %transposed = linalg.transpose ins(%pack : tensor<56x2x1x57x32xf32>) outs(%1 : tensor<1x57x56x2x32xf32>) permutation = [2, 3, 0, 1, 4]
// SIMPLIFY-NEXT: return %transposed : tensor<1x57x56x2x32xf32>
// SIMPLIFY-NEXT: }

// FOLD-LABEL: func.func @pack_innermost(
// FOLD-NEXT: %pack = tensor.pack %arg0 inner_dims_pos = [1] inner_tiles = [32] into %arg1 : tensor<5x256xf32> -> tensor<5x8x32xf32>
// FOLD-NEXT: return %pack : tensor<5x8x32xf32>
// FOLD-NEXT: }
// FOLD-LABEL: func.func @unpack_innermost(
// FOLD-NEXT: %unpack = tensor.unpack %arg0 inner_dims_pos = [1] inner_tiles = [32] into %arg1 : tensor<5x8x32xf32> -> tensor<5x256xf32>
// FOLD-NEXT: return %unpack : tensor<5x256xf32>
// FOLD-NEXT: }
// FOLD-LABEL: func.func @pad_into_pack(
// FOLD-NEXT: %cst = arith.constant 0.000000e+00 : f32
// FOLD-NEXT: %pack = tensor.pack %arg0 padding_value(%cst : f32) inner_dims_pos = [0, 1] inner_tiles = [8, 16] into %arg1 : tensor<9x16xf32> -> tensor<2x1x8x16xf32>
// FOLD-NEXT: return %pack : tensor<2x1x8x16xf32>
// FOLD-NEXT: }
// FOLD-LABEL: func.func @slice_of_unpack(
// FOLD-NEXT: %0 = tensor.empty() : tensor<9x16xf32>
// FOLD-NEXT: %unpack = tensor.unpack %arg0 inner_dims_pos = [0, 1] inner_tiles = [8, 16] into %0 : tensor<2x1x8x16xf32> -> tensor<9x16xf32>
// FOLD-NEXT: return %unpack : tensor<9x16xf32>
// FOLD-NEXT: }
// FOLD-LABEL: func.func @transpose_of_pack(
// FOLD-NEXT: %0 = tensor.empty() : tensor<1x57x56x2x32xf32>
// FOLD-NEXT: %pack = tensor.pack %arg0 outer_dims_perm = [2, 1, 0, 3] inner_dims_pos = [3] inner_tiles = [32] into %0 : tensor<56x57x1x64xf32> -> tensor<1x57x56x2x32xf32>
// FOLD-NEXT: return %pack : tensor<1x57x56x2x32xf32>
// FOLD-NEXT: }

func.func @pack_innermost(%t: tensor<5x256xf32>, %d: tensor<5x8x32xf32>) -> tensor<5x8x32xf32> {
  %0 = tensor.pack %t inner_dims_pos = [1] inner_tiles = [32] into %d : tensor<5x256xf32> -> tensor<5x8x32xf32>
  return %0 : tensor<5x8x32xf32>
}
func.func @unpack_innermost(%t: tensor<5x8x32xf32>, %d: tensor<5x256xf32>) -> tensor<5x256xf32> {
  %0 = tensor.unpack %t inner_dims_pos = [1] inner_tiles = [32] into %d : tensor<5x8x32xf32> -> tensor<5x256xf32>
  return %0 : tensor<5x256xf32>
}
func.func @pad_into_pack(%t: tensor<9x16xf32>, %d: tensor<2x1x8x16xf32>) -> tensor<2x1x8x16xf32> {
  %cst = arith.constant 0.0 : f32
  %p = tensor.pad %t low[0, 0] high[7, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<9x16xf32> to tensor<16x16xf32>
  %0 = tensor.pack %p padding_value(%cst : f32) inner_dims_pos = [0, 1] inner_tiles = [8, 16] into %d : tensor<16x16xf32> -> tensor<2x1x8x16xf32>
  return %0 : tensor<2x1x8x16xf32>
}
func.func @slice_of_unpack(%t: tensor<2x1x8x16xf32>, %d: tensor<16x16xf32>) -> tensor<9x16xf32> {
  %0 = tensor.unpack %t inner_dims_pos = [0, 1] inner_tiles = [8, 16] into %d : tensor<2x1x8x16xf32> -> tensor<16x16xf32>
  %1 = tensor.extract_slice %0[0, 0] [9, 16] [1, 1] : tensor<16x16xf32> to tensor<9x16xf32>
  return %1 : tensor<9x16xf32>
}
func.func @transpose_of_pack(%t: tensor<56x57x1x64xf32>) -> tensor<1x57x56x2x32xf32> {
  %0 = tensor.empty() : tensor<56x2x1x57x32xf32>
  %p = tensor.pack %t outer_dims_perm = [0, 3, 2, 1] inner_dims_pos = [3] inner_tiles = [32] into %0 : tensor<56x57x1x64xf32> -> tensor<56x2x1x57x32xf32>
  %1 = tensor.empty() : tensor<1x57x56x2x32xf32>
  %t2 = linalg.transpose ins(%p : tensor<56x2x1x57x32xf32>) outs(%1 : tensor<1x57x56x2x32xf32>) permutation = [2, 3, 0, 1, 4]
  return %t2 : tensor<1x57x56x2x32xf32>
}
