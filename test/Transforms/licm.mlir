// RUN: pyopt %s -allow-unregistered-dialect -loop-invariant-code-motion | filecheck %s

// loop-invariant-code-motion: side-effect free, speculatable ops that only use values defined
// outside a loop move in front of it; inner loops are processed first.

// CHECK: #map = affine_map<(d0) -> (d0 + 1)>
// CHECK: #set = affine_set<(d0) : (d0 >= 0)>
// CHECK-LABEL: func.func @scf_for(%arg0: memref<10xf32>, %arg1: i32, %arg2: i32, %arg3: index) -> i32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %0 = arith.addi %arg1, %arg2 : i32
// CHECK-NEXT: %1 = arith.muli %0, %0 : i32
// CHECK-NEXT: %c7_i32 = arith.constant 7 : i32
// CHECK-NEXT: %2 = arith.divui %arg1, %c7_i32 : i32
// CHECK-NEXT: %c-1_i32 = arith.constant -1 : i32
// CHECK-NEXT: %dim = memref.dim %arg0, %c0 : memref<10xf32>
// CHECK-NEXT: %3 = scf.for %arg4 = %c0 to %arg3 step %c1 iter_args(%arg5 = %c0_i32) -> (i32) {
// CHECK-NEXT: %4 = arith.divsi %arg1, %arg2 : i32
// CHECK-NEXT: %5 = arith.divsi %arg1, %c-1_i32 : i32
// CHECK-NEXT: %6 = memref.load %arg0[%c0] : memref<10xf32>
// CHECK-NEXT: %dim_0 = memref.dim %arg0, %arg4 : memref<10xf32>
// CHECK-NEXT: %7 = arith.addi %arg5, %1 : i32
// CHECK-NEXT: %8 = arith.addi %7, %2 : i32
// CHECK-NEXT: scf.yield %8 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %3 : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @nested(%arg0: i32, %arg1: i1, %arg2: index) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %c10 = arith.constant 10 : index
// CHECK-NEXT: %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT: %1 = scf.for %arg3 = %c0 to %c10 step %c1 iter_args(%arg4 = %arg0) -> (i32) {
// CHECK-NEXT: scf.yield %0 : i32
// CHECK-NEXT: }
// CHECK-NEXT: %2 = arith.muli %arg0, %arg0 : i32
// CHECK-NEXT: scf.for %arg3 = %c0 to %arg2 step %c1 {
// CHECK-NEXT: %3 = scf.for %arg4 = %c0 to %c10 step %c2 iter_args(%arg5 = %arg0) -> (i32) {
// CHECK-NEXT: scf.yield %2 : i32
// CHECK-NEXT: }
// CHECK-NEXT: %4 = scf.if %arg1 -> (i32) {
// CHECK-NEXT: scf.yield %arg0 : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg0 : i32
// CHECK-NEXT: }
// CHECK-NEXT: "test.use"(%1, %3, %4) : (i32, i32, i32) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @while(%arg0: i32, %arg1: i32) -> i32 {
// CHECK-NEXT: %0 = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT: %1 = arith.muli %arg0, %arg1 : i32
// CHECK-NEXT: %2 = scf.while (%arg2 = %arg0) : (i32) -> i32 {
// CHECK-NEXT: %3 = arith.cmpi slt, %arg2, %arg1 : i32
// CHECK-NEXT: scf.condition(%3) %0 : i32
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%arg2: i32):
// CHECK-NEXT: %3 = arith.addi %arg2, %1 : i32
// CHECK-NEXT: scf.yield %3 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %2 : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @affine_and_parallel(%arg0: memref<10xindex>, %arg1: index) {
// CHECK-NEXT: %0 = arith.muli %arg1, %arg1 : index
// CHECK-NEXT: %1 = affine.if #set(%arg1) -> index {
// CHECK-NEXT: affine.yield %0 : index
// CHECK-NEXT: } else {
// CHECK-NEXT: affine.yield %arg1 : index
// CHECK-NEXT: }
// CHECK-NEXT: affine.for %arg2 = 0 to 10 {
// CHECK-NEXT: %3 = affine.apply #map(%arg2)
// CHECK-NEXT: affine.parallel (%arg3) = (0) to (10) {
// CHECK-NEXT: memref.store %1, %arg0[%arg3] : memref<10xindex>
// CHECK-NEXT: memref.store %3, %arg0[%arg3] : memref<10xindex>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %2 = index.add %arg1, %arg1
// CHECK-NEXT: scf.parallel (%arg2) = (%c0) to (%arg1) step (%c1) {
// CHECK-NEXT: %3 = index.divs %arg1, %c1
// CHECK-NEXT: memref.store %2, %arg0[%arg2] : memref<10xindex>
// CHECK-NEXT: memref.store %3, %arg0[%arg2] : memref<10xindex>
// CHECK-NEXT: scf.reduce
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }

// Pure ops whose operands come from outside are hoisted, along with ops that only use
// already-hoisted values. Loads (read effects), divisions by a possibly-zero or -1 divisor,
// and ops using the induction variable stay in the loop.
func.func @scf_for(%m: memref<10xf32>, %a: i32, %b: i32, %n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> i32 {
    %x = arith.addi %a, %b : i32
    %y = arith.muli %x, %x : i32
    %d = arith.divsi %a, %b : i32
    %k = arith.constant 7 : i32
    %e = arith.divui %a, %k : i32
    %mone = arith.constant -1 : i32
    %e2 = arith.divsi %a, %mone : i32
    %v = memref.load %m[%c0] : memref<10xf32>
    %dim = memref.dim %m, %c0 : memref<10xf32>
    %dim2 = memref.dim %m, %i : memref<10xf32>
    %s = arith.addi %acc, %y : i32
    %t = arith.addi %s, %e : i32
    scf.yield %t : i32
  }
  return %r : i32
}

// Nested loops: a unit-step inner loop with an invariant body is hoisted as a whole (it is
// recursively speculatable); a step-2 loop may not terminate, so only its body's invariant
// ops move out, one level at a time. scf.if is never speculatable.
func.func @nested(%a: i32, %c: i1, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c10 = arith.constant 10 : index
  scf.for %i = %c0 to %n step %c1 {
    %u = scf.for %j = %c0 to %c10 step %c1 iter_args(%q = %a) -> i32 {
      %w = arith.addi %a, %a : i32
      scf.yield %w : i32
    }
    %v = scf.for %j = %c0 to %c10 step %c2 iter_args(%q = %a) -> i32 {
      %w = arith.muli %a, %a : i32
      scf.yield %w : i32
    }
    %if = scf.if %c -> i32 {
      scf.yield %a : i32
    } else {
      scf.yield %a : i32
    }
    "test.use"(%u, %v, %if) : (i32, i32, i32) -> ()
  }
  return
}

// Both regions of scf.while are loop regions.
func.func @while(%a: i32, %b: i32) -> i32 {
  %r = scf.while (%x = %a) : (i32) -> i32 {
    %c = arith.cmpi slt, %x, %b : i32
    %p = arith.addi %a, %b : i32
    scf.condition(%c) %p : i32
  } do {
  ^bb0(%y: i32):
    %q = arith.muli %a, %b : i32
    %s = arith.addi %y, %q : i32
    scf.yield %s : i32
  }
  return %r : i32
}

// affine.for / affine.parallel / scf.parallel; affine.if is recursively speculatable.
func.func @affine_and_parallel(%m: memref<10xindex>, %a: index) {
  affine.for %i = 0 to 10 {
    affine.parallel (%k) = (0) to (10) {
      %z = arith.muli %a, %a : index
      %y = affine.apply affine_map<(d0) -> (d0 + 1)>(%i)
      %s = affine.if affine_set<(d0) : (d0 >= 0)>(%a) -> index {
        affine.yield %z : index
      } else {
        affine.yield %a : index
      }
      memref.store %s, %m[%k] : memref<10xindex>
      memref.store %y, %m[%k] : memref<10xindex>
    }
  }
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%a) step (%c1) {
    %x = index.add %a, %a
    %d = index.divs %a, %c1
    memref.store %x, %m[%i] : memref<10xindex>
    memref.store %d, %m[%i] : memref<10xindex>
    scf.reduce
  }
  return
}
