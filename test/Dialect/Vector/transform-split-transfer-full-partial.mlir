// RUN: pyopt %s --transform-interpreter --split-input-file | filecheck %s

// Default strategy ("linalg-copy"), a read in a loop: the alloca goes to the function
// entry (not into the loop); the slow path fills it with the padding and copies the part of
// the window inside the memref into it.
// CHECK-LABEL: func.func @read_in_loop(
//  CHECK-SAME:   %[[A:.*]]: memref<?xf32>, %[[N:.*]]: index)
//   CHECK-DAG:   %[[C4:.*]] = arith.constant 4 : index
//   CHECK-DAG:   %[[PAD:.*]] = arith.constant 0.000000e+00 : f32
//   CHECK-DAG:   %[[C0:.*]] = arith.constant 0 : index
//       CHECK:   %[[ALLOCA:.*]] = memref.alloca() {alignment = 32 : i64} : memref<4xf32>
//       CHECK:   scf.for %[[I:.*]] = {{.*}} iter_args(%[[ACC:.*]] = {{.*}})
//       CHECK:     %[[END:.*]] = affine.apply #{{.*}}(%[[I]])
//       CHECK:     %[[DIM:.*]] = memref.dim %[[A]], %[[C0]]
//       CHECK:     %[[FITS:.*]] = arith.cmpi sle, %[[END]], %[[DIM]] : index
//       CHECK:     %[[IF:.*]]:2 = scf.if %[[FITS]] -> (memref<?xf32>, index) {
//       CHECK:       scf.yield %[[A]], %[[I]] : memref<?xf32>, index
//       CHECK:     } else {
//       CHECK:       linalg.fill ins(%[[PAD]] : f32) outs(%[[ALLOCA]] : memref<4xf32>)
//       CHECK:       %[[SZ:.*]] = affine.min
//       CHECK:       %[[SRC:.*]] = memref.subview %[[A]][%[[I]]] [%[[SZ]]] [1]
//       CHECK:       %[[DST:.*]] = memref.subview %[[ALLOCA]][0] [%[[SZ]]] [1]
//       CHECK:       memref.copy %[[SRC]], %[[DST]]
//       CHECK:       %[[CAST:.*]] = memref.cast %[[ALLOCA]] : memref<4xf32> to memref<?xf32>
//       CHECK:       scf.yield %[[CAST]], %[[C0]] : memref<?xf32>, index
//       CHECK:     }
//       CHECK:     vector.transfer_read %[[IF]]#0[%[[IF]]#1], %[[PAD]] {in_bounds = [true]}
func.func @read_in_loop(%A: memref<?xf32>, %n: index) -> vector<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f0 = arith.constant 0.0 : f32
  %init = arith.constant dense<0.0> : vector<4xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> vector<4xf32> {
    %v = vector.transfer_read %A[%i], %f0 : memref<?xf32>, vector<4xf32>
    %s = arith.addf %acc, %v : vector<4xf32>
    scf.yield %s : vector<4xf32>
  }
  return %r : vector<4xf32>
}

// Not split: a window known to fit, a masked read, a transposing map, a memref of higher
// rank than the vector (no cast-compatible type for the alloca).
// CHECK-LABEL: func.func @unchanged(
//   CHECK-NOT:   scf.if
//   CHECK-NOT:   memref.alloca
//       CHECK:   return
func.func @unchanged(%A: memref<8x8xf32>, %B: memref<?xf32>, %i: index, %m: vector<4xi1>,
                     %C: memref<?x?xf32>, %D: memref<3x?x8xf32>)
    -> (vector<4x8xf32>, vector<4xf32>, vector<4x4xf32>, vector<2x8xf32>) {
  %c0 = arith.constant 0 : index
  %f0 = arith.constant 0.0 : f32
  %0 = vector.transfer_read %A[%c0, %c0], %f0 : memref<8x8xf32>, vector<4x8xf32>
  %1 = vector.transfer_read %B[%i], %f0, %m : memref<?xf32>, vector<4xf32>
  %2 = vector.transfer_read %C[%i, %i], %f0 {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<?x?xf32>, vector<4x4xf32>
  %3 = vector.transfer_read %D[%i, %i, %i], %f0 {in_bounds = [false, true]} : memref<3x?x8xf32>, vector<2x8xf32>
  return %0, %1, %2, %3 : vector<4x8xf32>, vector<4xf32>, vector<4x4xf32>, vector<2x8xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%m: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %m : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.split_transfer_full_partial
    } : !transform.any_op
    transform.yield
  }
}

// -----

// "vector-transfer", a write to another memory space: the fast path casts the memref to
// the common type (memory space 0, strided), the slow path writes into the alloca; the
// original write then copies the alloca's vector out when the window did not fit.
// CHECK-LABEL: func.func @write_mem_space(
//  CHECK-SAME:   %[[V:.*]]: vector<4xf32>, %[[A:.*]]: memref<?xf32, 3>, %[[I:.*]]: index)
//       CHECK:   %[[TRUE:.*]] = arith.constant true
//       CHECK:   %[[ALLOCA:.*]] = memref.alloca() {alignment = 32 : i64} : memref<4xf32>
//       CHECK:   %[[FITS:.*]] = arith.cmpi sle
//       CHECK:   %[[IF:.*]]:2 = scf.if %[[FITS]] -> (memref<?xf32, strided<[1]>>, index) {
//       CHECK:     %[[SP:.*]] = memref.memory_space_cast %[[A]] : memref<?xf32, 3> to memref<?xf32>
//       CHECK:     %[[C:.*]] = memref.cast %[[SP]] : memref<?xf32> to memref<?xf32, strided<[1]>>
//       CHECK:     scf.yield %[[C]], %[[I]]
//       CHECK:   } else {
//       CHECK:     %[[CA:.*]] = memref.cast %[[ALLOCA]] : memref<4xf32> to memref<?xf32, strided<[1]>>
//       CHECK:     scf.yield %[[CA]], %{{.*}}
//       CHECK:   }
//       CHECK:   vector.transfer_write %[[V]], %[[IF]]#0[%[[IF]]#1] {in_bounds = [true]}
//       CHECK:   %[[NOT:.*]] = arith.xori %[[FITS]], %[[TRUE]] : i1
//       CHECK:   scf.if %[[NOT]] {
//       CHECK:     %[[TC:.*]] = vector.type_cast %[[ALLOCA]] : memref<4xf32> to memref<vector<4xf32>>
//       CHECK:     %[[L:.*]] = memref.load %[[TC]][] : memref<vector<4xf32>>
//       CHECK:     vector.transfer_write %[[L]], %[[A]][%[[I]]] : vector<4xf32>, memref<?xf32, 3>
//       CHECK:   }
func.func @write_mem_space(%v: vector<4xf32>, %A: memref<?xf32, 3>, %i: index) {
  vector.transfer_write %v, %A[%i] : vector<4xf32>, memref<?xf32, 3>
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%m: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %m : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.split_transfer_full_partial split_transfer_strategy = "vector-transfer"
    } : !transform.any_op
    transform.yield
  }
}

// -----

// "force-in-bounds" marks the transfer in bounds, tensors included.
// CHECK-LABEL: func.func @force(
//       CHECK:   vector.transfer_read %{{.*}}[%{{.*}}], %{{.*}} {in_bounds = [true]} : tensor<?xf32>, vector<4xf32>
func.func @force(%A: tensor<?xf32>, %i: index) -> vector<4xf32> {
  %f0 = arith.constant 0.0 : f32
  %v = vector.transfer_read %A[%i], %f0 : tensor<?xf32>, vector<4xf32>
  return %v : vector<4xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%m: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %m : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.split_transfer_full_partial split_transfer_strategy = "force-in-bounds"
    } : !transform.any_op
    transform.yield
  }
}
