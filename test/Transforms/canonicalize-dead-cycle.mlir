// A loop of blocks cut off from the entry by a folded branch is erased, not merged into
// itself: merging would make its ops use their own results, and `x + 0 -> x` or
// `(x + 1) + 1 -> x + 2` on such an op never stop (mlir-opt 19 crashes on this input).
// RUN: pyopt %s --canonicalize | filecheck %s

// CHECK-LABEL: func.func @dead_cycle
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    return %[[C0]] : index
// CHECK-NEXT:  }
func.func @dead_cycle(%c: i1) -> index {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %false = arith.constant false
  cf.cond_br %false, ^bb1(%c0 : index), ^bb3
^bb1(%i: index):
  %cmp = arith.cmpi slt, %i, %c2 : index
  cf.cond_br %cmp, ^bb2, ^bb3
^bb2:
  %n = arith.addi %i, %c0 : index
  cf.br ^bb1(%n : index)
^bb3:
  return %c0 : index
}

// CHECK-LABEL: func.func @dead_counting_cycle
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    return %[[C0]] : index
// CHECK-NEXT:  }
func.func @dead_counting_cycle(%c: i1) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c9 = arith.constant 9 : index
  %false = arith.constant false
  cf.cond_br %false, ^bb1(%c0 : index), ^bb3
^bb1(%i: index):
  %cmp = arith.cmpi slt, %i, %c9 : index
  cf.cond_br %cmp, ^bb2, ^bb3
^bb2:
  %n = arith.addi %i, %c1 : index
  %m = arith.addi %n, %c1 : index
  cf.br ^bb1(%m : index)
^bb3:
  return %c0 : index
}
