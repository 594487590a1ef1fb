// RUN: pyopt %s -split-input-file -generate-runtime-verification | filecheck %s

// Dynamic sizes: the loop ranges come from the first operand dimension of each
// loop; each operand dimension gets a non-negative check and a size check (eq for
// a plain loop index, sle for a compound expression such as 3 - d0).
// CHECK-LABEL: func.func @dynamic
//  CHECK-SAME:     (%[[A:.*]]: tensor<?x?xf32>, %[[B:.*]]: tensor<?x4xf32>)
//       CHECK:   %[[D0:.*]] = tensor.dim %[[A]], %{{.*}} : tensor<?x?xf32>
//       CHECK:   %[[D1:.*]] = tensor.dim %[[A]], %{{.*}} : tensor<?x?xf32>
//       CHECK:   tensor.dim %[[B]], %{{.*}} : tensor<?x4xf32>
//       CHECK:   %[[ZERO:.*]] = arith.constant 0 : index
//       CHECK:   %[[ONE:.*]] = arith.constant 1 : index
//       CHECK:   %[[END0:.*]] = index.sub %[[D0]], %[[ONE]]
//       CHECK:   %[[END1:.*]] = index.sub %[[D1]], %[[ONE]]
//       CHECK:   %[[MIN:.*]] = index.mins %[[END0]], %{{.*}}
//       CHECK:   %[[GE:.*]] = index.cmp sge(%[[MIN]], %[[ZERO]])
//       CHECK:   cf.assert %[[GE]], "ERROR: Runtime op verification failed{{.*}}unexpected negative result on dimension #0 of input/output operand #0
//       CHECK:   %[[MAX:.*]] = index.maxs %[[END0]], %{{.*}}
//       CHECK:   %[[SIZE:.*]] = index.add %[[MAX]], %[[ONE]]
//       CHECK:   %[[ACT:.*]] = tensor.dim %[[A]], %{{.*}} : tensor<?x?xf32>
//       CHECK:   %[[EQ:.*]] = index.cmp eq(%[[SIZE]], %[[ACT]])
//       CHECK:   cf.assert %[[EQ]], "{{.*}}dimension #0 of input/output operand #0 is incompatible with inferred dimension size
//       CHECK:   %[[REV:.*]] = affine.apply
//       CHECK:   %[[C3:.*]] = arith.constant 3 : index
//       CHECK:   index.maxs %[[REV]], %[[C3]]
//       CHECK:   %[[LE:.*]] = index.cmp sle(%{{.*}}, %{{.*}})
//       CHECK:   cf.assert %[[LE]], "{{.*}}dimension #1 of input/output operand #1 is incompatible
//       CHECK:   linalg.generic
func.func @dynamic(%a: tensor<?x?xf32>, %b: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1, 3 - d0)>],
                       iterator_types = ["parallel", "parallel"]}
    ins(%a : tensor<?x?xf32>) outs(%b : tensor<?x4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}

// -----

// Named ops are checked too; static sizes fold to constant asserts.
// CHECK-LABEL: func.func @fill_static
//       CHECK:   %[[T:.*]] = index.bool.constant true
//       CHECK:   cf.assert %[[T]], "{{.*}}linalg.fill
//       CHECK:   linalg.fill
func.func @fill_static(%m: memref<4x8xf32>, %f: f32) {
  linalg.fill ins(%f : f32) outs(%m : memref<4x8xf32>)
  return
}
