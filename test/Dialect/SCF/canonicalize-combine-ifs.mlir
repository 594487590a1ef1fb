// RUN: pyopt %s -canonicalize -allow-unregistered-dialect -split-input-file | filecheck %s

// Two scf.if on the same condition become one; the second reads what the first yields in
// the same branch.
// CHECK-LABEL: func @same_condition
// CHECK-SAME: (%[[C:.*]]: i1, %[[X:.*]]: i32, %[[Y:.*]]: i32)
// CHECK: %[[R:.*]]:2 = scf.if %[[C]] -> (i32, i32) {
// CHECK:   %[[A:.*]] = "test.make"(%[[X]])
// CHECK:   %[[S:.*]] = arith.addi %[[A]], %[[X]]
// CHECK:   scf.yield %[[A]], %[[S]] : i32, i32
// CHECK: } else {
// CHECK:   %[[B:.*]] = "test.make"(%[[Y]])
// CHECK:   %[[M:.*]] = arith.muli %[[B]], %[[Y]]
// CHECK:   scf.yield %[[B]], %[[M]] : i32, i32
// CHECK: return %[[R]]#0, %[[R]]#1
func.func @same_condition(%c: i1, %x: i32, %y: i32) -> (i32, i32) {
  %1 = scf.if %c -> (i32) {
    %a = "test.make"(%x) : (i32) -> i32
    scf.yield %a : i32
  } else {
    %b = "test.make"(%y) : (i32) -> i32
    scf.yield %b : i32
  }
  %2 = scf.if %c -> (i32) {
    %s = arith.addi %1, %x : i32
    scf.yield %s : i32
  } else {
    %m = arith.muli %1, %y : i32
    scf.yield %m : i32
  }
  return %1, %2 : i32, i32
}

// -----

// On the negated condition, the second if's branches swap.
// CHECK-LABEL: func @negated
// CHECK: scf.if %[[C:.*]] {
// CHECK-NEXT: "test.first"
// CHECK-NEXT: } else {
// CHECK-NEXT: "test.second"
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @negated(%c: i1) {
  %true = arith.constant true
  %n = arith.xori %c, %true : i1
  scf.if %c {
    "test.first"() : () -> ()
  }
  scf.if %n {
    "test.second"() : () -> ()
  }
  return
}
