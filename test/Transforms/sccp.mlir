// RUN: pyopt %s -sccp | filecheck %s

// sccp: sparse conditional constant propagation through branches, structured control flow and
// calls. Values proven constant become constants at the front of the function (newest first);
// ops whose results all became constants and have no effects are erased.

// CHECK-LABEL: func.func @cfg_branch(%arg0: i32) -> i32 {
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT: %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: cf.cond_br %true, ^bb1(%c3_i32 : i32), ^bb1(%arg0 : i32)
// CHECK-NEXT: ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb0
// CHECK-NEXT: %1 = arith.muli %0, %c2_i32 : i32
// CHECK-NEXT: return %1 : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @cfg_loop(%arg0: i32) -> i32 {
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: cf.br ^bb1(%c0_i32, %c1_i32 : i32, i32)
// CHECK-NEXT: ^bb1(%0: i32, %1: i32):  // 2 preds: ^bb0, ^bb2
// CHECK-NEXT: %2 = arith.cmpi slt, %0, %arg0 : i32
// CHECK-NEXT: cf.cond_br %2, ^bb2, ^bb3(%c1_i32 : i32)
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT: %3 = arith.addi %0, %c1_i32 : i32
// CHECK-NEXT: cf.br ^bb1(%3, %c1_i32 : i32, i32)
// CHECK-NEXT: ^bb3(%4: i32):  // pred: ^bb1
// CHECK-NEXT: return %c1_i32 : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @cfg_switch() -> i32 {
// CHECK-NEXT: %c7_i32 = arith.constant 7 : i32
// CHECK-NEXT: %c9_i32 = arith.constant 9 : i32
// CHECK-NEXT: %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT: cf.switch %c2_i32 : i32, [
// CHECK-NEXT: default: ^bb1(%c9_i32 : i32),
// CHECK-NEXT: 2: ^bb2(%c9_i32, %c2_i32 : i32, i32)
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb1(%0: i32):  // pred: ^bb0
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: ^bb2(%1: i32, %2: i32):  // pred: ^bb0
// CHECK-NEXT: return %c7_i32 : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @regions(%arg0: i1, %arg1: index, %arg2: index) -> (i32, i32, i32, i32) {
// CHECK-NEXT: %c5_i32 = arith.constant 5 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %0:2 = scf.for %arg3 = %arg1 to %arg2 step %c1 iter_args(%arg4 = %c1_i32, %arg5 = %c5_i32) -> (i32, i32) {
// CHECK-NEXT: %1 = arith.addi %arg5, %c1_i32 : i32
// CHECK-NEXT: scf.yield %c1_i32, %1 : i32, i32
// CHECK-NEXT: }
// CHECK-NEXT: return %c1_i32, %c5_i32, %c1_i32, %0#1 : i32, i32, i32, i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @while_and_switch() -> (i32, i32) {
// CHECK-NEXT: %c10_i32 = arith.constant 10 : i32
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: return %c0_i32, %c10_i32 : i32, i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @affine_loops(%arg0: memref<4xi32>) -> i32 {
// CHECK-NEXT: %c4_i32 = arith.constant 4 : i32
// CHECK-NEXT: return %c4_i32 : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func private @add(%arg0: i32, %arg1: i32) -> i32 {
// CHECK-NEXT: %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT: return %c3_i32 : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func private @escapes(%arg0: i32) -> i32 {
// CHECK-NEXT: return %arg0 : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @visible(%arg0: i32) -> i32 {
// CHECK-NEXT: return %arg0 : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @calls() -> (i32, i32, i32) {
// CHECK-NEXT: %f = constant @escapes : (i32) -> i32
// CHECK-NEXT: %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT: %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %0 = call @add(%c1_i32, %c2_i32) : (i32, i32) -> i32
// CHECK-NEXT: %1 = call @escapes(%c1_i32) : (i32) -> i32
// CHECK-NEXT: %2 = call @visible(%c1_i32) : (i32) -> i32
// CHECK-NEXT: return %c3_i32, %1, %2 : i32, i32, i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @dialects() -> (index, i32, vector<2xi32>) {
// CHECK-NEXT: %cst = arith.constant dense<4> : vector<2xi32>
// CHECK-NEXT: %cst_0 = arith.constant dense<2> : vector<2xi32>
// CHECK-NEXT: %0 = ub.poison : i32
// CHECK-NEXT: %idx6 = index.constant 6
// CHECK-NEXT: %idx3 = index.constant 3
// CHECK-NEXT: return %idx6, %0, %cst : index, i32, vector<2xi32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// Constants found along the CFG: the false edge of a branch on a known condition is never
// taken, so the argument of ^bb1 only sees the constant 3.
func.func @cfg_branch(%arg0: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %sum = arith.addi %c1, %c2 : i32
  %t = arith.constant true
  cf.cond_br %t, ^bb1(%sum : i32), ^bb1(%arg0 : i32)
^bb1(%v: i32):
  %w = arith.muli %v, %c2 : i32
  return %w : i32
}

// A loop-carried block argument that stays at its initial value through the back edge.
func.func @cfg_loop(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  cf.br ^header(%c0, %c1 : i32, i32)
^header(%i: i32, %k: i32):
  %cmp = arith.cmpi slt, %i, %n : i32
  cf.cond_br %cmp, ^body, ^exit(%k : i32)
^body:
  %i2 = arith.addi %i, %c1 : i32
  %k2 = arith.muli %k, %c1 : i32
  cf.br ^header(%i2, %k2 : i32, i32)
^exit(%r: i32):
  return %r : i32
}

// cf.switch on a constant flag picks one case; unreachable blocks are kept.
func.func @cfg_switch() -> i32 {
  %c2 = arith.constant 2 : i32
  %c9 = arith.constant 9 : i32
  cf.switch %c2 : i32, [
    default: ^d(%c9 : i32),
    2: ^b(%c9, %c2 : i32, i32)
  ]
^d(%x: i32):
  return %x : i32
^b(%p: i32, %q: i32):
  %s = arith.subi %p, %q : i32
  return %s : i32
}

// Region control flow: scf.if on a constant takes one branch; both branches yielding the
// same constant make the result constant; loop iter_args that never change fold.
func.func @regions(%c: i1, %lb: index, %ub: index) -> (i32, i32, i32, i32) {
  %t = arith.constant true
  %s = arith.constant 1 : index
  %c1 = arith.constant 1 : i32
  %c5 = arith.constant 5 : i32
  %a = scf.if %t -> i32 {
    scf.yield %c1 : i32
  } else {
    scf.yield %c5 : i32
  }
  %b = scf.if %c -> i32 {
    scf.yield %c5 : i32
  } else {
    scf.yield %c5 : i32
  }
  %f:2 = scf.for %i = %lb to %ub step %s iter_args(%x = %c1, %y = %c5) -> (i32, i32) {
    %n = arith.addi %y, %c1 : i32
    scf.yield %x, %n : i32, i32
  }
  return %a, %b, %f#0, %f#1 : i32, i32, i32, i32
}

// scf.while whose condition is always false never runs its body; index_switch on a constant.
func.func @while_and_switch() -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %false = arith.constant false
  %w = scf.while (%a = %c0) : (i32) -> i32 {
    scf.condition(%false) %a : i32
  } do {
  ^bb0(%b: i32):
    %c3 = arith.constant 3 : i32
    scf.yield %c3 : i32
  }
  %k = arith.constant 1 : index
  %s = scf.index_switch %k -> i32
  case 1 {
    %x = arith.constant 10 : i32
    scf.yield %x : i32
  }
  default {
    %y = arith.constant 20 : i32
    scf.yield %y : i32
  }
  return %w, %s : i32, i32
}

// affine.for with a known trip count: zero iterations forward the init value.
func.func @affine_loops(%m: memref<4xi32>) -> i32 {
  %c4 = arith.constant 4 : i32
  %r = affine.for %i = 0 to 0 iter_args(%a = %c4) -> i32 {
    %q = arith.addi %a, %a : i32
    affine.yield %q : i32
  }
  return %r : i32
}

// Interprocedural: a private callee sees the constant arguments of its only call site and
// its result flows back; a public callee or one whose address escapes is left alone.
func.func private @add(%a: i32, %b: i32) -> i32 {
  %s = arith.addi %a, %b : i32
  return %s : i32
}
func.func private @escapes(%a: i32) -> i32 {
  return %a : i32
}
func.func @visible(%a: i32) -> i32 {
  return %a : i32
}
func.func @calls() -> (i32, i32, i32) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %r0 = call @add(%c1, %c2) : (i32, i32) -> i32
  %r1 = call @escapes(%c1) : (i32) -> i32
  %f = func.constant @escapes : (i32) -> i32
  %r2 = call @visible(%c1) : (i32) -> i32
  return %r0, %r1, %r2 : i32, i32, i32
}

// Constants of other dialects are built by their own dialect; poison stays poison.
func.func @dialects() -> (index, i32, vector<2xi32>) {
  %i = index.constant 3
  %j = index.add %i, %i
  %p = ub.poison : i32
  %q = arith.addi %p, %p : i32
  %v = arith.constant dense<2> : vector<2xi32>
  %w = arith.muli %v, %v : vector<2xi32>
  return %j, %q, %w : index, i32, vector<2xi32>
}
