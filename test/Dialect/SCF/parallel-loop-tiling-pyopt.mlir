// RUN: pyopt %s -pass-pipeline='builtin.module(func.func(scf-parallel-loop-tiling{parallel-loop-tile-sizes=8}))' | filecheck %s
// RUN: pyopt %s -pass-pipeline='builtin.module(func.func(scf-parallel-loop-tiling{parallel-loop-tile-sizes=8 no-min-max-bounds=true}))' | filecheck %s --check-prefix=CHECKED

// CHECK-LABEL: func.func @copy
// CHECK: %[[C8:.*]] = arith.constant 8 : index
// CHECK: %[[ST:.*]] = arith.muli %{{.*}}, %[[C8]] : index
// CHECK: scf.parallel (%[[O:.*]]) = (%{{.*}}) to (%[[N:.*]]) step (%[[ST]])
// CHECK: %[[B:.*]] = affine.min #{{.*}}(%[[ST]], %[[N]], %[[O]])
// CHECK: scf.parallel (%[[I:.*]]) = (%{{.*}}) to (%[[B]])
// CHECK: %[[X:.*]] = arith.addi %[[I]], %[[O]] : index
// CHECK: memref.load %{{.*}}[%[[X]]]

// CHECKED-LABEL: func.func @copy
// CHECKED: scf.parallel (%[[I:.*]]) =
// CHECKED: arith.cmpi ult
// CHECKED: scf.if
// CHECKED: memref.load
func.func @copy(%a: memref<?xf32>, %b: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %a[%i] : memref<?xf32>
    memref.store %v, %b[%i] : memref<?xf32>
  }
  return
}
