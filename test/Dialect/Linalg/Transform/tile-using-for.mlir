// RUN: pyopt %s --transform-interpreter --split-input-file -mlir-print-local-scope | filecheck %s

// CHECK-LABEL: func.func @matmul_static(
// CHECK-SAME:      %[[A:.+]]: tensor<10x20xf32>, %[[B:.+]]: tensor<20x30xf32>, %[[C:.+]]: tensor<10x30xf32>)
// CHECK-DAG:     %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG:     %[[C10:.+]] = arith.constant 10 : index
// CHECK-DAG:     %[[C4:.+]] = arith.constant 4 : index
// CHECK:         %[[R:.+]] = scf.for %[[I:.+]] = %[[C0]] to %[[C10]] step %[[C4]] iter_args(%[[ACC0:.+]] = %[[C]]) -> (tensor<10x30xf32>) {
// CHECK:           %[[R1:.+]] = scf.for %[[K:.+]] = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%[[ACC1:.+]] = %[[ACC0]]) -> (tensor<10x30xf32>) {
// CHECK:             %[[M:.+]] = affine.min affine_map<(d0) -> (4, -d0 + 10)>(%[[I]])
// CHECK:             %[[SA:.+]] = tensor.extract_slice %[[A]][%[[I]], %[[K]]] [%[[M]], 5] [1, 1] : tensor<10x20xf32> to tensor<?x5xf32>
// CHECK:             %[[SB:.+]] = tensor.extract_slice %[[B]][%[[K]], 0] [5, 30] [1, 1] : tensor<20x30xf32> to tensor<5x30xf32>
// CHECK:             %[[SC:.+]] = tensor.extract_slice %[[ACC1]][%[[I]], 0] [%[[M]], 30] [1, 1] : tensor<10x30xf32> to tensor<?x30xf32>
// CHECK:             %[[T:.+]] = linalg.matmul ins(%[[SA]], %[[SB]] : tensor<?x5xf32>, tensor<5x30xf32>) outs(%[[SC]] : tensor<?x30xf32>) -> tensor<?x30xf32>
// CHECK:             %[[INS:.+]] = tensor.insert_slice %[[T]] into %[[ACC1]][%[[I]], 0] [%[[M]], 30] [1, 1] : tensor<?x30xf32> into tensor<10x30xf32>
// CHECK:             scf.yield %[[INS]] : tensor<10x30xf32>
// CHECK:           scf.yield %[[R1]] : tensor<10x30xf32>
// CHECK:         return %[[R]] : tensor<10x30xf32>
// A static matmul tiled 4 x (untiled) x 5: 4 does not divide 10, so the row tile is bounded
// with affine.min; 5 divides 20, so the reduction tile is not.
func.func @matmul_static(%A: tensor<10x20xf32>, %B: tensor<20x30xf32>, %C: tensor<10x30xf32>) -> tensor<10x30xf32> {
  %0 = linalg.matmul ins(%A, %B : tensor<10x20xf32>, tensor<20x30xf32>) outs(%C : tensor<10x30xf32>) -> tensor<10x30xf32>
  return %0 : tensor<10x30xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %l:2 = transform.structured.tile_using_for %mm tile_sizes [4, 0, 5] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// CHECK-LABEL: func.func @reduce_index(
// CHECK-SAME:      %[[A:.+]]: tensor<?x?xf32>, %[[OUT:.+]]: tensor<?xf32>)
// CHECK:         %[[D0:.+]] = tensor.dim %[[A]], %{{.+}} : tensor<?x?xf32>
// CHECK:         %[[D1:.+]] = tensor.dim %[[A]], %{{.+}} : tensor<?x?xf32>
// CHECK:         scf.for %[[J:.+]] = %{{.+}} to %[[D1]] step %{{.+}} iter_args(%[[ACC:.+]] = %[[OUT]]) -> (tensor<?xf32>) {
// CHECK:           %[[M:.+]] = affine.min affine_map<(d0)[s0] -> (8, -d0 + s0)>(%[[J]])[%[[D1]]]
// CHECK:           %[[SA:.+]] = tensor.extract_slice %[[A]][0, %[[J]]] [%[[D0]], %[[M]]] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
// CHECK:           %[[SO:.+]] = tensor.extract_slice %[[ACC]][0] [%[[D0]]] [1] : tensor<?xf32> to tensor<?xf32>
// CHECK:           linalg.generic {{.*}} ins(%[[SA]] : tensor<?x?xf32>) outs(%[[SO]] : tensor<?xf32>)
// CHECK:             %[[IDX:.+]] = linalg.index 1 : index
// CHECK:             %[[SHIFTED:.+]] = affine.apply affine_map<(d0, d1) -> (d0 + d1)>(%[[IDX]], %[[J]])
// CHECK:             arith.index_cast %[[SHIFTED]] : index to i32
// CHECK:           tensor.insert_slice %{{.+}} into %[[ACC]][0] [%[[D0]]] [1] : tensor<?xf32> into tensor<?xf32>
// A dynamic reduction with linalg.index, tiled along the reduction only: the index is shifted
// by the tile's offset.
func.func @reduce_index(%a: tensor<?x?xf32>, %out: tensor<?xf32>) -> tensor<?xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<?x?xf32>) outs(%out : tensor<?xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %j = linalg.index 1 : index
    %c = arith.index_cast %j : index to i32
    %f = arith.sitofp %c : i32 to f32
    %m = arith.mulf %x, %f : f32
    %r = arith.addf %m, %acc : f32
    linalg.yield %r : f32
  } -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %l = transform.structured.tile_using_for %g tile_sizes [0, 8] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// CHECK-LABEL: func.func @matmul_memref(
// CHECK-SAME:      %[[A:.+]]: memref<?x?xf32>, %[[B:.+]]: memref<?x?xf32>, %[[C:.+]]: memref<?x?xf32>)
// CHECK:         %[[M:.+]] = memref.dim %[[A]], %{{.+}} : memref<?x?xf32>
// CHECK:         %[[K:.+]] = memref.dim %[[A]], %{{.+}} : memref<?x?xf32>
// CHECK:         memref.dim %[[B]], %{{.+}} : memref<?x?xf32>
// CHECK:         %[[N:.+]] = memref.dim %[[B]], %{{.+}} : memref<?x?xf32>
// CHECK:         scf.for %[[IK:.+]] = %{{.+}} to %[[K]] step %{{.+}} {
// CHECK:           scf.for %[[IM:.+]] = %{{.+}} to %[[M]] step %{{.+}} {
// CHECK:             %[[TK:.+]] = affine.min affine_map<(d0)[s0] -> (32, -d0 + s0)>(%[[IK]])[%[[K]]]
// CHECK:             %[[TM:.+]] = affine.min affine_map<(d0)[s0] -> (16, -d0 + s0)>(%[[IM]])[%[[M]]]
// CHECK:             %[[SA:.+]] = memref.subview %[[A]][%[[IM]], %[[IK]]] [%[[TM]], %[[TK]]] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
// CHECK:             %[[SB:.+]] = memref.subview %[[B]][%[[IK]], 0] [%[[TK]], %[[N]]] [1, 1]
// CHECK:             %[[SC:.+]] = memref.subview %[[C]][%[[IM]], 0] [%[[TM]], %[[N]]] [1, 1]
// CHECK:             linalg.matmul ins(%[[SA]], %[[SB]] : {{.*}}) outs(%[[SC]] : {{.*}})
// CHECK-NOT:         scf.yield %
// Tiling on buffers with the loops interchanged (the reduction loop outermost): subviews, no
// iter_args.
func.func @matmul_memref(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  linalg.matmul ins(%A, %B : memref<?x?xf32>, memref<?x?xf32>) outs(%C : memref<?x?xf32>)
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %l:2 = transform.structured.tile_using_for %mm tile_sizes [16, 0, 32] interchange = [2, 0, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

