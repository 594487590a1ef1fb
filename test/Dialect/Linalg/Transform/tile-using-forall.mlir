// RUN: pyopt %s --transform-interpreter --split-input-file -mlir-print-local-scope | filecheck %s

// CHECK-LABEL: func.func @matmul_tile_sizes(
// CHECK-SAME:      %[[A:.+]]: tensor<?x?xf32>, %[[B:.+]]: tensor<?x?xf32>, %[[C:.+]]: tensor<?x?xf32>)
// CHECK:         %[[M:.+]] = tensor.dim %[[A]], %{{.+}} : tensor<?x?xf32>
// CHECK:         %[[K:.+]] = tensor.dim %[[A]], %{{.+}} : tensor<?x?xf32>
// CHECK:         tensor.dim %[[B]], %{{.+}} : tensor<?x?xf32>
// CHECK:         %[[N:.+]] = tensor.dim %[[B]], %{{.+}} : tensor<?x?xf32>
// CHECK:         %[[TM:.+]] = affine.apply affine_map<()[s0] -> (s0 ceildiv 4)>()[%[[M]]]
// CHECK:         %[[TN:.+]] = affine.apply affine_map<()[s0] -> (s0 ceildiv 8)>()[%[[N]]]
// CHECK:         %[[M2:.+]] = tensor.dim %[[A]], %{{.+}} : tensor<?x?xf32>
// CHECK:         %[[K2:.+]] = tensor.dim %[[A]], %{{.+}} : tensor<?x?xf32>
// CHECK:         tensor.dim %[[B]], %{{.+}} : tensor<?x?xf32>
// CHECK:         %[[N2:.+]] = tensor.dim %[[B]], %{{.+}} : tensor<?x?xf32>
// CHECK:         %[[R:.+]] = scf.forall (%[[I:.+]], %[[J:.+]]) in (%[[TM]], %[[TN]]) shared_outs(%[[OUT:.+]] = %[[C]]) -> (tensor<?x?xf32>) {
// CHECK:           %[[SM:.+]] = affine.min affine_map<(d0)[s0] -> (d0 * -4 + s0, 4)>(%[[I]])[%[[M2]]]
// CHECK:           %[[SN:.+]] = affine.min affine_map<(d0)[s0] -> (d0 * -8 + s0, 8)>(%[[J]])[%[[N2]]]
// CHECK:           %[[OI:.+]] = affine.apply affine_map<(d0) -> (d0 * 4)>(%[[I]])
// CHECK:           %[[OJ:.+]] = affine.apply affine_map<(d0) -> (d0 * 8)>(%[[J]])
// CHECK:           %[[SA:.+]] = tensor.extract_slice %[[A]][%[[OI]], 0] [%[[SM]], %[[K2]]] [1, 1]
// CHECK:           %[[SB:.+]] = tensor.extract_slice %[[B]][0, %[[OJ]]] [%[[K2]], %[[SN]]] [1, 1]
// CHECK:           %[[SC:.+]] = tensor.extract_slice %[[OUT]][%{{.+}}, %{{.+}}] [%[[SM]], %[[SN]]] [1, 1]
// CHECK:           %[[T:.+]] = linalg.matmul ins(%[[SA]], %[[SB]] : tensor<?x?xf32>, tensor<?x?xf32>) outs(%[[SC]] : tensor<?x?xf32>) -> tensor<?x?xf32>
// CHECK:           scf.forall.in_parallel {
// CHECK-NEXT:        tensor.parallel_insert_slice %[[T]] into %[[OUT]][%{{.+}}, %{{.+}}] [%[[SM]], %[[SN]]] [1, 1] : tensor<?x?xf32> into tensor<?x?xf32>
// CHECK:         return %[[R]] : tensor<?x?xf32>
// tile_using_forall with tile sizes: a dynamic matmul gets ceildiv(size, tile) threads per
// tiled dim and boundary tiles bounded with affine.min.
func.func @matmul_tile_sizes(%A: tensor<?x?xf32>, %B: tensor<?x?xf32>, %C: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = linalg.matmul ins(%A, %B : tensor<?x?xf32>, tensor<?x?xf32>) outs(%C : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %f = transform.structured.tile_using_forall %mm tile_sizes [4, 8] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// CHECK-LABEL: func.func @add_num_threads(
// CHECK-SAME:      %[[A:.+]]: tensor<10x16xf32>, %[[B:.+]]: tensor<10x16xf32>)
// CHECK:         scf.forall (%[[I:.+]]) in (3) shared_outs(%[[OUT:.+]] = %[[B]]) -> (tensor<10x16xf32>) {
// CHECK:           %[[MIN:.+]] = affine.min affine_map<(d0) -> (d0 * -4 + 10, 4)>(%[[I]])
// CHECK:           %[[SZ:.+]] = affine.max affine_map<(d0) -> (0, d0)>(%[[MIN]])
// CHECK:           %[[OFF:.+]] = affine.apply affine_map<(d0) -> (d0 * 4)>(%[[I]])
// CHECK:           tensor.extract_slice %[[A]][%[[OFF]], 0] [%[[SZ]], 16] [1, 1] : tensor<10x16xf32> to tensor<?x16xf32>
// CHECK:           %[[T:.+]] = linalg.add ins(%{{.+}}, %{{.+}} : tensor<?x16xf32>, tensor<?x16xf32>) outs(%{{.+}} : tensor<?x16xf32>) -> tensor<?x16xf32>
// CHECK:           tensor.parallel_insert_slice %[[T]] into %[[OUT]][%{{.+}}, 0] [%[[SZ]], 16] [1, 1] : tensor<?x16xf32> into tensor<10x16xf32>
// tile_using_forall with thread counts on a static elementwise op: 3 threads over 10 rows
// (tiles of 4, the last one bounded), the columns untiled.
func.func @add_num_threads(%a: tensor<10x16xf32>, %b: tensor<10x16xf32>) -> tensor<10x16xf32> {
  %0 = linalg.add ins(%a, %a : tensor<10x16xf32>, tensor<10x16xf32>) outs(%b : tensor<10x16xf32>) -> tensor<10x16xf32>
  return %0 : tensor<10x16xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["linalg.add"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %f = transform.structured.tile_using_forall %op num_threads [3, 0] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

