// RUN: pyopt %s -test-linalg-elementwise-fusion-patterns=fuse-generic-ops | filecheck %s --check-prefix=ALL
// RUN: pyopt %s -test-linalg-elementwise-fusion-patterns=fuse-generic-ops-control | filecheck %s --check-prefix=LIMIT
// RUN: pyopt %s -test-linalg-elementwise-fusion-patterns=fuse-multiuse-producer | filecheck %s --check-prefix=MULTI

// A chain of three elementwise generics whose intermediate results are also returned.
// - fuse-generic-ops fuses every producer into its consumer; the producers stay for their
//   other uses (their inits, unread by the payloads, become tensor.empty);
// - fuse-generic-ops-control only fuses while the fused op reads at most 4 values, so the
//   last generic keeps reading the first one's result;
// - fuse-multiuse-producer moves the producers' other uses to extra results of one generic.

// ALL-LABEL: func.func @chain(
// ALL-SAME:    %[[A:[a-zA-Z0-9_]+]]: tensor<8xf32>, %[[B:[a-zA-Z0-9_]+]]: tensor<8xf32>, %[[C:[a-zA-Z0-9_]+]]: tensor<8xf32>, %[[D:[a-zA-Z0-9_]+]]: tensor<8xf32>, %[[E:[a-zA-Z0-9_]+]]: tensor<8xf32>)
// ALL:         %[[R0:.+]] = linalg.generic
// ALL-SAME:      ins(%[[A]], %[[B]] : tensor<8xf32>, tensor<8xf32>)
// ALL:         %[[R1:.+]] = linalg.generic
// ALL-SAME:      ins(%[[A]], %[[B]], %[[C]] : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>)
// ALL:           arith.addf
// ALL-NEXT:      arith.mulf
// ALL:         %[[R2:.+]] = linalg.generic
// ALL-SAME:      ins(%[[A]], %[[B]], %[[C]], %[[D]], %[[E]] : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>)
// ALL:           arith.addf
// ALL-NEXT:      arith.mulf
// ALL-NEXT:      arith.subf
// ALL-NEXT:      arith.divf
// ALL:         return %[[R0]], %[[R1]], %[[R2]]

// LIMIT-LABEL: func.func @chain(
// LIMIT-SAME:    %[[A:[a-zA-Z0-9_]+]]: tensor<8xf32>, %[[B:[a-zA-Z0-9_]+]]: tensor<8xf32>, %[[C:[a-zA-Z0-9_]+]]: tensor<8xf32>, %[[D:[a-zA-Z0-9_]+]]: tensor<8xf32>, %[[E:[a-zA-Z0-9_]+]]: tensor<8xf32>)
// LIMIT:         %[[R0:.+]] = linalg.generic
// LIMIT-SAME:      ins(%[[A]], %[[B]] : tensor<8xf32>, tensor<8xf32>)
// LIMIT:         %[[R1:.+]] = linalg.generic
// LIMIT-SAME:      ins(%[[A]], %[[B]], %[[C]] : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>)
// LIMIT:         %[[R2:.+]] = linalg.generic
// LIMIT-SAME:      ins(%[[R0]], %[[C]], %[[D]], %[[E]] : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>)
// LIMIT:           arith.mulf
// LIMIT-NEXT:      arith.subf
// LIMIT-NEXT:      arith.divf
// LIMIT:         return %[[R0]], %[[R1]], %[[R2]]

// MULTI-LABEL: func.func @chain(
// MULTI-SAME:    %[[A:[a-zA-Z0-9_]+]]: tensor<8xf32>, %[[B:[a-zA-Z0-9_]+]]: tensor<8xf32>, %[[C:[a-zA-Z0-9_]+]]: tensor<8xf32>, %[[D:[a-zA-Z0-9_]+]]: tensor<8xf32>, %[[E:[a-zA-Z0-9_]+]]: tensor<8xf32>)
// MULTI-NEXT:    %[[R:.+]]:3 = linalg.generic
// MULTI-SAME:      ins(%[[A]], %[[B]], %[[C]], %[[D]], %[[E]] : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) outs(%[[E]], %[[E]], %[[E]] : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>)
// MULTI:           %[[S:.+]] = arith.addf
// MULTI-NEXT:      %[[T:.+]] = arith.mulf %[[S]]
// MULTI-NEXT:      %[[U:.+]] = arith.subf %[[T]]
// MULTI-NEXT:      %[[V:.+]] = arith.divf %[[U]]
// MULTI-NEXT:      linalg.yield %[[S]], %[[T]], %[[V]] : f32, f32, f32
// MULTI:         return %[[R]]#0, %[[R]]#1, %[[R]]#2
#id = affine_map<(d0) -> (d0)>
func.func @chain(%a: tensor<8xf32>, %b: tensor<8xf32>, %c: tensor<8xf32>, %d: tensor<8xf32>, %e: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
  %0 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%a, %b : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) {
    ^bb0(%x: f32, %y: f32, %o: f32):
      %s = arith.addf %x, %y : f32
      linalg.yield %s : f32
  } -> tensor<8xf32>
  %1 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%0, %c : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) {
    ^bb0(%x: f32, %y: f32, %o: f32):
      %s = arith.mulf %x, %y : f32
      linalg.yield %s : f32
  } -> tensor<8xf32>
  %2 = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel"]}
      ins(%1, %d, %e : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) {
    ^bb0(%x: f32, %y: f32, %z: f32, %o: f32):
      %s = arith.subf %x, %y : f32
      %t = arith.divf %s, %z : f32
      linalg.yield %t : f32
  } -> tensor<8xf32>
  return %0, %1, %2 : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}
