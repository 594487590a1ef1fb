// RUN: pyopt %s -scf-for-loop-canonicalization -split-input-file | filecheck %s

// The remaining trip size never exceeds the tile size 4: the min is the tile size.
// CHECK-LABEL: func.func @tile
// CHECK: %[[C4:.*]] = arith.constant 4 : index
// CHECK: scf.for
// CHECK-NEXT: "test.use"(%[[C4]])
func.func @tile() {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c12 = arith.constant 12 : index
  scf.for %i = %c0 to %c12 step %c4 {
    %s = affine.min affine_map<(d0)[s0] -> (4, s0 - d0)> (%i)[%c12]
    "test.use"(%s) : (index) -> ()
  }
  return
}

// -----

// With a symbolic upper bound and unit step, n - i is at least 1, so max(n - i, 1)
// is n - i; min against a non-bound unknown stays.
// CHECK-LABEL: func.func @symbolic
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %[[N:.*]] step
// CHECK: affine.apply #{{.*}}(%[[I]])[%[[N]]]
// CHECK: affine.min
func.func @symbolic(%n: index, %k: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %a = affine.max affine_map<(d0)[s0] -> (s0 - d0, 1)> (%i)[%n]
    "test.use"(%a) : (index) -> ()
    %b = affine.min affine_map<(d0)[s0] -> (s0 - d0, 1)> (%i)[%k]
    "test.use"(%b) : (index) -> ()
  }
  return
}

// -----

// A memref.dim of an iter_arg that the loop passes through reads the init value.
// CHECK-LABEL: func.func @dim_of_iter_arg
// CHECK-SAME: (%[[M:.*]]: memref<?xf32>)
// CHECK: scf.for
// CHECK: memref.dim %[[M]]
func.func @dim_of_iter_arg(%m: memref<?xf32>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %r:2 = scf.for %i = %c0 to %c8 step %c1 iter_args(%a = %m, %s = %c0) -> (memref<?xf32>, index) {
    %d = memref.dim %a, %c0 : memref<?xf32>
    scf.yield %a, %d : memref<?xf32>, index
  }
  return %r#1 : index
}
