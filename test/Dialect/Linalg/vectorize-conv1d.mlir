// RUN: pyopt %s -split-input-file -test-linalg-transform-patterns=test-linalg-to-vector-patterns | filecheck %s

// NCW on tensors with stride and dilation 2: operands transposed to the NWC base
// case, w unrolled (stride != 1), one contraction per (kw, w), result transposed
// back and written into the init tensor.
// CHECK-LABEL: func.func @ncw_strided_dilated
//  CHECK-SAME:     (%[[I:.*]]: tensor<2x3x13xf32>, %[[F:.*]]: tensor<4x3x3xf32>, %[[O:.*]]: tensor<2x4x4xf32>)
//       CHECK:   %[[VI:.*]] = vector.transfer_read %[[I]]{{.*}} : tensor<2x3x13xf32>, vector<2x3x11xf32>
//       CHECK:   %[[VF:.*]] = vector.transfer_read %[[F]]{{.*}} : tensor<4x3x3xf32>, vector<4x3x3xf32>
//       CHECK:   %[[VO:.*]] = vector.transfer_read %[[O]]{{.*}} : tensor<2x4x4xf32>, vector<2x4x4xf32>
//       CHECK:   %[[TI:.*]] = vector.transpose %[[VI]], [0, 2, 1]
//       CHECK:   %[[TF:.*]] = vector.transpose %[[VF]], [2, 1, 0]
//       CHECK:   %[[TO:.*]] = vector.transpose %[[VO]], [0, 2, 1]
//       CHECK:   vector.extract_strided_slice %[[TI]] {offsets = [0, 10, 0], sizes = [2, 1, 3], strides = [1, 1, 1]}
//       CHECK:   vector.extract %[[TF]][2] : vector<3x4xf32> from vector<3x3x4xf32>
//   CHECK-COUNT-12: vector.contract
//       CHECK:   %[[INS:.*]] = vector.insert_strided_slice %{{.*}} {offsets = [0, 3, 0], strides = [1, 1, 1]} : vector<2x1x4xf32> into vector<2x4x4xf32>
//       CHECK:   %[[BACK:.*]] = vector.transpose %[[INS]], [0, 2, 1]
//       CHECK:   %[[W:.*]] = vector.transfer_write %[[BACK]], %[[O]]
//       CHECK:   return %[[W]]
func.func @ncw_strided_dilated(%i: tensor<2x3x13xf32>, %f: tensor<4x3x3xf32>, %o: tensor<2x4x4xf32>) -> tensor<2x4x4xf32> {
  %r = linalg.conv_1d_ncw_fcw {dilations = dense<2> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>}
    ins(%i, %f : tensor<2x3x13xf32>, tensor<4x3x3xf32>) outs(%o : tensor<2x4x4xf32>) -> tensor<2x4x4xf32>
  return %r : tensor<2x4x4xf32>
}

// -----

// Unsigned min pooling with stride 1: w is not unrolled, the filter is not read.
// CHECK-LABEL: func.func @pool_min_unsigned
//       CHECK:   %[[VI:.*]] = vector.transfer_read %{{.*}} : memref<1x8x3xi32>, vector<1x8x3xi32>
//       CHECK:   %[[VO:.*]] = vector.transfer_read %{{.*}} : memref<1x6x3xi32>, vector<1x6x3xi32>
//       CHECK:   %[[S0:.*]] = vector.extract_strided_slice %[[VI]] {offsets = [0, 0, 0], sizes = [1, 6, 3]
//       CHECK:   %[[S1:.*]] = vector.extract_strided_slice %[[VI]] {offsets = [0, 1, 0], sizes = [1, 6, 3]
//       CHECK:   %[[S2:.*]] = vector.extract_strided_slice %[[VI]] {offsets = [0, 2, 0], sizes = [1, 6, 3]
//       CHECK:   %[[M0:.*]] = arith.minui %[[S0]], %[[VO]] : vector<1x6x3xi32>
//       CHECK:   %[[M1:.*]] = arith.minui %[[S1]], %[[M0]]
//       CHECK:   %[[M2:.*]] = arith.minui %[[S2]], %[[M1]]
//       CHECK:   vector.transfer_write %[[M2]]
func.func @pool_min_unsigned(%i: memref<1x8x3xi32>, %k: memref<3xi32>, %o: memref<1x6x3xi32>) {
  linalg.pooling_nwc_min_unsigned {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>}
    ins(%i, %k : memref<1x8x3xi32>, memref<3xi32>) outs(%o : memref<1x6x3xi32>)
  return
}

// -----

// Depthwise on integers: the filter row is broadcast, both sides sign-extended,
// multiply then add.
// CHECK-LABEL: func.func @depthwise_i8_i32
//       CHECK:   %[[VF:.*]] = vector.transfer_read %{{.*}} : memref<2x4xi8>, vector<2x4xi8>
//       CHECK:   %[[VO:.*]] = vector.transfer_read %{{.*}} : memref<2x4x4xi32>, vector<2x4x4xi32>
//       CHECK:   %[[S0:.*]] = vector.extract_strided_slice %{{.*}} {offsets = [0, 0, 0], sizes = [2, 4, 4]
//       CHECK:   %[[R0:.*]] = vector.extract %[[VF]][0] : vector<4xi8> from vector<2x4xi8>
//       CHECK:   %[[E0:.*]] = arith.extsi %[[S0]] : vector<2x4x4xi8> to vector<2x4x4xi32>
//       CHECK:   %[[B0:.*]] = vector.broadcast %[[R0]] : vector<4xi8> to vector<2x4x4xi8>
//       CHECK:   %[[EB0:.*]] = arith.extsi %[[B0]]
//       CHECK:   %[[MUL:.*]] = arith.muli %[[E0]], %[[EB0]] : vector<2x4x4xi32>
//       CHECK:   arith.addi %[[MUL]], %[[VO]] : vector<2x4x4xi32>
func.func @depthwise_i8_i32(%i: memref<2x9x4xi8>, %f: memref<2x4xi8>, %o: memref<2x4x4xi32>) {
  linalg.depthwise_conv_1d_nwc_wc {dilations = dense<3> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>}
    ins(%i, %f : memref<2x9x4xi8>, memref<2x4xi8>) outs(%o : memref<2x4x4xi32>)
  return
}

// -----

// A generic with the non-channeled layout is a conv too: outer products.
// CHECK-LABEL: func.func @generic_w
//       CHECK:   vector.transfer_read %{{.*}} : tensor<10xi32>, vector<10xi32>
//       CHECK:   %[[K:.*]] = vector.extract %{{.*}}[1] : i32 from vector<3xi32>
//       CHECK:   vector.outerproduct %{{.*}}, %[[K]], %{{.*}} {kind = #vector.kind<add>} : vector<8xi32>, i32
#m0 = affine_map<(w, kw) -> (w + kw)>
#m1 = affine_map<(w, kw) -> (kw)>
#m2 = affine_map<(w, kw) -> (w)>
func.func @generic_w(%i: tensor<10xi32>, %f: tensor<3xi32>, %o: tensor<8xi32>) -> tensor<8xi32> {
  %r = linalg.generic {indexing_maps = [#m0, #m1, #m2], iterator_types = ["parallel", "reduction"]}
    ins(%i, %f : tensor<10xi32>, tensor<3xi32>) outs(%o : tensor<8xi32>) {
  ^bb0(%a: i32, %b: i32, %c: i32):
    %m = arith.muli %a, %b : i32
    %s = arith.addi %c, %m : i32
    linalg.yield %s : i32
  } -> tensor<8xi32>
  return %r : tensor<8xi32>
}

// -----

// Left alone: a subtracting body, a 2-D conv, a matmul.
// CHECK-LABEL: func.func @not_vectorized
//       CHECK:   linalg.generic
//       CHECK:   linalg.conv_2d_nhwc_hwcf
//       CHECK:   linalg.matmul
//   CHECK-NOT:   vector.
func.func @not_vectorized(%i: tensor<10xi32>, %f: tensor<3xi32>, %o: tensor<8xi32>,
                          %i2: memref<1x6x6x3xf32>, %f2: memref<3x3x3x8xf32>, %o2: memref<1x4x4x8xf32>,
                          %a: memref<4x4xf32>) -> tensor<8xi32> {
  %r = linalg.generic {indexing_maps = [affine_map<(w, kw) -> (w + kw)>, affine_map<(w, kw) -> (kw)>, affine_map<(w, kw) -> (w)>],
                       iterator_types = ["parallel", "reduction"]}
    ins(%i, %f : tensor<10xi32>, tensor<3xi32>) outs(%o : tensor<8xi32>) {
  ^bb0(%x: i32, %y: i32, %z: i32):
    %m = arith.muli %x, %y : i32
    %s = arith.subi %z, %m : i32
    linalg.yield %s : i32
  } -> tensor<8xi32>
  linalg.conv_2d_nhwc_hwcf ins(%i2, %f2 : memref<1x6x6x3xf32>, memref<3x3x3x8xf32>) outs(%o2 : memref<1x4x4x8xf32>)
  linalg.matmul ins(%a, %a : memref<4x4xf32>, memref<4x4xf32>) outs(%a : memref<4x4xf32>)
  return %r : tensor<8xi32>
}

// -----

// The option also vectorizes static memref.copy ops (a dynamic one stays).
// CHECK-LABEL: func.func @copies
//       CHECK:   %[[R:.*]] = vector.transfer_read %{{.*}} : memref<4x8xf32>, vector<4x8xf32>
//       CHECK:   vector.transfer_write %[[R]], %{{.*}} : vector<4x8xf32>, memref<4x8xf32, strided<[16, 1]>>
//       CHECK:   memref.copy %{{.*}}, %{{.*}} : memref<?xf32> to memref<?xf32>
func.func @copies(%a: memref<4x8xf32>, %b: memref<4x8xf32, strided<[16, 1]>>, %c: memref<?xf32>, %d: memref<?xf32>) {
  memref.copy %a, %b : memref<4x8xf32> to memref<4x8xf32, strided<[16, 1]>>
  memref.copy %c, %d : memref<?xf32> to memref<?xf32>
  return
}

// -----

// A linalg.map (no init argument in its payload) is no convolution.
// CHECK-LABEL: func.func @map_left_alone
//       CHECK:   linalg.map
func.func @map_left_alone(%a: memref<32xf32>, %b: memref<32xf32>, %c: memref<32xf32>) {
  linalg.map {arith.addf} ins(%a, %b : memref<32xf32>, memref<32xf32>) outs(%c : memref<32xf32>)
  return
}
