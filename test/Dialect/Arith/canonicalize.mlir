// Arith canonicalization patterns (constant chains, extension/compare narrowing, select
// rewrites, cast chains, cmpf of int-to-fp against a constant): exact output of mlir-opt 19.
// RUN: pyopt %s -canonicalize="test-convergence" | filecheck %s

func.func @chains(%x: i32) -> (i32, i32, i32, i32) {
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %a = arith.addi %x, %c3 overflow<nsw> : i32
  %b = arith.addi %a, %c5 overflow<nsw> : i32
  %s = arith.subi %x, %c3 : i32
  %t = arith.subi %s, %c5 : i32
  %m = arith.muli %x, %c3 : i32
  %n = arith.muli %m, %c5 : i32
  %u = arith.subi %c5, %a : i32
  return %b, %t, %n, %u : i32, i32, i32, i32
}
func.func @ext_and_cmp(%a: i8, %b: i8, %p: i1) -> (i1, i64, i32, i16, i1) {
  %0 = arith.extsi %a : i8 to i32
  %1 = arith.extsi %b : i8 to i32
  %2 = arith.cmpi eq, %0, %1 : i32
  %3 = arith.extui %a : i8 to i32
  %4 = arith.extsi %3 : i32 to i64
  %5 = arith.xori %0, %1 : i32
  %6 = arith.trunci %4 : i64 to i16
  %true = arith.constant true
  %7 = arith.cmpi slt, %0, %1 : i32
  %8 = arith.xori %7, %true : i1
  return %2, %4, %5, %6, %8 : i1, i64, i32, i16, i1
}
func.func @selects(%c: i1, %x: i32, %y: i32) -> (i32, i32, i1, i32) {
  %0 = arith.cmpi eq, %x, %y : i32
  %1 = arith.select %0, %x, %y : i32
  %c1 = arith.constant 1 : i32
  %c0 = arith.constant 0 : i32
  %2 = arith.select %c, %c1, %c0 : i32
  %f = arith.constant false
  %t = arith.constant true
  %3 = arith.select %c, %f, %t : i1
  %4 = arith.select %c, %x, %y : i32
  %5 = arith.select %c, %4, %y : i32
  return %1, %2, %3, %5 : i32, i32, i1, i32
}
func.func @casts(%i: index, %j: i8) -> (index, index, i1) {
  %0 = arith.index_cast %i : index to i32
  %1 = arith.index_cast %0 : i32 to index
  %2 = arith.extsi %j : i8 to i32
  %3 = arith.index_cast %2 : i32 to index
  %4 = arith.sitofp %j : i8 to f32
  %cst = arith.constant 4.5 : f32
  %5 = arith.cmpf olt, %4, %cst : f32
  return %1, %3, %5 : index, index, i1
}

// CHECK-LABEL: func.func @chains(
// CHECK-NEXT: %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT: %c15_i32 = arith.constant 15 : i32
// CHECK-NEXT: %c8_i32 = arith.constant 8 : i32
// CHECK-NEXT: %0 = arith.addi %arg0, %c8_i32 overflow<nsw> : i32
// CHECK-NEXT: %1 = arith.subi %arg0, %c8_i32 : i32
// CHECK-NEXT: %2 = arith.muli %arg0, %c15_i32 : i32
// CHECK-NEXT: %3 = arith.subi %c2_i32, %arg0 : i32
// CHECK-NEXT: return %0, %1, %2, %3 : i32, i32, i32, i32
// CHECK-LABEL: func.func @ext_and_cmp(
// CHECK-NEXT: %0 = arith.extsi %arg0 : i8 to i32
// CHECK-NEXT: %1 = arith.extsi %arg1 : i8 to i32
// CHECK-NEXT: %2 = arith.cmpi eq, %arg0, %arg1 : i8
// CHECK-NEXT: %3 = arith.extui %arg0 : i8 to i64
// CHECK-NEXT: %4 = arith.xori %arg0, %arg1 : i8
// CHECK-NEXT: %5 = arith.extsi %4 : i8 to i32
// CHECK-NEXT: %6 = arith.extui %arg0 : i8 to i16
// CHECK-NEXT: %7 = arith.cmpi sge, %0, %1 : i32
// CHECK-NEXT: return %2, %3, %5, %6, %7 : i1, i64, i32, i16, i1
// CHECK-LABEL: func.func @selects(
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %0 = arith.extui %arg0 : i1 to i32
// CHECK-NEXT: %1 = arith.xori %arg0, %true : i1
// CHECK-NEXT: %2 = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT: return %arg2, %0, %1, %2 : i32, i32, i1, i32
// CHECK-LABEL: func.func @casts(
// CHECK-NEXT: %c4_i8 = arith.constant 4 : i8
// CHECK-NEXT: %0 = arith.index_cast %arg1 : i8 to index
// CHECK-NEXT: %1 = arith.cmpi sle, %arg1, %c4_i8 : i8
// CHECK-NEXT: return %arg0, %0, %1 : index, index, i1
