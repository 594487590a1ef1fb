// CSE of ops with regions: two ops are the same when their single-block regions are
// structurally equal (values defined inside compared by position, locations ignored).
// RUN: pyopt %s --cse --allow-unregistered-dialect | filecheck %s

// CHECK-LABEL: func.func @same_if
// CHECK:         %[[IF:.*]] = scf.if %arg1 -> (i32)
// CHECK-NOT:     scf.if
// CHECK:         return %[[IF]], %[[IF]]
func.func @same_if(%a: i32, %c: i1) -> (i32, i32) {
  %0 = scf.if %c -> i32 {
    %x = arith.addi %a, %a : i32
    scf.yield %x : i32
  } else {
    scf.yield %a : i32
  }
  %1 = scf.if %c -> i32 {
    %y = arith.addi %a, %a : i32 loc("elsewhere")
    scf.yield %y : i32
  } else {
    scf.yield %a : i32
  }
  return %0, %1 : i32, i32
}

// A different body, a different outer value, or a body that reads memory keeps both.
// CHECK-LABEL: func.func @different
// CHECK-COUNT-4: scf.if
func.func @different(%a: i32, %b: i32, %c: i1, %m: memref<i32>) -> (i32, i32, i32, i32) {
  %0 = scf.if %c -> i32 {
    %x = arith.addi %a, %a : i32
    scf.yield %x : i32
  } else {
    scf.yield %a : i32
  }
  %1 = scf.if %c -> i32 {
    %x = arith.addi %b, %a : i32
    scf.yield %x : i32
  } else {
    scf.yield %a : i32
  }
  %2 = scf.if %c -> i32 {
    %x = memref.load %m[] : memref<i32>
    scf.yield %x : i32
  } else {
    scf.yield %a : i32
  }
  %3 = scf.if %c -> i32 {
    %x = memref.load %m[] : memref<i32>
    scf.yield %x : i32
  } else {
    scf.yield %a : i32
  }
  return %0, %1, %2, %3 : i32, i32, i32, i32
}

// Loops with iteration arguments, nested regions numbered by position.
// CHECK-LABEL: func.func @loops
// CHECK:         %[[L:.*]] = affine.for
// CHECK-NOT:     affine.for
// CHECK:         return %[[L]], %[[L]]
func.func @loops(%a: index) -> (index, index) {
  %true = arith.constant true
  %0 = affine.for %i = 0 to 10 iter_args(%s = %a) -> index {
    %t = arith.addi %s, %i : index
    %u = scf.if %true -> index {
      scf.yield %t : index
    } else {
      scf.yield %s : index
    }
    affine.yield %u : index
  }
  %1 = affine.for %j = 0 to 10 iter_args(%r = %a) -> index {
    %t = arith.addi %r, %j : index
    %u = scf.if %true -> index {
      scf.yield %t : index
    } else {
      scf.yield %r : index
    }
    affine.yield %u : index
  }
  return %0, %1 : index, index
}
