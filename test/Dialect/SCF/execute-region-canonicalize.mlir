// scf.execute_region canonicalization: a single-block region is inlined anywhere; a
// multi-block one is inlined into a function body (or an enclosing execute_region), its
// yields becoming branches to the block after it; inside a loop body it stays.
// RUN: pyopt %s --canonicalize --allow-unregistered-dialect | filecheck %s

// CHECK-LABEL: func.func @single
// CHECK-NEXT:    %[[M:.*]] = arith.muli %arg0, %arg0 : i32
// CHECK-NEXT:    return %[[M]] : i32

// CHECK-LABEL: func.func @multi
// CHECK-NEXT:    "test.before"
// CHECK-NEXT:    cf.cond_br %arg0, ^bb1, ^bb2
// CHECK:       ^bb1:
// CHECK-NEXT:    %[[X:.*]] = arith.addi %arg1, %arg2 : i32
// CHECK-NEXT:    cf.br ^bb3(%[[X]] : i32)
// CHECK:       ^bb2:
// CHECK-NEXT:    %[[Y:.*]] = arith.subi %arg1, %arg2 : i32
// CHECK-NEXT:    cf.br ^bb3(%[[Y]] : i32)
// CHECK:       ^bb3(%[[R:.*]]: i32):
// CHECK-NEXT:    "test.after"(%[[R]])
// CHECK-NEXT:    return %[[R]] : i32

// CHECK-LABEL: func.func @in_loop
// CHECK:         scf.for
// CHECK-NEXT:      scf.execute_region -> index {

// CHECK-LABEL: func.func @nested
// CHECK-NEXT:    cf.cond_br %arg0, ^bb2(%arg1 : i32), ^bb1
// CHECK-NOT:     scf.execute_region

func.func @single(%a: i32) -> i32 {
  %0 = scf.execute_region -> i32 {
    %1 = arith.muli %a, %a : i32
    scf.yield %1 : i32
  }
  return %0 : i32
}

func.func @multi(%c: i1, %a: i32, %b: i32) -> i32 {
  "test.before"() : () -> ()
  %0 = scf.execute_region -> i32 {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    %x = arith.addi %a, %b : i32
    scf.yield %x : i32
  ^bb2:
    %y = arith.subi %a, %b : i32
    scf.yield %y : i32
  }
  "test.after"(%0) : (i32) -> ()
  return %0 : i32
}

func.func @in_loop(%c: i1, %a: index, %n: index) {
  %c1 = arith.constant 1 : index
  scf.for %i = %a to %n step %c1 {
    %0 = scf.execute_region -> index {
      cf.cond_br %c, ^bb1, ^bb2
    ^bb1:
      scf.yield %i : index
    ^bb2:
      scf.yield %a : index
    }
    "test.use"(%0) : (index) -> ()
  }
  return
}

func.func @nested(%c: i1, %a: i32) -> i32 {
  %0 = scf.execute_region -> i32 {
    %1 = scf.execute_region -> i32 {
      cf.cond_br %c, ^bb1, ^bb2
    ^bb1:
      scf.yield %a : i32
    ^bb2:
      %z = arith.addi %a, %a : i32
      scf.yield %z : i32
    }
    "test.use"(%1) : (i32) -> ()
    scf.yield %1 : i32
  }
  return %0 : i32
}
