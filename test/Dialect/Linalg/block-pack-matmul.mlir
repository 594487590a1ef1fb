// RUN: pyopt %s -linalg-block-pack-matmul=block-factors=32,16,64 -split-input-file | filecheck %s
// RUN: pyopt %s -linalg-block-pack-matmul="block-factors=32,16,64 mnk-order=2,0,1" -split-input-file | filecheck %s --check-prefix=ORDER
// RUN: pyopt %s -linalg-block-pack-matmul="block-factors=16,16,16 mnk-padded-multiples=64,32,128" -split-input-file | filecheck %s --check-prefix=MULT
// RUN: pyopt %s -linalg-block-pack-matmul="block-factors=8,16,32 allow-padding=false" -split-input-file | filecheck %s --check-prefix=FULL

func.func @mm_pad(%a: tensor<100x70xf32>, %b: tensor<70x40xf32>, %c: tensor<100x40xf32>) -> tensor<100x40xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<100x70xf32>, tensor<70x40xf32>) outs(%c : tensor<100x40xf32>) -> tensor<100x40xf32>
  return %0 : tensor<100x40xf32>
}

// CHECK-DAG: #[[$A6:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d2, d3, d5)>
// CHECK-DAG: #[[$B6:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d1, d2, d4, d5)>
// CHECK-DAG: #[[$C6:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d3, d4)>
// CHECK-LABEL: func.func @mm_pad(
// CHECK-SAME: %[[A:.*]]: tensor<100x70xf32>, %[[B:.*]]: tensor<70x40xf32>, %[[C:.*]]: tensor<100x40xf32>)
// CHECK: %[[Z:.*]] = arith.constant 0.0{{.*}} : f32
// CHECK: %[[PA:.*]] = tensor.pack %[[A]] padding_value(%[[Z]] : f32) outer_dims_perm = [0, 1] inner_dims_pos = [0, 1] inner_tiles = [32, 64] into %{{.*}} : tensor<100x70xf32> -> tensor<4x2x32x64xf32>
// CHECK: %[[PB:.*]] = tensor.pack %[[B]] padding_value(%[[Z]] : f32) outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [16, 64] into %{{.*}} : tensor<70x40xf32> -> tensor<3x2x16x64xf32>
// CHECK: %[[PC:.*]] = tensor.pack %[[C]] padding_value(%[[Z]] : f32) inner_dims_pos = [0, 1] inner_tiles = [32, 16] into %{{.*}} : tensor<100x40xf32> -> tensor<4x3x32x16xf32>
// CHECK: %[[G:.*]] = linalg.generic {indexing_maps = [#[[$A6]], #[[$B6]], #[[$C6]]], iterator_types = ["parallel", "parallel", "reduction", "parallel", "parallel", "reduction"]} ins(%[[PA]], %[[PB]] : {{.*}}) outs(%[[PC]] : tensor<4x3x32x16xf32>)
// CHECK: %[[U:.*]] = tensor.unpack %[[G]] inner_dims_pos = [0, 1] inner_tiles = [32, 16] into %[[C]] : tensor<4x3x32x16xf32> -> tensor<100x40xf32>
// CHECK: return %[[U]]

// ORDER-LABEL: func.func @mm_pad(
// ORDER: tensor.pack %{{.*}} inner_dims_pos = [1, 0] inner_tiles = [16, 32] into %{{.*}} : tensor<100x40xf32> -> tensor<4x3x16x32xf32>
// ORDER: linalg.generic {{.*}}iterator_types = ["parallel", "reduction", "parallel", "parallel", "reduction", "parallel"]

// MULT-LABEL: func.func @mm_pad(
// MULT: tensor.pack %{{.*}} inner_tiles = [128, 128] {{.*}} -> tensor<1x1x128x128xf32>
// MULT: tensor.pack %{{.*}} inner_tiles = [64, 128] {{.*}} -> tensor<1x1x64x128xf32>
// MULT: tensor.pack %{{.*}} inner_tiles = [128, 64] {{.*}} -> tensor<1x1x128x64xf32>

// FULL-LABEL: func.func @mm_pad(
// FULL-NOT: tensor.pack
// FULL: linalg.matmul

// -----
func.func @mm_int(%a: tensor<64x64xi32>, %b: tensor<64x48xi32>, %c: tensor<64x48xi32>) -> tensor<64x48xi32> {
  %0 = linalg.matmul ins(%a, %b : tensor<64x64xi32>, tensor<64x48xi32>) outs(%c : tensor<64x48xi32>) -> tensor<64x48xi32>
  return %0 : tensor<64x48xi32>
}

// CHECK-LABEL: func.func @mm_int(
// CHECK-NOT: padding_value
// CHECK: tensor.pack {{.*}} -> tensor<2x1x32x64xi32>
// CHECK: tensor.pack {{.*}} -> tensor<3x1x16x64xi32>
// CHECK: tensor.pack {{.*}} -> tensor<2x3x32x16xi32>
// CHECK: arith.muli
// CHECK: arith.addi

// FULL-LABEL: func.func @mm_int(
// FULL: tensor.pack {{.*}} inner_tiles = [8, 32] {{.*}} -> tensor<8x2x8x32xi32>

// -----
func.func @bmm_tb(%a: tensor<3x64x128xf16>, %b: tensor<3x32x128xf16>, %c: tensor<3x64x32xf32>) -> tensor<3x64x32xf32> {
  %0 = linalg.batch_matmul_transpose_b ins(%a, %b : tensor<3x64x128xf16>, tensor<3x32x128xf16>) outs(%c : tensor<3x64x32xf32>) -> tensor<3x64x32xf32>
  return %0 : tensor<3x64x32xf32>
}

// CHECK-DAG: #[[$BA:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d3, d4, d6)>
// CHECK-DAG: #[[$BB:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d2, d3, d5, d6)>
// CHECK-DAG: #[[$BC:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d5)>
// CHECK-LABEL: func.func @bmm_tb(
// CHECK: %[[PA:.*]] = tensor.pack %{{.*}} outer_dims_perm = [0, 1, 2] inner_dims_pos = [1, 2] inner_tiles = [32, 64] {{.*}} -> tensor<3x2x2x32x64xf16>
// CHECK: %[[PB:.*]] = tensor.pack %{{.*}} outer_dims_perm = [0, 1, 2] inner_dims_pos = [1, 2] inner_tiles = [16, 64] {{.*}} -> tensor<3x2x2x16x64xf16>
// CHECK: %[[PC:.*]] = tensor.pack %{{.*}} inner_dims_pos = [1, 2] inner_tiles = [32, 16] {{.*}} -> tensor<3x2x2x32x16xf32>
// CHECK: linalg.generic {indexing_maps = [#[[$BA]], #[[$BB]], #[[$BC]]], iterator_types = ["parallel", "parallel", "parallel", "reduction", "parallel", "parallel", "reduction"]} ins(%[[PA]], %[[PB]] : {{.*}}) outs(%[[PC]] : {{.*}})

// -----
func.func @mm_ta(%a: tensor<128x64xf32>, %b: tensor<128x32xf32>, %c: tensor<64x32xf32>) -> tensor<64x32xf32> {
  %0 = linalg.matmul_transpose_a ins(%a, %b : tensor<128x64xf32>, tensor<128x32xf32>) outs(%c : tensor<64x32xf32>) -> tensor<64x32xf32>
  return %0 : tensor<64x32xf32>
}

// CHECK-LABEL: func.func @mm_ta(
// CHECK: tensor.pack %{{.*}} outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [32, 64] {{.*}} : tensor<128x64xf32> -> tensor<2x2x32x64xf32>
// CHECK: tensor.pack %{{.*}} outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [16, 64] {{.*}} : tensor<128x32xf32> -> tensor<2x2x16x64xf32>

// -----
#a = affine_map<(i, j, k) -> (k, i)>
#b = affine_map<(i, j, k) -> (j, k)>
#c = affine_map<(i, j, k) -> (i, j)>
func.func @generic_not_suitable(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %0 = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]}
    ins(%a, %b : tensor<64x64xf32>, tensor<64x64xf32>) outs(%c : tensor<64x64xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %z, %m : f32
    linalg.yield %s : f32
  } -> tensor<64x64xf32>
  return %0 : tensor<64x64xf32>
}

// CHECK-LABEL: func.func @generic_not_suitable(
// CHECK-NOT: tensor.pack
// CHECK: linalg.generic

// -----
#a = affine_map<(i, j, k) -> (i, k)>
#b = affine_map<(i, j, k) -> (j, k)>
#c = affine_map<(i, j, k) -> (i, j)>
func.func @generic_mmt(%a: tensor<64x256xf32>, %b: tensor<128x256xf32>, %c: tensor<64x128xf32>) -> tensor<64x128xf32> {
  %0 = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]}
    ins(%a, %b : tensor<64x256xf32>, tensor<128x256xf32>) outs(%c : tensor<64x128xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %z, %m : f32
    linalg.yield %s : f32
  } -> tensor<64x128xf32>
  return %0 : tensor<64x128xf32>
}

// CHECK-LABEL: func.func @generic_mmt(
// CHECK: tensor.pack %{{.*}} outer_dims_perm = [0, 1] inner_dims_pos = [0, 1] inner_tiles = [32, 64] {{.*}} : tensor<64x256xf32> -> tensor<2x4x32x64xf32>
// CHECK: tensor.pack %{{.*}} outer_dims_perm = [0, 1] inner_dims_pos = [0, 1] inner_tiles = [16, 64] {{.*}} : tensor<128x256xf32> -> tensor<8x4x16x64xf32>
// CHECK: tensor.unpack

// -----
#a = affine_map<(i, j, k) -> (i, k)>
#b = affine_map<(i, j, k) -> (k, j)>
#c = affine_map<(i, j, k) -> (i, j)>
func.func @generic_max_plus(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %0 = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]}
    ins(%a, %b : tensor<64x64xf32>, tensor<64x64xf32>) outs(%c : tensor<64x64xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %m = arith.addf %x, %y : f32
    %s = arith.maximumf %z, %m : f32
    linalg.yield %s : f32
  } -> tensor<64x64xf32>
  return %0 : tensor<64x64xf32>
}

// CHECK-LABEL: func.func @generic_max_plus(
// CHECK-NOT: tensor.pack
// CHECK: arith.maximumf

// -----
func.func @mm_memref(%a: memref<64x64xf32>, %b: memref<64x64xf32>, %c: memref<64x64xf32>) {
  linalg.matmul ins(%a, %b : memref<64x64xf32>, memref<64x64xf32>) outs(%c : memref<64x64xf32>)
  return
}

// CHECK-LABEL: func.func @mm_memref(
// CHECK-NOT: tensor.pack
// CHECK: linalg.matmul
