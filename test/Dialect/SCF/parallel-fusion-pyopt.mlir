// RUN: pyopt %s -pass-pipeline='builtin.module(func.func(scf-parallel-loop-fusion))' -split-input-file | filecheck %s

// Two loops over a scratch buffer accessed at the same index fuse into one.
// CHECK-LABEL: func.func @scratch
// CHECK: scf.parallel (%[[I:.*]]) =
// CHECK: memref.store %{{.*}}, %[[T:.*]][%[[I]]]
// CHECK: memref.load %[[T]][%[[I]]]
// CHECK-NOT: scf.parallel
func.func @scratch(%in: memref<8xf32>, %out: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %t = memref.alloc() : memref<8xf32>
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    %v = memref.load %in[%i] : memref<8xf32>
    memref.store %v, %t[%i] : memref<8xf32>
  }
  scf.parallel (%k) = (%c0) to (%c8) step (%c1) {
    %v = memref.load %t[%k] : memref<8xf32>
    memref.store %v, %out[%k] : memref<8xf32>
  }
  return
}

// -----

// Reading a neighbouring element blocks fusion; so do possibly aliasing arguments.
// CHECK-LABEL: func.func @shifted
// CHECK: scf.parallel
// CHECK: scf.parallel
func.func @shifted(%a: memref<9xf32>, %b: memref<9xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    %v = memref.load %b[%i] : memref<9xf32>
    memref.store %v, %a[%i] : memref<9xf32>
  }
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    %j = arith.addi %i, %c1 : index
    %v = memref.load %a[%j] : memref<9xf32>
    memref.store %v, %b[%i] : memref<9xf32>
  }
  return
}

// -----

// Reductions of both loops end up in one scf.reduce.
// CHECK-LABEL: func.func @sums
// CHECK: %[[R:.*]]:2 = scf.parallel
// CHECK: scf.reduce(%{{.*}}, %{{.*}} : f32, f32)
// CHECK: return %[[R]]#0, %[[R]]#1
func.func @sums(%a: memref<8xf32>) -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %z = arith.constant 0.0 : f32
  %r0 = scf.parallel (%i) = (%c0) to (%c8) step (%c1) init (%z) -> f32 {
    %v = memref.load %a[%i] : memref<8xf32>
    scf.reduce(%v : f32) {
    ^bb0(%x: f32, %y: f32):
      %s = arith.addf %x, %y : f32
      scf.reduce.return %s : f32
    }
  }
  %r1 = scf.parallel (%i) = (%c0) to (%c8) step (%c1) init (%z) -> f32 {
    %v = memref.load %a[%i] : memref<8xf32>
    scf.reduce(%v : f32) {
    ^bb0(%x: f32, %y: f32):
      %s = arith.maximumf %x, %y : f32
      scf.reduce.return %s : f32
    }
  }
  return %r0, %r1 : f32, f32
}
