// RUN: pyopt %s -convert-linalg-to-loops | filecheck %s --check-prefix=SCF
// RUN: pyopt %s -convert-linalg-to-affine-loops | filecheck %s --check-prefix=AFF
// RUN: pyopt %s -convert-linalg-to-parallel-loops | filecheck %s --check-prefix=PAR

// One loop per iteration dimension; sizes come from the first operand dimension each loop
// indexes (dynamic ones through memref.dim); ops on tensors are left alone.

// SCF-LABEL: func.func @matvec
// SCF-SAME: (%[[A:.*]]: memref<?x8xf32>, %[[X:.*]]: memref<8xf32>, %[[Y:.*]]: memref<?xf32>)
// SCF-DAG: %[[C0:.*]] = arith.constant 0 : index
// SCF-DAG: %[[C1:.*]] = arith.constant 1 : index
// SCF-DAG: %[[C8:.*]] = arith.constant 8 : index
// SCF: %[[M:.*]] = memref.dim %[[A]], %[[C0]] : memref<?x8xf32>
// SCF: scf.for %[[I:.*]] = %[[C0]] to %[[M]] step %[[C1]] {
// SCF-NEXT: scf.for %[[J:.*]] = %[[C0]] to %[[C8]] step %[[C1]] {
// SCF-NEXT: %[[VA:.*]] = memref.load %[[A]][%[[I]], %[[J]]] : memref<?x8xf32>
// SCF-NEXT: %[[VX:.*]] = memref.load %[[X]][%[[J]]] : memref<8xf32>
// SCF-NEXT: %[[VY:.*]] = memref.load %[[Y]][%[[I]]] : memref<?xf32>
// SCF-NEXT: %[[P:.*]] = arith.mulf %[[VA]], %[[VX]] : f32
// SCF-NEXT: %[[S:.*]] = arith.addf %[[VY]], %[[P]] : f32
// SCF-NEXT: memref.store %[[S]], %[[Y]][%[[I]]] : memref<?xf32>

// AFF-LABEL: func.func @matvec
// AFF: %[[M:.*]] = memref.dim
// AFF: affine.for %[[I:.*]] = 0 to %[[M]] {
// AFF-NEXT: affine.for %[[J:.*]] = 0 to 8 {
// AFF-NEXT: affine.load %{{.*}}[%[[I]], %[[J]]] : memref<?x8xf32>
// AFF: affine.store

// A reduction loop stays sequential inside the parallel one.
// PAR-LABEL: func.func @matvec
// PAR: scf.parallel (%[[I:.*]]) = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) {
// PAR-NEXT: scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// PAR: memref.store
// PAR: scf.reduce
func.func @matvec(%a: memref<?x8xf32>, %x: memref<8xf32>, %y: memref<?xf32>) {
  linalg.matvec ins(%a, %x : memref<?x8xf32>, memref<8xf32>) outs(%y : memref<?xf32>)
  return
}

// Windowed access: the input index is an affine.apply of two loops (scf), folded into
// the access map (affine).
// SCF-LABEL: func.func @conv1d
// SCF: %[[IDX:.*]] = affine.apply #{{.*}}(%{{.*}}, %{{.*}})
// SCF: memref.load %{{.*}}[%[[IDX]]] : memref<10xf32>
// AFF-LABEL: func.func @conv1d
// AFF: %[[IDX:.*]] = affine.apply #{{.*}}(%{{.*}}, %{{.*}})
// AFF: affine.load %{{.*}}[%[[IDX]]] : memref<10xf32>
func.func @conv1d(%i: memref<10xf32>, %k: memref<3xf32>, %o: memref<8xf32>) {
  linalg.conv_1d ins(%i, %k : memref<10xf32>, memref<3xf32>) outs(%o : memref<8xf32>)
  return
}

// linalg.index becomes the induction variable.
// SCF-LABEL: func.func @iota
// SCF: scf.for %[[I:.*]] =
// SCF-NEXT: %[[C:.*]] = arith.index_cast %[[I]] : index to i64
// SCF-NEXT: memref.store %[[C]]
func.func @iota(%m: memref<16xi64>) {
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      outs(%m : memref<16xi64>) {
  ^bb0(%o: i64):
    %i = linalg.index 0 : index
    %c = arith.index_cast %i : index to i64
    linalg.yield %c : i64
  }
  return
}

// SCF-LABEL: func.func @on_tensors
// SCF: linalg.matmul
// SCF-NOT: scf.for
func.func @on_tensors(%a: tensor<2x2xf32>, %c: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %r = linalg.matmul ins(%a, %a : tensor<2x2xf32>, tensor<2x2xf32>) outs(%c : tensor<2x2xf32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}
