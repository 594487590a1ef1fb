// expand-strided-metadata: view ops become reinterpret_casts of the base buffer with the
// offset/size/stride arithmetic spelled out; extract_strided_metadata looks through its
// producer (expected output: mlir-opt 19).
// RUN: pyopt %s -expand-strided-metadata -split-input-file | filecheck %s

// A subview of a fully dynamic layout: strides multiply, the offset accumulates.
// CHECK-DAG: #[[$TWICE:.*]] = affine_map<()[s0] -> (s0 * 2)>
// CHECK-DAG: #[[$MUL:.*]] = affine_map<()[s0, s1] -> (s0 * s1)>
// CHECK-DAG: #[[$OFF:.*]] = affine_map<()[s0, s1, s2, s3] -> (s0 + s1 * s2 + s3 * 3)>
// CHECK-LABEL: func.func @subview_dynamic(
// CHECK-SAME: %[[M:.*]]: memref<?x?xf32, strided<[?, ?], offset: ?>>, %[[O:.*]]: index, %[[S:.*]]: index)
// CHECK: %[[BASE:.*]], %[[OFFSET:.*]], %[[SIZES:.*]]:2, %[[STRIDES:.*]]:2 = memref.extract_strided_metadata %[[M]]
// CHECK: %[[ST0:.*]] = affine.apply #[[$TWICE]]()[%[[STRIDES]]#0]
// CHECK: %[[ST1:.*]] = affine.apply #[[$MUL]]()[%[[S]], %[[STRIDES]]#1]
// CHECK: %[[NEWOFF:.*]] = affine.apply #[[$OFF]]()[%[[OFFSET]], %[[O]], %[[STRIDES]]#0, %[[STRIDES]]#1]
// CHECK: %[[RC:.*]] = memref.reinterpret_cast %[[BASE]] to offset: [%[[NEWOFF]]], sizes: [4, %[[S]]], strides: [%[[ST0]], %[[ST1]]] : memref<f32> to memref<4x?xf32, strided<[?, ?], offset: ?>>
// CHECK: return %[[RC]]
func.func @subview_dynamic(%m: memref<?x?xf32, strided<[?, ?], offset: ?>>, %o: index, %s: index) -> memref<4x?xf32, strided<[?, ?], offset: ?>> {
  %v = memref.subview %m[%o, 3] [4, %s] [2, %s] : memref<?x?xf32, strided<[?, ?], offset: ?>> to memref<4x?xf32, strided<[?, ?], offset: ?>>
  return %v : memref<4x?xf32, strided<[?, ?], offset: ?>>
}

// -----

// Dropped unit dims do not reach the reinterpret_cast; static strides fold.
// CHECK-DAG: #[[$RR:.*]] = affine_map<()[s0] -> (s0 * 80 + 5)>
// CHECK-LABEL: func.func @rank_reducing(
// CHECK: %[[BASE:.*]], %{{.*}}, %{{.*}}:3, %{{.*}}:3 = memref.extract_strided_metadata %arg0 : memref<6x8x10xi16> -> memref<i16>
// CHECK: %[[OFF:.*]] = affine.apply #[[$RR]]()[%arg1]
// CHECK: memref.reinterpret_cast %[[BASE]] to offset: [%[[OFF]]], sizes: [8], strides: [10] : memref<i16> to memref<8xi16, strided<[10], offset: ?>>
func.func @rank_reducing(%m: memref<6x8x10xi16>, %i: index) -> memref<8xi16, strided<[10], offset: ?>> {
  %v = memref.subview %m[%i, 0, 5] [1, 8, 1] [1, 1, 1] : memref<6x8x10xi16> to memref<8xi16, strided<[10], offset: ?>>
  return %v : memref<8xi16, strided<[10], offset: ?>>
}

// -----

// CHECK-DAG: #[[$DIV5:.*]] = affine_map<()[s0] -> (s0 floordiv 5)>
// CHECK-LABEL: func.func @expand_dynamic(
// CHECK: %[[BASE:.*]], %{{.*}}, %[[SIZES:.*]]:2, %{{.*}}:2 = memref.extract_strided_metadata %arg0
// CHECK: %[[D0:.*]] = affine.apply #[[$DIV5]]()[%[[SIZES]]#0]
// CHECK: memref.reinterpret_cast %[[BASE]] to offset: [0], sizes: [%[[D0]], 5, 2, 12], strides: [120, 24, 12, 1] : memref<f64> to memref<?x5x2x12xf64>
func.func @expand_dynamic(%m: memref<?x24xf64>, %n: index) -> memref<?x5x2x12xf64> {
  %e = memref.expand_shape %m [[0, 1], [2, 3]] output_shape [%n, 5, 2, 12] : memref<?x24xf64> into memref<?x5x2x12xf64>
  return %e : memref<?x5x2x12xf64>
}

// -----

// The strides outside of the dynamic size depend on it.
// CHECK-DAG: #[[$DIV21:.*]] = affine_map<()[s0] -> (s0 floordiv 21)>
// CHECK-DAG: #[[$DIV3:.*]] = affine_map<()[s0] -> (s0 floordiv 3)>
// CHECK-LABEL: func.func @expand_dynamic_middle(
// CHECK: %[[BASE:.*]], %{{.*}}, %[[SIZE:.*]], %{{.*}} = memref.extract_strided_metadata %arg0
// CHECK: %[[D1:.*]] = affine.apply #[[$DIV21]]()[%[[SIZE]]]
// CHECK: %[[ST0:.*]] = affine.apply #[[$DIV3]]()[%[[SIZE]]]
// CHECK: memref.reinterpret_cast %[[BASE]] to offset: [0], sizes: [3, %[[D1]], 7], strides: [%[[ST0]], 7, 1]
func.func @expand_dynamic_middle(%m: memref<?xf32>, %n: index) -> memref<3x?x7xf32> {
  %e = memref.expand_shape %m [[0, 1, 2]] output_shape [3, %n, 7] : memref<?xf32> into memref<3x?x7xf32>
  return %e : memref<3x?x7xf32>
}

// -----

// A collapsed group's stride is the minimum of its strides.
// CHECK-DAG: #[[$TIMES4:.*]] = affine_map<()[s0] -> (s0 * 4)>
// CHECK-DAG: #[[$MIN:.*]] = affine_map<()[s0, s1] -> (s0, s1)>
// CHECK-LABEL: func.func @collapse_strided(
// CHECK: %[[BASE:.*]], %[[OFF:.*]], %[[SIZES:.*]]:3, %[[STRIDES:.*]]:3 = memref.extract_strided_metadata %arg0
// CHECK: %[[SZ:.*]] = affine.apply #[[$TIMES4]]()[%[[SIZES]]#0]
// CHECK: %[[ST:.*]] = affine.min #[[$MIN]]()[%[[STRIDES]]#0, %[[STRIDES]]#1]
// CHECK: memref.reinterpret_cast %[[BASE]] to offset: [%[[OFF]]], sizes: [%[[SZ]], %[[SIZES]]#2], strides: [%[[ST]], 1]
func.func @collapse_strided(%m: memref<?x4x?xi8, strided<[?, ?, 1], offset: ?>>) -> memref<?x?xi8, strided<[?, 1], offset: ?>> {
  %c = memref.collapse_shape %m [[0, 1], [2]] : memref<?x4x?xi8, strided<[?, ?, 1], offset: ?>> into memref<?x?xi8, strided<[?, 1], offset: ?>>
  return %c : memref<?x?xi8, strided<[?, 1], offset: ?>>
}

// -----

// An alloc's metadata is its sizes and row-major strides; the base is a 0-d view of it.
// CHECK-DAG: #[[$TIMES5:.*]] = affine_map<()[s0] -> (s0 * 5)>
// CHECK-LABEL: func.func @metadata_of_alloc(
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C5:.*]] = arith.constant 5 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[A:.*]] = memref.alloc(%arg0) : memref<3x?x5xf32>
// CHECK: %[[ST0:.*]] = affine.apply #[[$TIMES5]]()[%arg0]
// CHECK: %[[B:.*]] = memref.reinterpret_cast %[[A]] to offset: [0], sizes: [], strides: [] : memref<3x?x5xf32> to memref<f32>
// CHECK: return %[[B]], %[[C0]], %[[C3]], %arg0, %[[C5]], %[[ST0]], %[[C5]], %[[C1]]
func.func @metadata_of_alloc(%n: index) -> (memref<f32>, index, index, index, index, index, index, index) {
  %a = memref.alloc(%n) : memref<3x?x5xf32>
  %b, %o, %s:3, %t:3 = memref.extract_strided_metadata %a : memref<3x?x5xf32> -> memref<f32>, index, index, index, index, index, index, index
  return %b, %o, %s#0, %s#1, %s#2, %t#0, %t#1, %t#2 : memref<f32>, index, index, index, index, index, index, index
}

// -----

// CHECK-LABEL: func.func @metadata_of_global(
// CHECK: %[[C3:.*]] = arith.constant 3 : index
// CHECK: %[[G:.*]] = memref.get_global @table : memref<2x3xi32>
// CHECK: %[[B:.*]] = memref.reinterpret_cast %[[G]] to offset: [0], sizes: [], strides: [] : memref<2x3xi32> to memref<i32>
// CHECK: return %[[B]], %[[C3]], %[[C3]]
memref.global "private" constant @table : memref<2x3xi32> = dense<[[1, 2, 3], [4, 5, 6]]>
func.func @metadata_of_global() -> (memref<i32>, index, index) {
  %g = memref.get_global @table : memref<2x3xi32>
  %b, %o, %s:2, %t:2 = memref.extract_strided_metadata %g : memref<2x3xi32> -> memref<i32>, index, index, index, index, index
  return %b, %s#1, %t#0 : memref<i32>, index, index
}

// -----

// The cast's static source type answers what it knows; the rest comes from the source.
// CHECK-LABEL: func.func @metadata_of_cast(
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK: %{{.*}}, %{{.*}}, %[[SIZES:.*]]:2, %[[STRIDES:.*]]:2 = memref.extract_strided_metadata %arg0 : memref<4x?xf32, strided<[?, 1], offset: 8>>
// CHECK: return %[[C8]], %[[C4]], %[[SIZES]]#1, %[[STRIDES]]#0
func.func @metadata_of_cast(%m: memref<4x?xf32, strided<[?, 1], offset: 8>>) -> (index, index, index, index) {
  %c = memref.cast %m : memref<4x?xf32, strided<[?, 1], offset: 8>> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  %b, %o, %s:2, %t:2 = memref.extract_strided_metadata %c : memref<?x?xf32, strided<[?, ?], offset: ?>> -> memref<f32>, index, index, index, index, index
  return %o, %s#0, %s#1, %t#0 : index, index, index, index
}

// -----

// CHECK-LABEL: func.func @aligned_pointer_of_view(
// CHECK-NEXT: %[[P:.*]] = memref.extract_aligned_pointer_as_index %arg0 : memref<16xf32> -> index
// CHECK-NEXT: return %[[P]]
func.func @aligned_pointer_of_view(%m: memref<16xf32>) -> index {
  %v = memref.subview %m[4] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1], offset: 4>>
  %p = memref.extract_aligned_pointer_as_index %v : memref<8xf32, strided<[1], offset: 4>> -> index
  return %p : index
}

// -----

// CHECK-LABEL: func.func @metadata_of_reinterpret_cast(
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C5:.*]] = arith.constant 5 : index
// CHECK: %{{.*}}, %{{.*}}, %[[SIZES:.*]]:2, %{{.*}}:2 = memref.extract_strided_metadata %{{.*}} : memref<?x4xf32, strided<[4, 1], offset: 5>>
// CHECK: return %[[C5]], %[[SIZES]]#0, %[[C4]]
func.func @metadata_of_reinterpret_cast(%m: memref<*xf32>, %sz: index) -> (index, index, index) {
  %r = memref.reinterpret_cast %m to offset: [5], sizes: [%sz, 4], strides: [4, 1] : memref<*xf32> to memref<?x4xf32, strided<[4, 1], offset: 5>>
  %b, %o, %s:2, %t:2 = memref.extract_strided_metadata %r : memref<?x4xf32, strided<[4, 1], offset: 5>> -> memref<f32>, index, index, index, index, index
  return %o, %s#0, %t#0 : index, index, index
}

// -----

// CHECK-DAG: #[[$DIV6:.*]] = affine_map<()[s0] -> (s0 floordiv 6)>
// CHECK-DAG: #[[$TIMES6:.*]] = affine_map<()[s0] -> (s0 * 6)>
// CHECK-LABEL: func.func @expand_dynamic_strided(
// CHECK: %[[BASE:.*]], %[[OFF:.*]], %[[SIZES:.*]]:2, %[[STRIDES:.*]]:2 = memref.extract_strided_metadata %arg0
// CHECK: %[[D0:.*]] = affine.apply #[[$DIV6]]()[%[[SIZES]]#0]
// CHECK: %[[ST0:.*]] = affine.apply #[[$TIMES6]]()[%[[STRIDES]]#0]
// CHECK: memref.reinterpret_cast %[[BASE]] to offset: [%[[OFF]]], sizes: [%[[D0]], 6, %[[SIZES]]#1], strides: [%[[ST0]], %[[STRIDES]]#0, 1]
func.func @expand_dynamic_strided(%m: memref<?x?xf32, strided<[?, 1], offset: ?>>, %n: index) -> memref<?x6x?xf32, strided<[?, ?, 1], offset: ?>> {
  %e = memref.expand_shape %m [[0, 1], [2]] output_shape [%n, 6, %n] : memref<?x?xf32, strided<[?, 1], offset: ?>> into memref<?x6x?xf32, strided<[?, ?, 1], offset: ?>>
  return %e : memref<?x6x?xf32, strided<[?, ?, 1], offset: ?>>
}

// -----

// The outer stride is (size floordiv 10) * stride: a semi-affine map, simplified.
// CHECK-DAG: #[[$DIV10:.*]] = affine_map<()[s0] -> (s0 floordiv 10)>
// CHECK-DAG: #[[$OUTER:.*]] = affine_map<()[s0, s1] -> ((s0 floordiv 10) * s1)>
// CHECK-LABEL: func.func @expand_dynamic_inner(
// CHECK: %[[BASE:.*]], %[[OFF:.*]], %[[SIZE:.*]], %[[STRIDE:.*]] = memref.extract_strided_metadata %arg0
// CHECK: %[[D1:.*]] = affine.apply #[[$DIV10]]()[%[[SIZE]]]
// CHECK: %[[ST0:.*]] = affine.apply #[[$OUTER]]()[%[[SIZE]], %[[STRIDE]]]
// CHECK: memref.reinterpret_cast %[[BASE]] to offset: [%[[OFF]]], sizes: [10, %[[D1]]], strides: [%[[ST0]], %[[STRIDE]]]
func.func @expand_dynamic_inner(%m: memref<?xf32, strided<[?], offset: ?>>, %n: index) -> memref<10x?xf32, strided<[?, ?], offset: ?>> {
  %e = memref.expand_shape %m [[0, 1]] output_shape [10, %n] : memref<?xf32, strided<[?], offset: ?>> into memref<10x?xf32, strided<[?, ?], offset: ?>>
  return %e : memref<10x?xf32, strided<[?, ?], offset: ?>>
}
