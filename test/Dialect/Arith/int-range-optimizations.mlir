// RUN: pyopt %s --int-range-optimizations | filecheck %s

// Ranges through clamps, arithmetic and casts decide comparisons.
// CHECK-LABEL: func.func @clamped_sum_is_small
// CHECK-NEXT:    %[[T:.*]] = arith.constant true
// CHECK-NEXT:    return %[[T]] : i1
func.func @clamped_sum_is_small(%a: i32, %b: i32) -> i1 {
  %c0 = arith.constant 0 : i32
  %c10 = arith.constant 10 : i32
  %c21 = arith.constant 21 : i32
  %x0 = arith.maxsi %a, %c0 : i32
  %x = arith.minsi %x0, %c10 : i32
  %y0 = arith.maxsi %b, %c0 : i32
  %y = arith.minsi %y0, %c10 : i32
  %s = arith.addi %x, %y : i32
  %r = arith.cmpi slt, %s, %c21 : i32
  return %r : i1
}

// Unknown outcome: the comparison stays.
// CHECK-LABEL: func.func @unknown
// CHECK:         %[[R:.*]] = arith.cmpi slt
// CHECK-NEXT:    return %[[R]]
func.func @unknown(%a: i32) -> i1 {
  %c5 = arith.constant 5 : i32
  %r = arith.cmpi slt, %a, %c5 : i32
  return %r : i1
}

// The remainder of a value already in [0, 8) by 8 is the value.
// CHECK-LABEL: func.func @trivial_rem(
// CHECK:         %[[X:.*]] = arith.andi
// CHECK-NOT:     arith.remui
// CHECK-NEXT:    return %[[X]] : index
func.func @trivial_rem(%a: index) -> index {
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %x = arith.andi %a, %c7 : index
  %r = arith.remui %x, %c8 : index
  return %r : index
}

// CHECK-LABEL: func.func @trivial_rems
// CHECK:         %[[X:.*]] = arith.minsi
// CHECK-NOT:     arith.remsi
// CHECK-NEXT:    return %[[X]] : i16
func.func @trivial_rems(%a: i16) -> i16 {
  %c0 = arith.constant 0 : i16
  %c99 = arith.constant 99 : i16
  %c100 = arith.constant 100 : i16
  %x0 = arith.maxsi %a, %c0 : i16
  %x = arith.minsi %x0, %c99 : i16
  %r = arith.remsi %x, %c100 : i16
  return %r : i16
}

// Not trivial: the dividend may reach the modulus.
// CHECK-LABEL: func.func @nontrivial_rem
// CHECK:         %[[R:.*]] = arith.remui
// CHECK-NEXT:    return %[[R]]
func.func @nontrivial_rem(%a: index) -> index {
  %c8 = arith.constant 8 : index
  %x = arith.andi %a, %c8 : index
  %r = arith.remui %x, %c8 : index
  return %r : index
}

// Loop induction variables take the range of the bounds.
// CHECK-LABEL: func.func @loop_iv
// CHECK:         %[[T:.*]] = arith.constant true
// CHECK:         scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step
// CHECK-NEXT:      memref.store %[[T]], %{{.*}}[%[[I]]] : memref<16xi1>
func.func @loop_iv(%m: memref<16xi1>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  scf.for %i = %c0 to %c16 step %c1 {
    %lt = arith.cmpi ult, %i, %c16 : index
    memref.store %lt, %m[%i] : memref<16xi1>
  }
  return
}

// A branch on a known condition: only one side is live.
// CHECK-LABEL: func.func @known_branch
// CHECK:         %[[T:.*]] = arith.constant true
// CHECK-NEXT:    cf.cond_br %[[T]], ^bb1(%arg0 : i8), ^bb1(%{{.*}} : i8)
func.func @known_branch(%a: i8) -> i8 {
  %c1 = arith.constant 1 : i8
  %z = arith.extui %a : i8 to i16
  %c300 = arith.constant 300 : i16
  %ok = arith.cmpi ult, %z, %c300 : i16
  cf.cond_br %ok, ^bb1, ^bb2
^bb1:
  return %a : i8
^bb2:
  return %c1 : i8
}

// Casts and truncation.
// CHECK-LABEL: func.func @casts
// CHECK-NEXT:    %[[T:.*]] = arith.constant true
// CHECK-NEXT:    return %[[T]], %[[T]] : i1, i1
func.func @casts(%a: i8) -> (i1, i1) {
  %ext = arith.extsi %a : i8 to i64
  %idx = arith.index_cast %ext : i64 to index
  %lo = arith.constant -129 : index
  %gt = arith.cmpi sgt, %idx, %lo : index
  %t = arith.trunci %ext : i64 to i4
  %c8 = arith.constant 7 : i4
  %le = arith.cmpi sle, %t, %c8 : i4
  return %gt, %le : i1, i1
}

// Select of two constants with an unknown condition: a range, not a constant.
// CHECK-LABEL: func.func @select_range
// CHECK-NEXT:    %[[T:.*]] = arith.constant true
// CHECK-NEXT:    return %[[T]] : i1
func.func @select_range(%c: i1) -> i1 {
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %c6 = arith.constant 6 : i32
  %s = arith.select %c, %c3, %c5 : i32
  %r = arith.cmpi ult, %s, %c6 : i32
  return %r : i1
}

// A value yielded around a loop that keeps growing is widened to the full range.
// CHECK-LABEL: func.func @widened
// CHECK:         scf.for
// CHECK:         %[[R:.*]] = arith.cmpi ult
// CHECK-NEXT:    return %[[R]] : i1
func.func @widened(%n: index) -> i1 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (index) {
    %next = arith.addi %acc, %c1 : index
    scf.yield %next : index
  }
  %big = arith.constant 1000 : index
  %cmp = arith.cmpi ult, %r, %big : index
  return %cmp : i1
}

// Vectors have no ranges.
// CHECK-LABEL: func.func @vector
// CHECK:         arith.addi %arg0, %{{.*}} : vector<4xi32>
func.func @vector(%v: vector<4xi32>) -> vector<4xi32> {
  %c = arith.constant dense<1> : vector<4xi32>
  %r = arith.addi %v, %c : vector<4xi32>
  return %r : vector<4xi32>
}

