// RUN: pyopt %s -test-constant-fold | filecheck %s

// Ops are folded once each, last first: a user folded before its operands were constant
// stays. Constants are uniqued at the top of the function body and dead ones erased; a
// ceildivsi of the smallest i8 is not folded (the folder would negate it).

func.func @fold_chain(%x: i32) -> (i32, i32, i8) {
  %a = arith.constant 6 : i32
  %b = arith.constant 7 : i32
  %p = arith.muli %a, %b : i32
  %q = arith.addi %p, %a : i32
  %r = arith.addi %x, %q : i32
  %big = arith.constant -128 : i8
  %seven = arith.constant 7 : i8
  %keep = arith.ceildivsi %big, %seven : i8
  %dead = arith.constant 99 : i32
  return %r, %q, %keep : i32, i32, i8
}

func.func @nested(%c: i1) -> i32 {
  %r = scf.if %c -> i32 {
    %one = arith.constant 1 : i32
    %two = arith.addi %one, %one : i32
    scf.yield %two : i32
  } else {
    %two = arith.constant 2 : i32
    scf.yield %two : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @fold_chain
// CHECK-NEXT:    %[[C6:.*]] = arith.constant 6 : i32
// CHECK-NEXT:    %[[C42:.*]] = arith.constant 42 : i32
// CHECK-NEXT:    %[[MIN:.*]] = arith.constant -128 : i8
// CHECK-NEXT:    %[[C7:.*]] = arith.constant 7 : i8
// CHECK-NEXT:    %[[Q:.*]] = arith.addi %[[C42]], %[[C6]] : i32
// CHECK-NEXT:    %[[R:.*]] = arith.addi %arg0, %[[Q]] : i32
// CHECK-NEXT:    %[[K:.*]] = arith.ceildivsi %[[MIN]], %[[C7]] : i8
// CHECK-NEXT:    return %[[R]], %[[Q]], %[[K]]

// CHECK-LABEL: func.func @nested
// CHECK-NEXT:    %[[TWO:.*]] = arith.constant 2 : i32
// CHECK-NEXT:    scf.if %arg0 -> (i32) {
// CHECK-NEXT:      scf.yield %[[TWO]] : i32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %[[TWO]] : i32
