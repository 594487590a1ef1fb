// RUN: pyopt %s -linalg-fold-unit-extent-dims -split-input-file | filecheck %s
// RUN: pyopt %s -linalg-fold-unit-extent-dims=use-rank-reducing-slices -split-input-file | filecheck %s --check-prefix=SLICES

// Unit loops are dropped: operands collapsed, the result expanded back.
// CHECK-DAG: #[[$ID2:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @exp_static
// CHECK: %[[A:.*]] = tensor.collapse_shape %arg0 {{\[}}[0, 1], [2]] : tensor<4x1x8xf32> into tensor<4x8xf32>
// CHECK: %[[O:.*]] = tensor.collapse_shape %arg1 {{\[}}[0, 1], [2]] : tensor<4x1x8xf32> into tensor<4x8xf32>
// CHECK: %[[G:.*]] = linalg.generic {indexing_maps = [#[[$ID2]], #[[$ID2]]], iterator_types = ["parallel", "parallel"]} ins(%[[A]] : tensor<4x8xf32>) outs(%[[O]] : tensor<4x8xf32>)
// CHECK: math.exp
// CHECK: tensor.expand_shape %[[G]] {{\[}}[0, 1], [2]] output_shape [4, 1, 8] : tensor<4x8xf32> into tensor<4x1x8xf32>
// SLICES-LABEL: func.func @exp_static
// SLICES: %[[A:.*]] = tensor.extract_slice %arg0[0, 0, 0] [4, 1, 8] [1, 1, 1] : tensor<4x1x8xf32> to tensor<4x8xf32>
// SLICES: %[[O:.*]] = tensor.extract_slice %arg1[0, 0, 0] [4, 1, 8] [1, 1, 1] : tensor<4x1x8xf32> to tensor<4x8xf32>
// SLICES: %[[G:.*]] = linalg.generic {{.*}} ins(%[[A]] : tensor<4x8xf32>) outs(%[[O]] : tensor<4x8xf32>)
// SLICES: tensor.insert_slice %[[G]] into %arg1[0, 0, 0] [4, 1, 8] [1, 1, 1] : tensor<4x8xf32> into tensor<4x1x8xf32>

func.func @exp_static(%a: tensor<4x1x8xf32>, %o: tensor<4x1x8xf32>) -> tensor<4x1x8xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>, affine_map<(i, j, k) -> (i, j, k)>],
                       iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%a : tensor<4x1x8xf32>) outs(%o : tensor<4x1x8xf32>) {
  ^bb0(%x: f32, %y: f32):
    %e = math.exp %x : f32
    linalg.yield %e : f32
  } -> tensor<4x1x8xf32>
  return %r : tensor<4x1x8xf32>
}

// -----

// A dynamic size of the expanded result is computed from the operand it came from.
// CHECK-DAG: #[[$PROD:.*]] = affine_map<()[s0, s1] -> (s0 * s1)>
// CHECK-LABEL: func.func @row_sum
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK: tensor.collapse_shape %arg0 {{\[}}[0, 1], [2]] : tensor<?x1x6xf32> into tensor<?x6xf32>
// CHECK: tensor.collapse_shape %arg1 {{\[}}[0, 1]] : tensor<?x1xf32> into tensor<?xf32>
// CHECK: %[[G:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
// CHECK: %[[D:.*]] = tensor.dim %arg0, %[[C0]] : tensor<?x1x6xf32>
// CHECK: %[[N:.*]] = affine.apply #[[$PROD]]()[%[[D]], %[[C1]]]
// CHECK: tensor.expand_shape %[[G]] {{\[}}[0, 1]] output_shape [%[[N]], 1] : tensor<?xf32> into tensor<?x1xf32>
// SLICES-LABEL: func.func @row_sum
// SLICES: %[[C0:.*]] = arith.constant 0 : index
// SLICES: %[[D:.*]] = tensor.dim %arg0, %[[C0]] : tensor<?x1x6xf32>
// SLICES: %[[A:.*]] = tensor.extract_slice %arg0[0, 0, 0] [%[[D]], 1, 6] [1, 1, 1] : tensor<?x1x6xf32> to tensor<?x6xf32>
// SLICES: %[[D2:.*]] = tensor.dim %arg1, %[[C0]] : tensor<?x1xf32>
// SLICES: %[[O:.*]] = tensor.extract_slice %arg1[0, 0] [%[[D2]], 1] [1, 1] : tensor<?x1xf32> to tensor<?xf32>
// SLICES: %[[G:.*]] = linalg.generic {{.*}} ins(%[[A]] : tensor<?x6xf32>) outs(%[[O]] : tensor<?xf32>)
// SLICES: %[[D3:.*]] = tensor.dim %arg1, %[[C0]] : tensor<?x1xf32>
// SLICES: tensor.insert_slice %[[G]] into %arg1[0, 0] [%[[D3]], 1] [1, 1] : tensor<?xf32> into tensor<?x1xf32>

func.func @row_sum(%a: tensor<?x1x6xf32>, %acc: tensor<?x1xf32>) -> tensor<?x1xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>, affine_map<(i, j, k) -> (i, j)>],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a : tensor<?x1x6xf32>) outs(%acc : tensor<?x1xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<?x1xf32>
  return %r : tensor<?x1xf32>
}

// -----

// linalg.index of a dropped loop is 0; the others are renumbered.
// CHECK-LABEL: func.func @iota
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel"]} outs(%{{.*}} : tensor<5xi64>)
// CHECK-NEXT: ^bb0(%{{.*}}: i64):
// CHECK-NEXT:   %[[J:.*]] = linalg.index 0 : index
// CHECK-NEXT:   %[[I:.*]] = arith.index_cast %[[J]] : index to i64
// CHECK-NEXT:   linalg.yield %[[I]] : i64
// SLICES-LABEL: func.func @iota
// SLICES: linalg.index 0 : index
// SLICES-NOT: linalg.index

func.func @iota(%o: tensor<1x5xi64>) -> tensor<1x5xi64> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      outs(%o : tensor<1x5xi64>) {
  ^bb0(%y: i64):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %s = arith.addi %i, %j : index
    %c = arith.index_cast %s : index to i64
    linalg.yield %c : i64
  } -> tensor<1x5xi64>
  return %r : tensor<1x5xi64>
}

// -----

// CHECK-LABEL: func.func @copy_buffers
// CHECK: %[[A:.*]] = memref.collapse_shape %arg0 {{\[}}[0, 1, 2]] : memref<1x3x1xf32> into memref<3xf32>
// CHECK: %[[B:.*]] = memref.collapse_shape %arg1 {{\[}}[0, 1, 2]] : memref<1x3x1xf32> into memref<3xf32>
// CHECK: linalg.generic {{.*}} ins(%[[A]] : memref<3xf32>) outs(%[[B]] : memref<3xf32>)
// SLICES-LABEL: func.func @copy_buffers
// SLICES: %[[A:.*]] = memref.subview %arg0[0, 0, 0] [1, 3, 1] [1, 1, 1] : memref<1x3x1xf32> to memref<3xf32, strided<[1]>>
// SLICES: %[[B:.*]] = memref.subview %arg1[0, 0, 0] [1, 3, 1] [1, 1, 1] : memref<1x3x1xf32> to memref<3xf32, strided<[1]>>
// SLICES: linalg.generic {{.*}} ins(%[[A]] : memref<3xf32, strided<[1]>>) outs(%[[B]] : memref<3xf32, strided<[1]>>)

func.func @copy_buffers(%a: memref<1x3x1xf32>, %b: memref<1x3x1xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>, affine_map<(i, j, k) -> (i, j, k)>],
                  iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%a : memref<1x3x1xf32>) outs(%b : memref<1x3x1xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  return
}

// -----

// A unit dim padded by nothing is dropped from the pad.
// CHECK-LABEL: func.func @pad_rows
// CHECK: %[[A:.*]] = tensor.collapse_shape %arg0 {{\[}}[0, 1]] : tensor<1x7xf32> into tensor<7xf32>
// CHECK: %[[P:.*]] = tensor.pad %[[A]] low[1] high[2]
// CHECK: tensor.yield %arg1 : f32
// CHECK: } : tensor<7xf32> to tensor<10xf32>
// CHECK: tensor.expand_shape %[[P]] {{\[}}[0, 1]] output_shape [1, 10] : tensor<10xf32> into tensor<1x10xf32>
// SLICES-LABEL: func.func @pad_rows
// SLICES: %[[A:.*]] = tensor.extract_slice %arg0[0, 0] [1, 7] [1, 1] : tensor<1x7xf32> to tensor<7xf32>
// SLICES: %[[P:.*]] = tensor.pad %[[A]] low[1] high[2]
// SLICES: %[[E:.*]] = tensor.empty() : tensor<1x10xf32>
// SLICES: tensor.insert_slice %[[P]] into %[[E]][0, 0] [1, 10] [1, 1] : tensor<10xf32> into tensor<1x10xf32>

func.func @pad_rows(%a: tensor<1x7xf32>, %v: f32) -> tensor<1x10xf32> {
  %p = tensor.pad %a low[0, 1] high[0, 2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<1x7xf32> to tensor<1x10xf32>
  return %p : tensor<1x10xf32>
}

// -----

// With reshapes, slices with unit dims become rank-reducing ones.
// CHECK-LABEL: func.func @slices
// CHECK: %[[S:.*]] = tensor.extract_slice %arg0[1, 0, 0] [1, 1, 5] [1, 1, 1] : tensor<2x1x5xf32> to tensor<5xf32>
// CHECK: %[[E:.*]] = tensor.expand_shape %[[S]] {{\[}}[0, 1, 2]] output_shape [1, 1, 5] : tensor<5xf32> into tensor<1x1x5xf32>
// CHECK: %[[C:.*]] = tensor.collapse_shape %arg1 {{\[}}[0, 1]] : tensor<1x4xf32> into tensor<4xf32>
// CHECK: %[[I:.*]] = tensor.insert_slice %[[C]] into %arg2[3, 2] [1, 4] [1, 1] : tensor<4xf32> into tensor<8x8xf32>
// CHECK: return %[[E]], %[[I]]
// SLICES-LABEL: func.func @slices
// SLICES: tensor.extract_slice %arg0[1, 0, 0] [1, 1, 5] [1, 1, 1] : tensor<2x1x5xf32> to tensor<1x1x5xf32>
// SLICES: tensor.insert_slice %arg1 into %arg2[3, 2] [1, 4] [1, 1] : tensor<1x4xf32> into tensor<8x8xf32>

func.func @slices(%a: tensor<2x1x5xf32>, %b: tensor<1x4xf32>, %d: tensor<8x8xf32>) -> (tensor<1x1x5xf32>, tensor<8x8xf32>) {
  %s = tensor.extract_slice %a[1, 0, 0] [1, 1, 5] [1, 1, 1] : tensor<2x1x5xf32> to tensor<1x1x5xf32>
  %i = tensor.insert_slice %b into %d[3, 2] [1, 4] [1, 1] : tensor<1x4xf32> into tensor<8x8xf32>
  return %s, %i : tensor<1x1x5xf32>, tensor<8x8xf32>
}

// -----

// Once its only reduction loop is gone, a generic reading its init reads it as an input and
// writes a new tensor.empty.
// CHECK-DAG: #[[$ID1:.*]] = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @unit_reduction
// CHECK-DAG: %[[A:.*]] = tensor.collapse_shape %arg0 {{\[}}[0, 1]] : tensor<4x1xf32> into tensor<4xf32>
// CHECK-DAG: %[[E:.*]] = tensor.empty() : tensor<4xf32>
// CHECK: linalg.generic {indexing_maps = [#[[$ID1]], #[[$ID1]], #[[$ID1]]], iterator_types = ["parallel"]} ins(%[[A]], %arg1 : tensor<4xf32>, tensor<4xf32>) outs(%[[E]] : tensor<4xf32>)
// CHECK-NEXT: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:   %[[S:.*]] = arith.addf %[[X]], %[[Y]] : f32
// CHECK-NEXT:   linalg.yield %[[S]] : f32
// SLICES-LABEL: func.func @unit_reduction
// SLICES: %[[E:.*]] = tensor.empty() : tensor<4xf32>
// SLICES: %[[A:.*]] = tensor.extract_slice %arg0[0, 0] [4, 1] [1, 1] : tensor<4x1xf32> to tensor<4xf32>
// SLICES: linalg.generic {{.*}} ins(%[[A]], %arg1 : tensor<4xf32>, tensor<4xf32>) outs(%[[E]] : tensor<4xf32>)

func.func @unit_reduction(%a: tensor<4x1xf32>, %acc: tensor<4xf32>) -> tensor<4xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                       iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<4x1xf32>) outs(%acc : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}
