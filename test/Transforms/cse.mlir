// RUN: pyopt %s -cse | filecheck %s

// Equal pure ops are merged (commutative operands in any order), also into nested regions;
// trivially dead ops go away.
// CHECK-LABEL: func.func @cse
// CHECK-NEXT: %[[S:.*]] = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT: %[[IF:.*]] = scf.if %arg2 -> (i32) {
// CHECK-NEXT:   scf.yield %[[S]] : i32
// CHECK-NEXT: } else {
// CHECK-NEXT:   scf.yield %[[S]] : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %[[S]], %[[S]], %[[IF]] : i32, i32, i32
func.func @cse(%a: i32, %b: i32, %c: i1) -> (i32, i32, i32) {
  %0 = arith.addi %a, %b : i32
  %1 = arith.addi %b, %a : i32
  %2 = arith.addi %a, %b : i32
  %dead = arith.muli %a, %a : i32
  %3 = scf.if %c -> i32 {
    %4 = arith.addi %a, %b : i32
    scf.yield %4 : i32
  } else {
    scf.yield %0 : i32
  }
  return %1, %2, %3 : i32, i32, i32
}

// Only a dominating block's values are reused: ^bb3's subi stays, bb1's muli too (the
// entry one was dead).
// CHECK-LABEL: func.func @blocks
// CHECK-NEXT: cf.cond_br %arg1, ^bb1, ^bb2
// CHECK: ^bb1:
// CHECK-NEXT: arith.muli %arg0, %arg0
// CHECK: ^bb2:
// CHECK-NEXT: cf.br ^bb3
// CHECK: ^bb3:
// CHECK-NEXT: arith.subi %arg0, %arg0
func.func @blocks(%a: i32, %c: i1) -> i32 {
  %0 = arith.muli %a, %a : i32
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %1 = arith.muli %a, %a : i32
  return %1 : i32
^bb2:
  %2 = arith.subi %a, %a : i32
  cf.br ^bb3
^bb3:
  %3 = arith.subi %a, %a : i32
  return %3 : i32
}
