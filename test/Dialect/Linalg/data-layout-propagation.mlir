// RUN: pyopt %s -test-linalg-data-layout-propagation -split-input-file | filecheck %s

// Relu-like generic on a dynamic 2-D tensor, packed with an outer permutation.
#id = affine_map<(i, j) -> (i, j)>
func.func @relu_then_pack(%x: tensor<?x?xf16>, %d: tensor<?x?x4x8xf16>) -> tensor<?x?x4x8xf16> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xf16>
  %m = tensor.dim %x, %c1 : tensor<?x?xf16>
  %e = tensor.empty(%n, %m) : tensor<?x?xf16>
  %z = arith.constant 0.0 : f16
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<?x?xf16>) outs(%e : tensor<?x?xf16>) {
  ^bb0(%a: f16, %b: f16):
    %v = arith.maximumf %a, %z : f16
    linalg.yield %v : f16
  } -> tensor<?x?xf16>
  %p = tensor.pack %r outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [4, 8] into %d
      : tensor<?x?xf16> -> tensor<?x?x4x8xf16>
  return %p : tensor<?x?x4x8xf16>
}

// CHECK-DAG: #[[$C4:.*]] = affine_map<()[s0] -> (s0 ceildiv 4)>
// CHECK-DAG: #[[$C8:.*]] = affine_map<()[s0] -> (s0 ceildiv 8)>
// CHECK-LABEL: func.func @relu_then_pack(
// CHECK-SAME: %[[X:.*]]: tensor<?x?xf16>, %[[D:.*]]: tensor<?x?x4x8xf16>)
// CHECK: %[[N:.*]] = tensor.dim %[[X]], %{{.*}}
// CHECK: %[[M:.*]] = tensor.dim %[[X]], %{{.*}}
// CHECK: %[[T0:.*]] = affine.apply #[[$C4]]()[%[[N]]]
// CHECK: %[[T1:.*]] = affine.apply #[[$C8]]()[%[[M]]]
// CHECK: %[[E:.*]] = tensor.empty(%[[T1]], %[[T0]]) : tensor<?x?x4x8xf16>
// CHECK: %[[P:.*]] = tensor.pack %[[X]] outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [4, 8] into %[[E]]
// CHECK: %[[G:.*]] = linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[P]] : tensor<?x?x4x8xf16>) outs(%[[D]] : tensor<?x?x4x8xf16>)
// CHECK: arith.maximumf
// CHECK: return %[[G]]

// -----
// A reduction dim cannot be tiled: nothing moves.
#in = affine_map<(i, j) -> (i, j)>
#out = affine_map<(i, j) -> (i)>
func.func @reduction_dim_tiled(%x: tensor<64x32xf32>, %init: tensor<64xf32>) -> tensor<8x8xf32> {
  %r = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<64x32xf32>) outs(%init : tensor<64xf32>) {
  ^bb0(%a: f32, %b: f32):
    %v = arith.addf %a, %b : f32
    linalg.yield %v : f32
  } -> tensor<64xf32>
  %d = tensor.empty() : tensor<8x8xf32>
  %p = tensor.pack %r inner_dims_pos = [0] inner_tiles = [8] into %d : tensor<64xf32> -> tensor<8x8xf32>
  return %p : tensor<8x8xf32>
}

// CHECK-DAG: #[[$ID3:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG: #[[$OUT:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-LABEL: func.func @reduction_dim_tiled(
// CHECK-SAME: %[[X:.*]]: tensor<64x32xf32>, %[[INIT:.*]]: tensor<64xf32>)
// CHECK: %[[E0:.*]] = tensor.empty() : tensor<8x8xf32>
// CHECK: %[[PI:.*]] = tensor.pack %[[INIT]] inner_dims_pos = [0] inner_tiles = [8] into %[[E0]]
// CHECK: %[[E1:.*]] = tensor.empty() : tensor<8x32x8xf32>
// CHECK: %[[PX:.*]] = tensor.pack %[[X]] inner_dims_pos = [0] inner_tiles = [8] into %[[E1]]
// CHECK: %[[G:.*]] = linalg.generic {indexing_maps = [#[[$ID3]], #[[$OUT]]], iterator_types = ["parallel", "reduction", "parallel"]} ins(%[[PX]] : tensor<8x32x8xf32>) outs(%[[PI]] : tensor<8x8xf32>)
// CHECK: return %[[G]]

// -----
// Reduction on the untiled dim: the pack moves to the input, a broadcast operand follows.
#in = affine_map<(i, j) -> (i, j)>
#b = affine_map<(i, j) -> (j)>
#out = affine_map<(i, j) -> (i)>
func.func @reduce_rows(%x: tensor<64x32xf32>, %s: tensor<32xf32>, %init: tensor<64xf32>) -> tensor<8x8xf32> {
  %r = linalg.generic {indexing_maps = [#in, #b, #out], iterator_types = ["parallel", "reduction"]}
      ins(%x, %s : tensor<64x32xf32>, tensor<32xf32>) outs(%init : tensor<64xf32>) {
  ^bb0(%a: f32, %c: f32, %b: f32):
    %m = arith.mulf %a, %c : f32
    %v = arith.addf %m, %b : f32
    linalg.yield %v : f32
  } -> tensor<64xf32>
  %d = tensor.empty() : tensor<8x8xf32>
  %p = tensor.pack %r inner_dims_pos = [0] inner_tiles = [8] into %d : tensor<64xf32> -> tensor<8x8xf32>
  return %p : tensor<8x8xf32>
}

// CHECK-DAG: #[[$B:.*]] = affine_map<(d0, d1, d2) -> (d1)>
// CHECK-LABEL: func.func @reduce_rows(
// CHECK-SAME: %[[X:.*]]: tensor<64x32xf32>, %[[S:.*]]: tensor<32xf32>, %[[INIT:.*]]: tensor<64xf32>)
// CHECK: %[[PI:.*]] = tensor.pack %[[INIT]]
// CHECK: %[[PX:.*]] = tensor.pack %[[X]]
// CHECK: linalg.generic {indexing_maps = [#{{.*}}, #[[$B]], #{{.*}}], iterator_types = ["parallel", "reduction", "parallel"]} ins(%[[PX]], %[[S]] : tensor<8x32x8xf32>, tensor<32xf32>) outs(%[[PI]] : tensor<8x8xf32>)

// -----
// Unpack pushed below an elementwise generic with a scalar operand and a permuted outer layout.
#id = affine_map<(i, j, k) -> (i, j, k)>
#sc = affine_map<(i, j, k) -> ()>
func.func @unpack_then_scale(%x: tensor<4x16x8x8x8xf32>, %s: f32) -> tensor<16x32x64xf32> {
  %e = tensor.empty() : tensor<16x32x64xf32>
  %u = tensor.unpack %x outer_dims_perm = [1, 0, 2] inner_dims_pos = [1, 2] inner_tiles = [8, 8] into %e
      : tensor<4x16x8x8x8xf32> -> tensor<16x32x64xf32>
  %r = linalg.generic {indexing_maps = [#id, #sc, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%u, %s : tensor<16x32x64xf32>, f32) outs(%e : tensor<16x32x64xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %v = arith.mulf %a, %b : f32
    linalg.yield %v : f32
  } -> tensor<16x32x64xf32>
  return %r : tensor<16x32x64xf32>
}

// CHECK-DAG: #[[$SC:.*]] = affine_map<(d0, d1, d2, d3, d4) -> ()>
// CHECK-LABEL: func.func @unpack_then_scale(
// CHECK-SAME: %[[X:.*]]: tensor<4x16x8x8x8xf32>, %[[S:.*]]: f32)
// CHECK: %[[E:.*]] = tensor.empty() : tensor<16x32x64xf32>
// CHECK: %[[U:.*]] = tensor.unpack %[[X]] outer_dims_perm = [1, 0, 2] inner_dims_pos = [1, 2] inner_tiles = [8, 8] into %[[E]]
// CHECK: %[[E1:.*]] = tensor.empty() : tensor<4x16x8x8x8xf32>
// CHECK: %[[E2:.*]] = tensor.empty() : tensor<4x16x8x8x8xf32>
// CHECK: %[[P:.*]] = tensor.pack %[[U]] outer_dims_perm = [1, 0, 2] inner_dims_pos = [1, 2] inner_tiles = [8, 8] into %[[E2]]
// CHECK: %[[G:.*]] = linalg.generic {indexing_maps = [#{{.*}}, #[[$SC]], #{{.*}}], {{.*}}} ins(%[[P]], %[[S]] : tensor<4x16x8x8x8xf32>, f32) outs(%[[E1]] : tensor<4x16x8x8x8xf32>)
// CHECK: %[[R:.*]] = tensor.unpack %[[G]] outer_dims_perm = [1, 0, 2] inner_dims_pos = [1, 2] inner_tiles = [8, 8] into %[[E]]
// CHECK: return %[[R]]

// -----
// Two unpacked operands: not handled.
#id = affine_map<(i, j) -> (i, j)>
func.func @two_unpacks(%x: tensor<2x2x8x8xf32>, %y: tensor<2x2x8x8xf32>) -> tensor<16x16xf32> {
  %e = tensor.empty() : tensor<16x16xf32>
  %u = tensor.unpack %x inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %e : tensor<2x2x8x8xf32> -> tensor<16x16xf32>
  %v = tensor.unpack %y inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %e : tensor<2x2x8x8xf32> -> tensor<16x16xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%u, %v : tensor<16x16xf32>, tensor<16x16xf32>) outs(%e : tensor<16x16xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %w = arith.addf %a, %b : f32
    linalg.yield %w : f32
  } -> tensor<16x16xf32>
  return %r : tensor<16x16xf32>
}

// CHECK-LABEL: func.func @two_unpacks(
// CHECK: %[[U:.*]] = tensor.unpack
// CHECK: %[[V:.*]] = tensor.unpack
// CHECK: linalg.generic {{.*}} ins(%[[U]], %[[V]] : tensor<16x16xf32>, tensor<16x16xf32>)

// -----
// Pack through a pad of untiled dims (with a second user of the pad) and through a collapse.
func.func @pack_through_pad(%x: tensor<10x64xf32>) -> (tensor<12x8x8xf32>, tensor<12x64xf32>) {
  %c = arith.constant 2.0 : f32
  %p = tensor.pad %x low[1, 0] high[1, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %c : f32
  } : tensor<10x64xf32> to tensor<12x64xf32>
  %d = tensor.empty() : tensor<12x8x8xf32>
  %k = tensor.pack %p inner_dims_pos = [1] inner_tiles = [8] into %d : tensor<12x64xf32> -> tensor<12x8x8xf32>
  return %k, %p : tensor<12x8x8xf32>, tensor<12x64xf32>
}

// CHECK-LABEL: func.func @pack_through_pad(
// CHECK-SAME: %[[X:.*]]: tensor<10x64xf32>)
// CHECK: %[[C:.*]] = arith.constant 2.0
// CHECK: %[[E:.*]] = tensor.empty() : tensor<10x8x8xf32>
// CHECK: %[[P:.*]] = tensor.pack %[[X]] inner_dims_pos = [1] inner_tiles = [8] into %[[E]]
// CHECK: %[[PAD:.*]] = tensor.pad %[[P]] low[1, 0, 0] high[1, 0, 0]
// CHECK: tensor.yield %[[C]]
// CHECK: } : tensor<10x8x8xf32> to tensor<12x8x8xf32>
// CHECK: %[[E2:.*]] = tensor.empty() : tensor<12x64xf32>
// CHECK: %[[U:.*]] = tensor.unpack %[[PAD]] inner_dims_pos = [1] inner_tiles = [8] into %[[E2]]
// CHECK: return %[[PAD]], %[[U]]

// -----
func.func @pad_on_tiled_dim(%x: tensor<10x64xf32>) -> tensor<10x9x8xf32> {
  %c = arith.constant 2.0 : f32
  %p = tensor.pad %x low[0, 4] high[0, 4] {
  ^bb0(%i: index, %j: index):
    tensor.yield %c : f32
  } : tensor<10x64xf32> to tensor<10x72xf32>
  %d = tensor.empty() : tensor<10x9x8xf32>
  %k = tensor.pack %p inner_dims_pos = [1] inner_tiles = [8] into %d : tensor<10x72xf32> -> tensor<10x9x8xf32>
  return %k : tensor<10x9x8xf32>
}

// CHECK-LABEL: func.func @pad_on_tiled_dim(
// CHECK: %[[PAD:.*]] = tensor.pad %{{.*}} low[0, 4] high[0, 4]
// CHECK: tensor.pack %[[PAD]]

// -----
func.func @pack_through_collapse(%x: tensor<?x4x32xf32>, %d: tensor<8x?x4x8xf32>) -> tensor<8x?x4x8xf32> {
  %c = tensor.collapse_shape %x [[0, 1], [2]] : tensor<?x4x32xf32> into tensor<?x32xf32>
  %k = tensor.pack %c outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [4, 8] into %d : tensor<?x32xf32> -> tensor<8x?x4x8xf32>
  return %k : tensor<8x?x4x8xf32>
}

// CHECK-LABEL: func.func @pack_through_collapse(
// CHECK: %[[C:.*]] = tensor.collapse_shape
// CHECK: tensor.pack %[[C]]

// -----
func.func @pack_through_expand(%x: tensor<64x128xf32>) -> tensor<64x4x2x16xf32> {
  %c = tensor.expand_shape %x [[0], [1, 2]] output_shape [64, 4, 32] : tensor<64x128xf32> into tensor<64x4x32xf32>
  %d = tensor.empty() : tensor<64x4x2x16xf32>
  %k = tensor.pack %c inner_dims_pos = [2] inner_tiles = [16] into %d : tensor<64x4x32xf32> -> tensor<64x4x2x16xf32>
  return %k : tensor<64x4x2x16xf32>
}

// CHECK-LABEL: func.func @pack_through_expand(
// CHECK-SAME: %[[X:.*]]: tensor<64x128xf32>)
// CHECK: %[[E:.*]] = tensor.empty() : tensor<64x8x16xf32>
// CHECK: %[[P:.*]] = tensor.pack %[[X]] inner_dims_pos = [1] inner_tiles = [16] into %[[E]]
// CHECK: %[[R:.*]] = tensor.expand_shape %[[P]] {{\[\[}}0], [1, 2], [3]] output_shape [64, 4, 2, 16] : tensor<64x8x16xf32> into tensor<64x4x2x16xf32>
// CHECK: return %[[R]]

// -----
func.func @pack_outer_expanded_dim(%x: tensor<64x128xf32>) -> tensor<64x2x32x2xf32> {
  %c = tensor.expand_shape %x [[0], [1, 2]] output_shape [64, 4, 32] : tensor<64x128xf32> into tensor<64x4x32xf32>
  %d = tensor.empty() : tensor<64x2x32x2xf32>
  %k = tensor.pack %c inner_dims_pos = [1] inner_tiles = [2] into %d : tensor<64x4x32xf32> -> tensor<64x2x32x2xf32>
  return %k : tensor<64x2x32x2xf32>
}

// CHECK-LABEL: func.func @pack_outer_expanded_dim(
// CHECK: %[[X:.*]] = tensor.expand_shape
// CHECK: tensor.pack %[[X]] inner_dims_pos = [1] inner_tiles = [2]

// -----
func.func @unpack_then_expand(%x: tensor<4x16x8x8xf32>) -> tensor<2x16x128xf32> {
  %e = tensor.empty() : tensor<32x128xf32>
  %u = tensor.unpack %x inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %e : tensor<4x16x8x8xf32> -> tensor<32x128xf32>
  %x2 = tensor.expand_shape %u [[0, 1], [2]] output_shape [2, 16, 128] : tensor<32x128xf32> into tensor<2x16x128xf32>
  return %x2 : tensor<2x16x128xf32>
}

// CHECK-LABEL: func.func @unpack_then_expand(
// CHECK-SAME: %[[X:.*]]: tensor<4x16x8x8xf32>)
// CHECK: %[[EX:.*]] = tensor.expand_shape %[[X]] {{\[\[}}0, 1], [2], [3], [4]] output_shape [2, 2, 16, 8, 8] : tensor<4x16x8x8xf32> into tensor<2x2x16x8x8xf32>
// CHECK: %[[E:.*]] = tensor.empty() : tensor<2x16x128xf32>
// CHECK: %[[U:.*]] = tensor.unpack %[[EX]] inner_dims_pos = [1, 2] inner_tiles = [8, 8] into %[[E]]
// CHECK: return %[[U]]

// -----
func.func @unpack_then_pad(%x: tensor<4x16x8x8xf32>, %v: f32) -> tensor<32x131xf32> {
  %e = tensor.empty() : tensor<32x128xf32>
  %u = tensor.unpack %x outer_dims_perm = [0, 1] inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %e : tensor<4x16x8x8xf32> -> tensor<32x128xf32>
  %p = tensor.pad %u low[0, 1] high[0, 2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<32x128xf32> to tensor<32x131xf32>
  return %p : tensor<32x131xf32>
}

// CHECK-LABEL: func.func @unpack_then_pad(
// CHECK: %[[U:.*]] = tensor.unpack
// CHECK: tensor.pad %[[U]] low[0, 1] high[0, 2]

// -----
func.func @unpack_then_pad_untiled(%x: tensor<4x16x8xf32>, %v: f32) -> tensor<6x128xf32> {
  %e = tensor.empty() : tensor<4x128xf32>
  %u = tensor.unpack %x inner_dims_pos = [1] inner_tiles = [8] into %e : tensor<4x16x8xf32> -> tensor<4x128xf32>
  %p = tensor.pad %u low[1, 0] high[1, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<4x128xf32> to tensor<6x128xf32>
  return %p : tensor<6x128xf32>
}

// CHECK-LABEL: func.func @unpack_then_pad_untiled(
// CHECK-SAME: %[[X:.*]]: tensor<4x16x8xf32>, %[[V:.*]]: f32)
// CHECK: %[[PAD:.*]] = tensor.pad %[[X]] low[1, 0, 0] high[1, 0, 0]
// CHECK: tensor.yield %[[V]]
// CHECK: } : tensor<4x16x8xf32> to tensor<6x16x8xf32>
// CHECK: %[[E:.*]] = tensor.empty() : tensor<6x128xf32>
// CHECK: %[[U:.*]] = tensor.unpack %[[PAD]] inner_dims_pos = [1] inner_tiles = [8] into %[[E]]
// CHECK: return %[[U]]

// -----
#id = affine_map<(i, j) -> (i, j)>
func.func @dyn_tiles(%x: tensor<?x?xf32>, %t0: index, %t1: index, %d: tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xf32>
  %m = tensor.dim %x, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%n, %m) : tensor<?x?xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) {
  ^bb0(%a: f32, %b: f32):
    %v = math.exp %a : f32
    linalg.yield %v : f32
  } -> tensor<?x?xf32>
  %p = tensor.pack %r inner_dims_pos = [1, 0] inner_tiles = [%t0, %t1] into %d : tensor<?x?xf32> -> tensor<?x?x?x?xf32>
  return %p : tensor<?x?x?x?xf32>
}

// Dynamic tiles travel with the pack: the new destination's outer sizes divide by them.
// CHECK-DAG: #[[$CD:.*]] = affine_map<()[s0, s1] -> (s0 ceildiv s1)>
// CHECK-LABEL: func.func @dyn_tiles(
// CHECK-SAME: %[[X:.*]]: tensor<?x?xf32>, %[[T0:.*]]: index, %[[T1:.*]]: index, %[[D:.*]]: tensor<?x?x?x?xf32>)
// CHECK: %[[N:.*]] = tensor.dim %[[X]], %{{.*}}
// CHECK: %[[M:.*]] = tensor.dim %[[X]], %{{.*}}
// CHECK: %[[O0:.*]] = affine.apply #[[$CD]]()[%[[M]], %[[T0]]]
// CHECK: %[[O1:.*]] = affine.apply #[[$CD]]()[%[[N]], %[[T1]]]
// CHECK: %[[E:.*]] = tensor.empty(%[[O1]], %[[O0]], %[[T0]], %[[T1]]) : tensor<?x?x?x?xf32>
// CHECK: %[[P:.*]] = tensor.pack %[[X]] inner_dims_pos = [1, 0] inner_tiles = [%[[T0]], %[[T1]]] into %[[E]]
// CHECK: linalg.generic {{.*}} ins(%[[P]] : tensor<?x?x?x?xf32>) outs(%[[D]] : tensor<?x?x?x?xf32>)
// CHECK: math.exp

// -----
#id = affine_map<(i, j) -> (i, j)>
func.func @index_body(%x: tensor<16x16xi32>) -> tensor<2x2x8x8xi32> {
  %e = tensor.empty() : tensor<16x16xi32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<16x16xi32>) outs(%e : tensor<16x16xi32>) {
  ^bb0(%a: i32, %b: i32):
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i32
    %v = arith.addi %a, %ii : i32
    linalg.yield %v : i32
  } -> tensor<16x16xi32>
  %d = tensor.empty() : tensor<2x2x8x8xi32>
  %p = tensor.pack %r inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %d : tensor<16x16xi32> -> tensor<2x2x8x8xi32>
  return %p : tensor<2x2x8x8xi32>
}

// A body reading linalg.index is not re-laid out.
// CHECK-LABEL: func.func @index_body(
// CHECK: %[[G:.*]] = linalg.generic
// CHECK: linalg.index
// CHECK: tensor.pack %[[G]]

// -----
#in = affine_map<(i, j, k) -> (i, 0, k)>
#out = affine_map<(i, j, k) -> (i, j, k)>
func.func @constant_expr(%x: tensor<32x1x64xf32>) -> tensor<32x8x4x8x16xf32> {
  %e = tensor.empty() : tensor<32x8x64xf32>
  %r = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x : tensor<32x1x64xf32>) outs(%e : tensor<32x8x64xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  } -> tensor<32x8x64xf32>
  %d = tensor.empty() : tensor<32x8x4x8x16xf32>
  %p = tensor.pack %r inner_dims_pos = [1, 2] inner_tiles = [8, 16] into %d : tensor<32x8x64xf32> -> tensor<32x8x4x8x16xf32>
  return %p : tensor<32x8x4x8x16xf32>
}

// A constant index in the input's map: only its tiled dim is packed.
// CHECK-DAG: #[[$IN:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, 0, d2, d4)>
// CHECK-LABEL: func.func @constant_expr(
// CHECK-SAME: %[[X:.*]]: tensor<32x1x64xf32>)
// CHECK: %[[D:.*]] = tensor.empty() : tensor<32x8x4x8x16xf32>
// CHECK: %[[E:.*]] = tensor.empty() : tensor<32x1x4x16xf32>
// CHECK: %[[P:.*]] = tensor.pack %[[X]] inner_dims_pos = [2] inner_tiles = [16] into %[[E]]
// CHECK: linalg.generic {indexing_maps = [#[[$IN]], #{{.*}}], {{.*}} ins(%[[P]] : tensor<32x1x4x16xf32>) outs(%[[D]] : tensor<32x8x4x8x16xf32>)

// -----
func.func @collapse_perm(%x: tensor<4x8x64xf32>) -> tensor<8x32x8x1xf32> {
  %c = tensor.collapse_shape %x [[0, 1], [2]] : tensor<4x8x64xf32> into tensor<32x64xf32>
  %d = tensor.empty() : tensor<8x32x8x1xf32>
  %k = tensor.pack %c outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [8, 1] into %d : tensor<32x64xf32> -> tensor<8x32x8x1xf32>
  return %k : tensor<8x32x8x1xf32>
}

// Through a collapse with an outer permutation: the collapsed group moves as a whole and the
// tile lands on its innermost non-unit dim.
// CHECK-LABEL: func.func @collapse_perm(
// CHECK-SAME: %[[X:.*]]: tensor<4x8x64xf32>)
// CHECK: %[[E:.*]] = tensor.empty() : tensor<8x4x8x8x1xf32>
// CHECK: %[[P:.*]] = tensor.pack %[[X]] outer_dims_perm = [2, 0, 1] inner_dims_pos = [2, 1] inner_tiles = [8, 1] into %[[E]]
// CHECK: %[[C:.*]] = tensor.collapse_shape %[[P]] {{\[\[}}0], [1, 2], [3], [4]] : tensor<8x4x8x8x1xf32> into tensor<8x32x8x1xf32>
// CHECK: return %[[C]]
