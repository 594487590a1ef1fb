// RUN: pyopt %s -split-input-file -test-linalg-transform-patterns=test-decompose-winograd-ops | filecheck %s

func.func @filter_f23(%f: tensor<4x3x3x2xf32>) -> tensor<4x4x2x4xf32> {
  %e = tensor.empty() : tensor<4x4x2x4xf32>
  %r = linalg.winograd_filter_transform m(2) r(3) ins(%f : tensor<4x3x3x2xf32>) outs(%e : tensor<4x4x2x4xf32>) -> tensor<4x4x2x4xf32>
  return %r : tensor<4x4x2x4xf32>
}

// CHECK-LABEL: func.func @filter_f23(
// CHECK-SAME: %[[F:.*]]: tensor<4x3x3x2xf32>)
// CHECK-DAG: %[[GT:.*]] = arith.constant dense<{{\[}}[-1.000000e+00, 5.000000e-01, 5.000000e-01, 0.000000e+00], [0.000000e+00, -5.000000e-01, 5.000000e-01, 0.000000e+00], [0.000000e+00, 5.000000e-01, 5.000000e-01, 1.000000e+00]]> : tensor<3x4xf32>
// CHECK-DAG: %[[G:.*]] = arith.constant dense<{{\[}}[-1.000000e+00, 0.000000e+00, 0.000000e+00], [5.000000e-01, -5.000000e-01, 5.000000e-01], [5.000000e-01, 5.000000e-01, 5.000000e-01], [0.000000e+00, 0.000000e+00, 1.000000e+00]]> : tensor<4x3xf32>
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK: %[[E:.*]] = tensor.empty() : tensor<4x4x2x4xf32>
// CHECK: %[[R:.*]] = scf.for %[[I:.*]] = %[[C0]] to %[[C4]] step %[[C1]] iter_args(%[[A:.*]] = %[[E]])
// CHECK: scf.for %[[J:.*]] = %[[C0]] to %[[C2]] step %[[C1]] iter_args(%[[B:.*]] = %[[A]])
// CHECK: %[[T:.*]] = tensor.extract_slice %[[F]][%[[I]], %[[C0]], %[[C0]], %[[J]]] [1, 3, 3, 1] [1, 1, 1, 1] : tensor<4x3x3x2xf32> to tensor<3x3xf32>
// CHECK: %[[L:.*]] = linalg.matmul ins(%[[G]], %[[T]] : tensor<4x3xf32>, tensor<3x3xf32>)
// CHECK: %[[LR:.*]] = linalg.matmul ins(%[[L]], %[[GT]] : tensor<4x3xf32>, tensor<3x4xf32>)
// CHECK: %[[INS:.*]] = tensor.insert_slice %[[LR]] into %[[B]][%[[C0]], %[[C0]], %[[J]], %[[I]]] [4, 4, 1, 1] [1, 1, 1, 1]
// CHECK: scf.yield %[[INS]]
// CHECK: return %[[R]]

// -----
func.func @input_f25(%i: tensor<1x10x10x3xf32>, %o: tensor<6x6x3x3x1x3xf32>) -> tensor<6x6x3x3x1x3xf32> {
  %r = linalg.winograd_input_transform m(2) r(5) ins(%i : tensor<1x10x10x3xf32>) outs(%o : tensor<6x6x3x3x1x3xf32>) -> tensor<6x6x3x3x1x3xf32>
  return %r : tensor<6x6x3x3x1x3xf32>
}

// CHECK-DAG: #[[$TIMES2:.*]] = affine_map<(d0) -> (d0 * 2)>
// CHECK-LABEL: func.func @input_f25(
// CHECK-SAME: %[[I:.*]]: tensor<1x10x10x3xf32>, %[[O:.*]]: tensor<6x6x3x3x1x3xf32>)
// CHECK: scf.for %[[H:[a-z0-9]+]] =
// CHECK: scf.for %[[W:[a-z0-9]+]] =
// CHECK: scf.for %[[N:[a-z0-9]+]] =
// CHECK: scf.for %[[C:[a-z0-9]+]] = {{.*}} iter_args(%[[ACC:.*]] = %{{.*}})
// CHECK: %[[HO:.*]] = affine.apply #[[$TIMES2]](%[[H]])
// CHECK: %[[WO:.*]] = affine.apply #[[$TIMES2]](%[[W]])
// CHECK: %[[T:.*]] = tensor.extract_slice %[[I]][%[[N]], %[[HO]], %[[WO]], %[[C]]] [1, 6, 6, 1] [1, 1, 1, 1] : tensor<1x10x10x3xf32> to tensor<6x6xf32>
// CHECK: linalg.matmul ins(%{{.*}}, %[[T]] : tensor<6x6xf32>, tensor<6x6xf32>)
// CHECK: %[[V:.*]] = linalg.matmul
// CHECK: tensor.insert_slice %[[V]] into %[[ACC]][0, 0, %[[H]], %[[W]], %[[N]], %[[C]]] [6, 6, 1, 1, 1, 1] [1, 1, 1, 1, 1, 1]

// -----
func.func @output_f23(%v: tensor<4x4x2x2x1x3xf32>, %o: tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32> {
  %r = linalg.winograd_output_transform m(2) r(3) ins(%v : tensor<4x4x2x2x1x3xf32>) outs(%o : tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
  return %r : tensor<1x4x4x3xf32>
}

// CHECK-LABEL: func.func @output_f23(
// CHECK-NOT: linalg.mul
// CHECK: tensor.extract_slice %{{.*}}[0, 0, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] [4, 4, 1, 1, 1, 1] [1, 1, 1, 1, 1, 1] : tensor<4x4x2x2x1x3xf32> to tensor<4x4xf32>
// CHECK: linalg.matmul {{.*}} -> tensor<2x4xf32>
// CHECK: %[[Y:.*]] = linalg.matmul {{.*}} -> tensor<2x2xf32>
// CHECK: tensor.insert_slice %[[Y]] into %{{.*}} [1, 2, 2, 1] [1, 1, 1, 1] : tensor<2x2xf32> into tensor<1x4x4x3xf32>

// -----
func.func @output_f43_1d(%v: tensor<6x1x2x5x1x3xf32>, %o: tensor<1x8x5x3xf32>) -> tensor<1x8x5x3xf32> {
  %r = linalg.winograd_output_transform m(4) r(3) ins(%v : tensor<6x1x2x5x1x3xf32>) outs(%o : tensor<1x8x5x3xf32>) -> tensor<1x8x5x3xf32>
  return %r : tensor<1x8x5x3xf32>
}

// The 1-D variant multiplies on the left only, then by the table's scale (32).
// CHECK-DAG: #[[$SC:.*]] = affine_map<(d0, d1) -> ()>
// CHECK-LABEL: func.func @output_f43_1d(
// CHECK-DAG: %[[S:.*]] = arith.constant 3.200000e+01 : f32
// CHECK: %[[T:.*]] = tensor.extract_slice %{{.*}} [6, 1, 1, 1, 1, 1] [1, 1, 1, 1, 1, 1] : tensor<6x1x2x5x1x3xf32> to tensor<6x1xf32>
// CHECK: %[[Y:.*]] = linalg.matmul ins(%{{.*}}, %[[T]] : tensor<4x6xf32>, tensor<6x1xf32>)
// CHECK: %[[E:.*]] = tensor.empty() : tensor<4x1xf32>
// CHECK: %[[B:.*]] = linalg.generic {indexing_maps = [#[[$SC]], #{{.*}}], {{.*}}} ins(%[[S]] : f32) outs(%[[E]] : tensor<4x1xf32>)
// CHECK: %[[M:.*]] = linalg.mul ins(%[[B]], %[[Y]] : tensor<4x1xf32>, tensor<4x1xf32>) outs(%[[E]] : tensor<4x1xf32>)
// CHECK: tensor.insert_slice %[[M]] into %{{.*}} [1, 4, 1, 1] [1, 1, 1, 1]
