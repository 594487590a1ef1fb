// RUN: pyopt %s -split-input-file | pyopt -split-input-file | filecheck %s
// RUN: pyopt %s -split-input-file -mlir-print-op-generic | pyopt -split-input-file | filecheck %s

// Structured ops print back in their short forms, also after a trip through the generic form.

#row = affine_map<(i, j) -> (i, j)>
#col = affine_map<(i, j) -> (j)>
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[COL:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @generic_forms
func.func @generic_forms(%m: memref<?x?xf32>, %v: memref<?xf32>, %t: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // CHECK: linalg.generic {doc = "sum rows", indexing_maps = [#[[ID]], #[[COL]]], iterator_types = ["reduction", "parallel"], library_call = "rowsum"} ins(%{{.*}} : memref<?x?xf32>) outs(%{{.*}} : memref<?xf32>) attrs =  {tag = 7 : i32} {
  // CHECK-NEXT: ^bb0(%in: f32, %out: f32):
  linalg.generic {indexing_maps = [#row, #col], iterator_types = ["reduction", "parallel"],
                  doc = "sum rows", library_call = "rowsum"}
      ins(%m : memref<?x?xf32>) outs(%v : memref<?xf32>) attrs = {tag = 7 : i32} {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  }
  // CHECK: %[[E:.*]] = tensor.empty() : tensor<2x3xf32>
  %e = tensor.empty() : tensor<2x3xf32>
  // CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%{{.*}} : tensor<2x3xf32>) outs(%[[E]] : tensor<2x3xf32>) {
  // CHECK: linalg.index 1 : index
  // CHECK: } -> tensor<2x3xf32>
  %r = linalg.generic {indexing_maps = [#row, #row], iterator_types = ["parallel", "parallel"]}
      ins(%t : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) {
  ^bb0(%a: f32, %b: f32):
    %j = linalg.index 1 : index
    linalg.yield %a : f32
  } -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @named
func.func @named(%a: memref<4x8xf32>, %b: memref<8x16xf32>, %c: memref<4x16xf32>,
                 %img: tensor<1x9x9x3xi8>, %k: tensor<3x3x3x2xi8>, %o: tensor<1x4x4x2xi32>,
                 %s: f32) -> tensor<1x4x4x2xi32> {
  // CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : memref<4x8xf32>, memref<8x16xf32>) outs(%{{.*}} : memref<4x16xf32>)
  linalg.matmul ins(%a, %b : memref<4x8xf32>, memref<8x16xf32>) outs(%c : memref<4x16xf32>)
  // CHECK: linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins
  linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%a, %b : memref<4x8xf32>, memref<8x16xf32>) outs(%c : memref<4x16xf32>)
  // CHECK: %{{.*}} = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%{{.*}}, %{{.*}} : tensor<1x9x9x3xi8>, tensor<3x3x3x2xi8>) outs(%{{.*}} : tensor<1x4x4x2xi32>) -> tensor<1x4x4x2xi32>
  %r = linalg.conv_2d_nhwc_hwcf {strides = dense<2> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}
      ins(%img, %k : tensor<1x9x9x3xi8>, tensor<3x3x3x2xi8>) outs(%o : tensor<1x4x4x2xi32>) -> tensor<1x4x4x2xi32>
  // CHECK: linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : memref<4x16xf32>)
  linalg.fill ins(%s : f32) outs(%c : memref<4x16xf32>)
  // CHECK: linalg.elemwise_binary {fun = #linalg.binary_fn<max_signed>} ins
  linalg.elemwise_binary {fun = #linalg.binary_fn<max_signed>} ins(%c, %s : memref<4x16xf32>, f32) outs(%c : memref<4x16xf32>)
  return %r : tensor<1x4x4x2xi32>
}

// -----

// CHECK-LABEL: func.func @dst_ops
func.func @dst_ops(%x: tensor<4x8xf32>, %y: tensor<4x8xf32>, %acc: tensor<4xf32>,
                   %tr: tensor<8x4xf32>, %big: tensor<4x2x8xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  // CHECK: %mapped = linalg.map { arith.addf } ins(%{{.*}}, %{{.*}} : tensor<4x8xf32>, tensor<4x8xf32>) outs(%{{.*}} : tensor<4x8xf32>)
  %m = linalg.map { arith.addf } ins(%x, %y : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>)
  // A payload that is not a single op keeps its region.
  // CHECK: %mapped_0 = linalg.map ins(%mapped : tensor<4x8xf32>) outs(%{{.*}} : tensor<4x8xf32>)
  // CHECK-NEXT: (%in: f32) {
  // CHECK-NEXT:   %[[D:.*]] = arith.mulf %in, %in : f32
  // CHECK-NEXT:   linalg.yield %[[D]] : f32
  // CHECK-NEXT: }
  %sq = linalg.map ins(%m : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>)
    (%v: f32) {
      %d = arith.mulf %v, %v : f32
      linalg.yield %d : f32
    }
  // CHECK: %reduced = linalg.reduce { arith.maximumf } ins(%{{.*}} : tensor<4x8xf32>) outs(%{{.*}} : tensor<4xf32>) dimensions = [1]
  %red = linalg.reduce { arith.maximumf } ins(%sq : tensor<4x8xf32>) outs(%acc : tensor<4xf32>) dimensions = [1]
  // CHECK: %transposed = linalg.transpose ins(%{{.*}} : tensor<4x8xf32>) outs(%{{.*}} : tensor<8x4xf32>) permutation = [1, 0]
  %t = linalg.transpose ins(%x : tensor<4x8xf32>) outs(%tr : tensor<8x4xf32>) permutation = [1, 0]
  // CHECK: %broadcasted = linalg.broadcast ins(%{{.*}} : tensor<4x8xf32>) outs(%{{.*}} : tensor<4x2x8xf32>) dimensions = [1]
  %b = linalg.broadcast ins(%x : tensor<4x8xf32>) outs(%big : tensor<4x2x8xf32>) dimensions = [1]
  // CHECK: linalg.softmax dimension(1) ins(%{{.*}} : tensor<4x8xf32>) outs(%{{.*}} : tensor<4x8xf32>) -> tensor<4x8xf32>
  %sm = linalg.softmax dimension(1) ins(%x : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %red : tensor<4xf32>
}
