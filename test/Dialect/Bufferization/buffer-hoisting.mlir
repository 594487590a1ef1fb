// RUN: pyopt %s --split-input-file --buffer-hoisting | filecheck %s
// RUN: pyopt %s --split-input-file --buffer-loop-hoisting | filecheck %s --check-prefix=LOOP

// An alloc used after a merge point moves to the block dominating all its uses; loop
// hoisting leaves it (no loop here).
// CHECK-LABEL: func @diamond
// CHECK-NEXT: %[[A:.*]] = memref.alloc() : memref<4xi8>
// CHECK-NEXT: cf.cond_br
// LOOP-LABEL: func @diamond
// LOOP-NEXT: cf.cond_br
// LOOP: ^bb2:
// LOOP-NEXT: memref.alloc()
func.func @diamond(%c: i1, %x: memref<4xi8>) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%x : memref<4xi8>)
^bb2:
  %a = memref.alloc() : memref<4xi8>
  test.buffer_based in(%x: memref<4xi8>) out(%a: memref<4xi8>)
  cf.br ^bb3(%a : memref<4xi8>)
^bb3(%m: memref<4xi8>):
  test.copy(%m, %x) : (memref<4xi8>, memref<4xi8>)
  return
}

// -----

// Uses inside the scf.if keep the alloc there (its then-block dominates them all); loop
// hoisting takes an alloc out of a sequential loop unless its size depends on the loop.
// CHECK-LABEL: func @nested
// CHECK-NEXT: scf.if
// CHECK-NEXT:   memref.alloc() : memref<2xf32>
// LOOP-LABEL: func @nested
// LOOP:      %[[S:.*]] = memref.alloc() : memref<3xf32>
// LOOP-NEXT: scf.for %[[I:.*]] =
// LOOP-NEXT:   memref.alloc(%[[I]]) : memref<?xf32>
func.func @nested(%c: i1, %lb: index, %ub: index, %s: index) {
  scf.if %c {
    %a = memref.alloc() : memref<2xf32>
    test.copy(%a, %a) : (memref<2xf32>, memref<2xf32>)
  }
  scf.for %i = %lb to %ub step %s {
    %d = memref.alloc(%i) : memref<?xf32>
    %e = memref.alloc() : memref<3xf32>
    test.copy(%d, %d) : (memref<?xf32>, memref<?xf32>)
    test.copy(%e, %e) : (memref<3xf32>, memref<3xf32>)
  }
  return
}
