// fold-memref-alias-ops: accesses through subview / expand_shape / collapse_shape read the
// alias's source at recomputed indices (expected output: mlir-opt 19).
// RUN: pyopt %s -fold-memref-alias-ops -split-input-file | filecheck %s

// Each source index is offset + index * stride; nontemporal is kept.
// CHECK-DAG: #[[$S2:.*]] = affine_map<()[s0, s1] -> (s0 + s1 * 2)>
// CHECK-DAG: #[[$ADD:.*]] = affine_map<()[s0, s1] -> (s0 + s1)>
// CHECK-LABEL: func.func @load_through_subview(
// CHECK-SAME: %[[M:[^:]*]]: memref<10x20xf32>, %[[A:[^:]*]]: index, %[[B:[^:]*]]: index, %[[I:[^:]*]]: index, %[[J:[^:]*]]: index)
// CHECK: %[[R:.*]] = affine.apply #[[$S2]]()[%[[A]], %[[I]]]
// CHECK: %[[C:.*]] = affine.apply #[[$ADD]]()[%[[B]], %[[J]]]
// CHECK: memref.load %[[M]][%[[R]], %[[C]]] {nontemporal = true} : memref<10x20xf32>
func.func @load_through_subview(%m: memref<10x20xf32>, %a: index, %b: index, %i: index, %j: index) -> f32 {
  %v = memref.subview %m[%a, %b] [5, 5] [2, 1] : memref<10x20xf32> to memref<5x5xf32, strided<[40, 1], offset: ?>>
  %x = memref.load %v[%i, %j] {nontemporal = true} : memref<5x5xf32, strided<[40, 1], offset: ?>>
  return %x : f32
}

// -----

// A dropped dim contributes its offset alone.
// CHECK-DAG: #[[$PLUS2:.*]] = affine_map<()[s0] -> (s0 + 2)>
// CHECK-LABEL: func.func @store_through_rank_reducing_subview(
// CHECK: %[[R:.*]] = affine.apply #[[$PLUS2]]()[%arg2]
// CHECK: memref.store %arg3, %arg0[%arg1, %[[R]], %arg2] : memref<4x?x8xi32>
func.func @store_through_rank_reducing_subview(%m: memref<4x?x8xi32>, %a: index, %i: index, %x: i32) {
  %v = memref.subview %m[%a, 2, 0] [1, 3, 8] [1, 1, 1] : memref<4x?x8xi32> to memref<3x8xi32, strided<[8, 1], offset: ?>>
  memref.store %x, %v[%i, %i] : memref<3x8xi32, strided<[8, 1], offset: ?>>
  return
}

// -----

// The affine access map is applied first, then linearized over the expanded group.
// CHECK-DAG: #[[$LIN:.*]] = affine_map<()[s0, s1] -> (s0 * 6 + s1 + 1)>
// CHECK-LABEL: func.func @affine_load_through_expand(
// CHECK: %[[R:.*]] = affine.apply #[[$LIN]]()[%arg1, %arg2]
// CHECK: affine.load %arg0[%[[R]], %arg3] : memref<24x?xf32>
func.func @affine_load_through_expand(%m: memref<24x?xf32>, %i: index, %j: index, %k: index, %n: index) -> f32 {
  %e = memref.expand_shape %m [[0, 1], [2]] output_shape [4, 6, %n] : memref<24x?xf32> into memref<4x6x?xf32>
  %x = affine.load %e[%i, %j + 1, %k] : memref<4x6x?xf32>
  return %x : f32
}

// -----

// CHECK-DAG: #[[$LIN16:.*]] = affine_map<()[s0, s1] -> (s0 * 16 + s1)>
// CHECK-LABEL: func.func @load_through_dynamic_expand(
// CHECK: %[[R:.*]] = affine.apply #[[$LIN16]]()[%arg1, %arg2]
// CHECK: memref.load %arg0[%[[R]]] : memref<?xf32>
func.func @load_through_dynamic_expand(%m: memref<?xf32>, %i: index, %j: index, %n: index) -> f32 {
  %e = memref.expand_shape %m [[0, 1]] output_shape [%n, 16] : memref<?xf32> into memref<?x16xf32>
  %x = memref.load %e[%i, %j] : memref<?x16xf32>
  return %x : f32
}

// -----

// Collapsed indices are delinearized over the group's static inner sizes.
// CHECK-DAG: #[[$DIV:.*]] = affine_map<()[s0] -> (s0 floordiv 5)>
// CHECK-DAG: #[[$MOD:.*]] = affine_map<()[s0] -> (s0 mod 5)>
// CHECK-LABEL: func.func @store_through_collapse(
// CHECK: %[[Q:.*]] = affine.apply #[[$DIV]]()[%arg1]
// CHECK: %[[R:.*]] = affine.apply #[[$MOD]]()[%arg1]
// CHECK: memref.store %arg3, %arg0[%[[Q]], %[[R]], %arg2] : memref<3x5x7xf16>
func.func @store_through_collapse(%m: memref<3x5x7xf16>, %i: index, %j: index, %x: f16) {
  %c = memref.collapse_shape %m [[0, 1], [2]] : memref<3x5x7xf16> into memref<15x7xf16>
  memref.store %x, %c[%i, %j] : memref<15x7xf16>
  return
}

// -----

// CHECK-DAG: #[[$ADD:.*]] = affine_map<()[s0, s1] -> (s0 + s1)>
// CHECK-DAG: #[[$PLUS8:.*]] = affine_map<()[s0] -> (s0 + 8)>
// CHECK-DAG: #[[$TWICE:.*]] = affine_map<()[s0] -> (s0 * 2)>
// CHECK-LABEL: func.func @vector_through_subview(
// CHECK: %[[R0:.*]] = affine.apply #[[$ADD]]()[%arg1, %arg2]
// CHECK: %[[C0:.*]] = affine.apply #[[$PLUS8]]()[%arg2]
// CHECK: %[[L:.*]] = vector.load %arg0[%[[R0]], %[[C0]]] : memref<64x64xf32>, vector<8xf32>
// CHECK: %[[R1:.*]] = affine.apply #[[$ADD]]()[%arg1, %arg2]
// CHECK: %[[C1:.*]] = affine.apply #[[$PLUS8]]()[%arg1]
// CHECK: vector.maskedload %arg0[%[[R1]], %[[C1]]], %arg3, %arg4 : memref<64x64xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
// CHECK: %[[R2:.*]] = affine.apply #[[$TWICE]]()[%arg1]
// CHECK: %[[C2:.*]] = affine.apply #[[$PLUS8]]()[%arg2]
// CHECK: vector.store %[[L]], %arg0[%[[R2]], %[[C2]]] : memref<64x64xf32>, vector<8xf32>
func.func @vector_through_subview(%m: memref<64x64xf32>, %a: index, %i: index, %mask: vector<8xi1>, %pt: vector<8xf32>) -> (vector<8xf32>, vector<8xf32>) {
  %v = memref.subview %m[%a, 8] [16, 16] [1, 1] : memref<64x64xf32> to memref<16x16xf32, strided<[64, 1], offset: ?>>
  %l = vector.load %v[%i, %i] : memref<16x16xf32, strided<[64, 1], offset: ?>>, vector<8xf32>
  %ml = vector.maskedload %v[%i, %a], %mask, %pt : memref<16x16xf32, strided<[64, 1], offset: ?>>, vector<8xi1>, vector<8xf32> into vector<8xf32>
  vector.store %l, %v[%a, %i] : memref<16x16xf32, strided<[64, 1], offset: ?>>, vector<8xf32>
  return %l, %ml : vector<8xf32>, vector<8xf32>
}

// -----

// The permutation map is re-expressed over the source's dims (the dropped one skipped).
// CHECK-DAG: #[[$ADD:.*]] = affine_map<()[s0, s1] -> (s0 + s1)>
// CHECK-LABEL: func.func @transfer_through_rank_reducing_subview(
// CHECK: %[[I0:.*]] = affine.apply #[[$ADD]]()[%arg1, %arg2]
// CHECK: %[[R:.*]] = vector.transfer_read %arg0[%arg1, %arg2, %[[I0]]], %arg3 {in_bounds = [true]} : memref<8x8x8xf32>, vector<4xf32>
// CHECK: %[[I1:.*]] = affine.apply #[[$ADD]]()[%arg1, %arg2]
// CHECK: vector.transfer_write %[[R]], %arg0[%arg1, %arg1, %[[I1]]] {in_bounds = [true]} : vector<4xf32>, memref<8x8x8xf32>
func.func @transfer_through_rank_reducing_subview(%m: memref<8x8x8xf32>, %a: index, %i: index, %p: f32) -> vector<4xf32> {
  %v = memref.subview %m[%a, 0, %a] [1, 8, 8] [1, 1, 1] : memref<8x8x8xf32> to memref<8x8xf32, strided<[8, 1], offset: ?>>
  %r = vector.transfer_read %v[%i, %i], %p {in_bounds = [true]} : memref<8x8xf32, strided<[8, 1], offset: ?>>, vector<4xf32>
  vector.transfer_write %r, %v[%a, %i] {in_bounds = [true]} : vector<4xf32>, memref<8x8xf32, strided<[8, 1], offset: ?>>
  return %r : vector<4xf32>
}

// -----

// A possibly out-of-bounds transfer keeps its subview.
// CHECK-LABEL: func.func @transfer_out_of_bounds_kept(
// CHECK: %[[V:.*]] = memref.subview %arg0[%arg1, 0] [4, 8] [1, 1]
// CHECK: vector.transfer_read %[[V]][%arg2, %arg2], %arg3 : memref<4x8xf32, strided<[8, 1], offset: ?>>, vector<4xf32>
func.func @transfer_out_of_bounds_kept(%m: memref<8x8xf32>, %a: index, %i: index, %p: f32) -> vector<4xf32> {
  %v = memref.subview %m[%a, 0] [4, 8] [1, 1] : memref<8x8xf32> to memref<4x8xf32, strided<[8, 1], offset: ?>>
  %r = vector.transfer_read %v[%i, %i], %p : memref<4x8xf32, strided<[8, 1], offset: ?>>, vector<4xf32>
  return %r : vector<4xf32>
}

// -----

// Unit-stride subviews compose; the inner one's dropped dim keeps its size and offset.
// CHECK-DAG: #[[$ADD:.*]] = affine_map<()[s0, s1] -> (s0 + s1)>
// CHECK-LABEL: func.func @subview_of_subview(
// CHECK: %[[O:.*]] = affine.apply #[[$ADD]]()[%arg1, %arg2]
// CHECK: %[[V:.*]] = memref.subview %arg0[1, %[[O]], 5] [1, 1, 4] [1, 1, 1] : memref<?x?x?xf32> to memref<4xf32, strided<[1], offset: ?>>
// CHECK: memref.cast %[[V]]
func.func @subview_of_subview(%m: memref<?x?x?xf32>, %a: index, %b: index, %s: index) -> memref<?xf32, strided<[1], offset: ?>> {
  %0 = memref.subview %m[1, %a, 2] [1, %s, %s] [1, 1, 1] : memref<?x?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
  %1 = memref.subview %0[%b, 3] [1, 4] [1, 1] : memref<?x?xf32, strided<[?, 1], offset: ?>> to memref<4xf32, strided<[1], offset: ?>>
  %2 = memref.cast %1 : memref<4xf32, strided<[1], offset: ?>> to memref<?xf32, strided<[1], offset: ?>>
  return %2 : memref<?xf32, strided<[1], offset: ?>>
}
