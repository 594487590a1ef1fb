// RUN: pyopt %s --convert-math-to-funcs --split-input-file | filecheck %s

// Both scalar ipowi ops of one width share one outlined function; the vector op is unrolled
// into per-element calls of a second, narrower one.

// CHECK-LABEL: func.func @two_widths
// CHECK-SAME: (%[[X:.*]]: i64, %[[Y:.*]]: i64, %[[V:.*]]: vector<2xi8>)
// CHECK-NEXT: %[[A:.*]] = call @__mlir_math_ipowi_i64(%[[X]], %[[Y]]) : (i64, i64) -> i64
// CHECK-NEXT: %[[B:.*]] = call @__mlir_math_ipowi_i64(%[[A]], %[[X]]) : (i64, i64) -> i64
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant dense<0> : vector<2xi8>
// CHECK-NEXT: %[[L0:.*]] = vector.extract %[[V]][0] : i8 from vector<2xi8>
// CHECK-NEXT: %[[R0:.*]] = vector.extract %[[V]][0] : i8 from vector<2xi8>
// CHECK-NEXT: %[[P0:.*]] = call @__mlir_math_ipowi_i8(%[[L0]], %[[R0]]) : (i8, i8) -> i8
// CHECK-NEXT: %[[I0:.*]] = vector.insert %[[P0]], %[[ZERO]] [0] : i8 into vector<2xi8>
// CHECK-NEXT: %[[L1:.*]] = vector.extract %[[V]][1] : i8 from vector<2xi8>
// CHECK-NEXT: %[[R1:.*]] = vector.extract %[[V]][1] : i8 from vector<2xi8>
// CHECK-NEXT: %[[P1:.*]] = call @__mlir_math_ipowi_i8(%[[L1]], %[[R1]]) : (i8, i8) -> i8
// CHECK-NEXT: %[[I1:.*]] = vector.insert %[[P1]], %[[I0]] [1] : i8 into vector<2xi8>
// CHECK-NEXT: return %[[B]], %[[I1]] : i64, vector<2xi8>

// The i64 implementation: exponent 0 gives 1; a negative exponent gives 0 except for the
// bases 0 (division by zero), 1 and -1; otherwise square-and-multiply.
// CHECK-LABEL: func.func private @__mlir_math_ipowi_i64
// CHECK-SAME: (%[[B:.*]]: i64, %[[P:.*]]: i64) -> i64 attributes {llvm.linkage = #llvm.linkage<linkonce_odr>}
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : i64
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : i64
// CHECK-NEXT: %[[CM1:.*]] = arith.constant -1 : i64
// CHECK-NEXT: %[[PZ:.*]] = arith.cmpi eq, %[[P]], %[[C0]] : i64
// CHECK-NEXT: cf.cond_br %[[PZ]], ^bb1, ^bb2
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: return %[[C1]] : i64
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: %[[PN:.*]] = arith.cmpi sle, %[[P]], %[[C0]] : i64
// CHECK-NEXT: cf.cond_br %[[PN]], ^bb3, ^bb12(%[[C1]], %[[B]], %[[P]] : i64, i64, i64)
// CHECK-NEXT: ^bb3:
// CHECK-NEXT: %[[BZ:.*]] = arith.cmpi eq, %[[B]], %[[C0]] : i64
// CHECK-NEXT: cf.cond_br %[[BZ]], ^bb4, ^bb5
// CHECK-NEXT: ^bb4:
// CHECK-NEXT: %[[DIV:.*]] = arith.divsi %[[C1]], %[[C0]] : i64
// CHECK-NEXT: return %[[DIV]] : i64
// CHECK-NEXT: ^bb5:
// CHECK-NEXT: %[[B1:.*]] = arith.cmpi eq, %[[B]], %[[C1]] : i64
// CHECK-NEXT: cf.cond_br %[[B1]], ^bb6, ^bb7
// CHECK-NEXT: ^bb6:
// CHECK-NEXT: return %[[C1]] : i64
// CHECK-NEXT: ^bb7:
// CHECK-NEXT: %[[BM1:.*]] = arith.cmpi eq, %[[B]], %[[CM1]] : i64
// CHECK-NEXT: cf.cond_br %[[BM1]], ^bb8, ^bb11
// CHECK-NEXT: ^bb8:
// CHECK-NEXT: %[[AND:.*]] = arith.andi %[[P]], %[[C1]] : i64
// CHECK-NEXT: %[[ODD:.*]] = arith.cmpi ne, %[[AND]], %[[C0]] : i64
// CHECK-NEXT: cf.cond_br %[[ODD]], ^bb9, ^bb10
// CHECK-NEXT: ^bb9:
// CHECK-NEXT: return %[[CM1]] : i64
// CHECK-NEXT: ^bb10:
// CHECK-NEXT: return %[[C1]] : i64
// CHECK-NEXT: ^bb11:
// CHECK-NEXT: return %[[C0]] : i64
// CHECK-NEXT: ^bb12(%[[RES:.*]]: i64, %[[BASE:.*]]: i64, %[[POW:.*]]: i64):
// CHECK-NEXT: %[[AND2:.*]] = arith.andi %[[POW]], %[[C1]] : i64
// CHECK-NEXT: %[[ODD2:.*]] = arith.cmpi ne, %[[AND2]], %[[C0]] : i64
// CHECK-NEXT: cf.cond_br %[[ODD2]], ^bb13, ^bb14(%[[RES]] : i64)
// CHECK-NEXT: ^bb13:
// CHECK-NEXT: %[[MUL:.*]] = arith.muli %[[RES]], %[[BASE]] : i64
// CHECK-NEXT: cf.br ^bb14(%[[MUL]] : i64)
// CHECK-NEXT: ^bb14(%[[RES2:.*]]: i64):
// CHECK-NEXT: %[[HALF:.*]] = arith.shrui %[[POW]], %[[C1]] : i64
// CHECK-NEXT: %[[DONE:.*]] = arith.cmpi eq, %[[HALF]], %[[C0]] : i64
// CHECK-NEXT: cf.cond_br %[[DONE]], ^bb15, ^bb16
// CHECK-NEXT: ^bb15:
// CHECK-NEXT: return %[[RES2]] : i64
// CHECK-NEXT: ^bb16:
// CHECK-NEXT: %[[SQ:.*]] = arith.muli %[[BASE]], %[[BASE]] : i64
// CHECK-NEXT: cf.br ^bb12(%[[RES2]], %[[SQ]], %[[HALF]] : i64, i64, i64)
// CHECK-NEXT: }

// CHECK-LABEL: func.func private @__mlir_math_ipowi_i8
// CHECK-SAME: (%{{.*}}: i8, %{{.*}}: i8) -> i8
// CHECK: %{{.*}} = arith.constant -1 : i8
// CHECK-NOT: func.func private @__mlir_math_ipowi
func.func @two_widths(%x: i64, %y: i64, %v: vector<2xi8>) -> (i64, vector<2xi8>) {
  %a = math.ipowi %x, %y : i64
  %b = math.ipowi %a, %x : i64
  %c = math.ipowi %v, %v : vector<2xi8>
  return %b, %c : i64, vector<2xi8>
}

// -----

// i1 constants print as booleans; -1 : i1 is `true`.

// CHECK-LABEL: func.func private @__mlir_math_ipowi_i1
// CHECK-NEXT: %[[F:.*]] = arith.constant false
// CHECK-NEXT: %{{.*}} = arith.constant true
// CHECK-NEXT: %{{.*}} = arith.constant true
func.func @bool_power(%x: i1) -> i1 {
  %r = math.ipowi %x, %x : i1
  return %r : i1
}

// -----

// A 0-d vector is unrolled with empty positions.

// CHECK-LABEL: func.func @rank_zero
// CHECK: %[[E:.*]] = vector.extract %{{.*}}[] : i32 from vector<i32>
// CHECK: %[[C:.*]] = call @__mlir_math_ipowi_i32(%[[E]], %{{.*}}) : (i32, i32) -> i32
// CHECK: vector.insert %[[C]], %{{.*}} [] : i32 into vector<i32>
func.func @rank_zero(%v: vector<i32>) -> vector<i32> {
  %r = math.ipowi %v, %v : vector<i32>
  return %r : vector<i32>
}
