// Region simplification erases dead block arguments of switch successors: the operands every
// case forwards are erased with them (the case operand segments shrink), and a constant that
// only fed a dead argument is erased after the branch that forwarded it no longer uses it.
// RUN: pyopt %s -allow-unregistered-dialect -split-input-file --canonicalize | filecheck %s

func.func private @use(i32)

// CHECK-LABEL: func.func @dead_arg_through_cases
// CHECK-SAME: (%[[F:.*]]: i32, %[[A:.*]]: i32, %[[B:.*]]: i32)
// CHECK:      cf.switch %[[F]] : i32, [
// CHECK-NEXT:   default: ^[[ONE:bb[0-9]+]](%[[B]] : i32),
// CHECK-NEXT:   1: ^[[TWO:bb[0-9]+]],
// CHECK-NEXT:   2: ^[[ONE]](%[[A]] : i32),
// CHECK-NEXT:   5: ^[[TWO]]
// CHECK-NEXT: ]
// CHECK:      ^[[ONE]](%[[Y:.*]]: i32):
// CHECK-NEXT:   call @use(%[[Y]])
// CHECK:      ^[[TWO]]:
// CHECK-NEXT:   call @use(%[[A]])
func.func @dead_arg_through_cases(%flag: i32, %a: i32, %b: i32) {
  cf.switch %flag : i32, [
    default: ^bb1(%a, %b : i32, i32),
    1: ^bb2(%b : i32),
    2: ^bb1(%b, %a : i32, i32),
    5: ^bb2(%a : i32)
  ]
^bb1(%x: i32, %y: i32):
  func.call @use(%y) : (i32) -> ()
  return
^bb2(%z: i32):
  func.call @use(%a) : (i32) -> ()
  return
}

// An unregistered op is not known to be a branch: as in MLIR 19, its target's dead argument
// is erased and the op's operands are left alone.
// CHECK-LABEL: func.func @unknown_branch
// CHECK:      "test.unknown_br"(%{{.*}})[^[[B:bb[0-9]+]]] : (i32) -> ()
// CHECK-NEXT: ^[[B]]:
func.func @unknown_branch(%a: i32) {
  "test.unknown_br"(%a)[^bb1] : (i32) -> ()
^bb1(%x: i32):
  return
}

// -----

// A switch case that reaches the join block through a block whose computation folds away:
// the join block's argument is dead, so the folded constant must not be erased while the
// forwarding branch still uses it (this used to leave a use of an erased value).
// CHECK-LABEL: func.func private @fold_then_dead_arg
// CHECK-NOT:  cf.
// CHECK:      %[[G:.*]] = memref.get_global @seeds
// CHECK:      %[[L:.*]] = memref.load %[[G]]
// CHECK:      %[[I:.*]] = arith.index_castui %[[L]] : i64 to index
// CHECK:      %[[J:.*]] = arith.index_cast %[[I]] : index to i64
// CHECK:      %[[X:.*]] = arith.xori %[[J]], %{{.*}} : i64
// CHECK:      %[[M:.*]] = arith.muli %[[X]], %{{.*}} : i64
// CHECK:      %[[R:.*]] = arith.addi %[[M]], %{{.*}} : i64
// CHECK:      return %[[R]], %{{.*}} : i64, f64
memref.global "private" @seeds : memref<16xi64> = dense<7>
func.func private @fold_then_dead_arg(%a0: memref<7x4xf64>, %a1: i64, %a2: i32) -> (i64, f64) {
  %g = memref.get_global @seeds : memref<16xi64>
  %c8 = arith.constant 8 : index
  %c1000 = arith.constant 1000 : index
  %z = arith.constant 0.000000e+00 : f64
  %big = arith.constant 0x43EFFFFFFFFFFFFF : f64
  %c31 = arith.constant 31 : i64
  %p = arith.constant 1099511628211 : i64
  %c7 = arith.constant 7 : index
  %nan = arith.constant 0x7FF8000000000000 : f64
  %t = arith.trunci %a2 : i32 to i16
  %c6 = arith.constant 6 : i16
  %sel = arith.remui %t, %c6 : i16
  %ld = memref.load %g[%c8] : memref<16xi64>
  %i = arith.index_castui %ld : i64 to index
  %r = arith.remui %i, %c1000 : index
  %b = arith.index_cast %r : index to i8
  cf.switch %sel : i16, [default: ^bb1(%r : index), 0: ^bb1(%r : index), 2: ^bb1(%c8 : index), 3: ^bb2(%b : i8), 4: ^bb3]
^bb2(%x: i8):
  %0 = arith.index_cast %c8 : index to i64
  %1 = arith.uitofp %0 : i64 to f64
  %2 = arith.cmpf uno, %1, %1 : f64
  %3 = arith.select %2, %z, %1 : f64
  %4 = arith.maximumf %3, %z : f64
  %5 = arith.minimumf %4, %big : f64
  %6 = arith.fptoui %5 : f64 to i64
  %7 = arith.index_castui %6 : i64 to index
  cf.br ^bb1(%7 : index)
^bb3:
  %c0 = arith.constant 0 : index
  cf.br ^bb1(%c0 : index)
^bb1(%y: index):
  %m2 = arith.constant -2 : i64
  %8 = arith.index_cast %i : index to i64
  %9 = arith.xori %m2, %8 : i64
  %10 = arith.muli %9, %p : i64
  %11 = arith.index_cast %c7 : index to i64
  %12 = arith.muli %10, %c31 : i64
  %13 = arith.addi %12, %11 : i64
  return %13, %nan : i64, f64
}
