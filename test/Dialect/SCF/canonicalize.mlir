// scf canonicalization: if -> select, static and negated conditions, nested ifs combined,
// forwarded/unused iter_args, zero/single-trip loops, index_switch on a constant.
// Expected output is mlir-opt 19's, verbatim.
// RUN: pyopt %s -canonicalize="test-convergence" | filecheck %s

func.func @if_to_select(%c: i1, %a: i32, %b: i32) -> (i32, i1) {
  %true = arith.constant true
  %false = arith.constant false
  %r:2 = scf.if %c -> (i32, i1) {
    scf.yield %a, %true : i32, i1
  } else {
    scf.yield %b, %false : i32, i1
  }
  return %r#0, %r#1 : i32, i1
}
func.func @static_if(%a: i32, %b: i32) -> i32 {
  %false = arith.constant false
  %r = scf.if %false -> (i32) {
    scf.yield %a : i32
  } else {
    scf.yield %b : i32
  }
  return %r : i32
}
func.func @negated_if(%c: i1, %m: memref<i32>, %a: i32, %b: i32) {
  %true = arith.constant true
  %n = arith.xori %c, %true : i1
  scf.if %n {
    memref.store %a, %m[] : memref<i32>
  } else {
    memref.store %b, %m[] : memref<i32>
  }
  return
}
func.func @nested_ifs(%a: i1, %b: i1, %m: memref<i1>) {
  scf.if %a {
    scf.if %b {
      memref.store %a, %m[] : memref<i1>
    }
  } else {
  }
  return
}
func.func @loops(%lb: index, %ub: index, %x: i32, %m: memref<i32>) -> (i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r:2 = scf.for %i = %lb to %ub step %c1 iter_args(%p = %x, %q = %x) -> (i32, i32) {
    memref.store %q, %m[] : memref<i32>
    scf.yield %p, %x : i32, i32
  }
  %s = scf.for %i = %c0 to %c1 step %c4 iter_args(%acc = %x) -> (i32) {
    %v = arith.addi %acc, %acc : i32
    scf.yield %v : i32
  }
  %e = scf.for %i = %c4 to %c0 step %c1 iter_args(%acc = %x) -> (i32) {
    %v = arith.muli %acc, %acc : i32
    scf.yield %v : i32
  }
  %t = arith.addi %r#0, %s : i32
  return %t, %e : i32, i32
}
func.func @switch() -> i32 {
  %c1 = arith.constant 1 : index
  %r = scf.index_switch %c1 -> i32
  case 1 {
    %v = arith.constant 10 : i32
    scf.yield %v : i32
  }
  default {
    %v = arith.constant 20 : i32
    scf.yield %v : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @if_to_select(
// CHECK-NEXT: %0 = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT: return %0, %arg0 : i32, i1
// CHECK-NEXT: }
// CHECK-LABEL: func.func @static_if(
// CHECK-NEXT: return %arg1 : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @negated_if(
// CHECK-NEXT: scf.if %arg0 {
// CHECK-NEXT: memref.store %arg3, %arg1[] : memref<i32>
// CHECK-NEXT: } else {
// CHECK-NEXT: memref.store %arg2, %arg1[] : memref<i32>
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @nested_ifs(
// CHECK-NEXT: %0 = arith.andi %arg0, %arg1 : i1
// CHECK-NEXT: scf.if %0 {
// CHECK-NEXT: memref.store %arg0, %arg2[] : memref<i1>
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @loops(
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %0 = scf.for %arg4 = %arg0 to %arg1 step %c1 iter_args(%arg5 = %arg2) -> (i32) {
// CHECK-NEXT: memref.store %arg5, %arg3[] : memref<i32>
// CHECK-NEXT: scf.yield %arg2 : i32
// CHECK-NEXT: }
// CHECK-NEXT: %1 = arith.addi %arg2, %arg2 : i32
// CHECK-NEXT: %2 = arith.addi %arg2, %1 : i32
// CHECK-NEXT: return %2, %arg2 : i32, i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @switch(
// CHECK-NEXT: %c10_i32 = arith.constant 10 : i32
// CHECK-NEXT: return %c10_i32 : i32
