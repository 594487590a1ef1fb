// RUN: pyopt %s --transform-interpreter --split-input-file -mlir-print-local-scope | filecheck %s

// CHECK-LABEL: func.func @fuse_fill(
// CHECK-SAME:      %[[A:.+]]: tensor<64x32xf32>, %[[B:.+]]: tensor<32x48xf32>)
// CHECK:         %[[CST:.+]] = arith.constant 0.000000e+00 : f32
// CHECK:         %[[E:.+]] = tensor.empty() : tensor<64x48xf32>
// CHECK:         %[[R:.+]] = scf.forall (%{{.+}}, %{{.+}}) in (4, 3) shared_outs(%[[OUT:.+]] = %[[E]]) -> (tensor<64x48xf32>) {
// CHECK:           %[[SA:.+]] = tensor.extract_slice %[[A]][%{{.+}}, 0] [16, 32] [1, 1] : tensor<64x32xf32> to tensor<16x32xf32>
// CHECK:           %[[SB:.+]] = tensor.extract_slice %[[B]][0, %{{.+}}] [32, 16] [1, 1] : tensor<32x48xf32> to tensor<32x16xf32>
// CHECK:           %[[SC:.+]] = tensor.extract_slice %[[OUT]][%{{.+}}, %{{.+}}] [16, 16] [1, 1] : tensor<64x48xf32> to tensor<16x16xf32>
// CHECK:           %[[F:.+]] = linalg.fill ins(%[[CST]] : f32) outs(%[[SC]] : tensor<16x16xf32>) -> tensor<16x16xf32>
// CHECK:           %[[T:.+]] = linalg.matmul ins(%[[SA]], %[[SB]] : tensor<16x32xf32>, tensor<32x16xf32>) outs(%[[F]] : tensor<16x16xf32>) -> tensor<16x16xf32>
// CHECK:           tensor.parallel_insert_slice %[[T]] into %[[OUT]]
// CHECK:         return %[[R]] : tensor<64x48xf32>
// A fill feeding a matmul's accumulator, fused into the scf.forall that tiles the matmul: the
// fill is computed on the forall's shared output, per tile.
func.func @fuse_fill(%A: tensor<64x32xf32>, %B: tensor<32x48xf32>) -> tensor<64x48xf32> {
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x48xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<64x48xf32>) -> tensor<64x48xf32>
  %0 = linalg.matmul ins(%A, %B : tensor<64x32xf32>, tensor<32x48xf32>) outs(%f : tensor<64x48xf32>) -> tensor<64x48xf32>
  return %0 : tensor<64x48xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %fill = transform.structured.match ops{["linalg.fill"]} in %root : (!transform.any_op) -> !transform.any_op
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %forall = transform.structured.tile_using_forall %mm tile_sizes [16, 16] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %fused, %new = transform.structured.fuse_into_containing_op %fill into %forall : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// CHECK-LABEL: func.func @fuse_exp(
// CHECK-SAME:      %[[A:.+]]: tensor<64x32xf32>, %[[B:.+]]: tensor<32x48xf32>, %[[C:.+]]: tensor<64x48xf32>)
// CHECK:         %[[E:.+]] = tensor.empty() : tensor<64x32xf32>
// CHECK:         scf.for %[[I:.+]] = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%[[ACC0:.+]] = %[[C]]) -> (tensor<64x48xf32>) {
// CHECK:           scf.for %[[K:.+]] = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%[[ACC1:.+]] = %[[ACC0]]) -> (tensor<64x48xf32>) {
// CHECK:             %[[SA:.+]] = tensor.extract_slice %[[A]][%[[I]], %[[K]]] [16, 8] [1, 1] : tensor<64x32xf32> to tensor<16x8xf32>
// CHECK:             %[[SE:.+]] = tensor.extract_slice %[[E]][%[[I]], %[[K]]] [16, 8] [1, 1] : tensor<64x32xf32> to tensor<16x8xf32>
// CHECK:             %[[X:.+]] = linalg.exp ins(%[[SA]] : tensor<16x8xf32>) outs(%[[SE]] : tensor<16x8xf32>) -> tensor<16x8xf32>
// CHECK:             %[[SB:.+]] = tensor.extract_slice %[[B]][%[[K]], 0] [8, 48] [1, 1] : tensor<32x48xf32> to tensor<8x48xf32>
// CHECK:             %[[SC:.+]] = tensor.extract_slice %[[ACC1]][%[[I]], 0] [16, 48] [1, 1] : tensor<64x48xf32> to tensor<16x48xf32>
// CHECK:             %[[T:.+]] = linalg.matmul ins(%[[X]], %[[SB]] : tensor<16x8xf32>, tensor<8x48xf32>) outs(%[[SC]] : tensor<16x48xf32>) -> tensor<16x48xf32>
// CHECK:             tensor.insert_slice %[[T]] into %[[ACC1]][%[[I]], 0] [16, 48] [1, 1] : tensor<16x48xf32> into tensor<64x48xf32>
// transform.structured.fuse: an elementwise producer of the matmul's left operand tiled and
// fused into the scf.for nest of the matmul.
func.func @fuse_exp(%A: tensor<64x32xf32>, %B: tensor<32x48xf32>, %C: tensor<64x48xf32>) -> tensor<64x48xf32> {
  %e = tensor.empty() : tensor<64x32xf32>
  %x = linalg.exp ins(%A : tensor<64x32xf32>) outs(%e : tensor<64x32xf32>) -> tensor<64x32xf32>
  %0 = linalg.matmul ins(%x, %B : tensor<64x32xf32>, tensor<32x48xf32>) outs(%C : tensor<64x48xf32>) -> tensor<64x48xf32>
  return %0 : tensor<64x48xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %loops:2 = transform.structured.fuse %mm [16, 0, 8] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

