// Arith folders through the greedy driver: identities, constant folding (scalars, splats and
// dense vectors), select folds, and constants uniqued and hoisted to the entry block.
// RUN: pyopt %s -canonicalize | filecheck %s
// RUN: pyopt %s -canonicalize="top-down=false" | filecheck %s

// CHECK-LABEL: func.func @identities
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[T:.*]] = arith.constant true
// CHECK-NEXT: return %arg0, %arg0, %[[Z]], %arg0, %arg0, %[[Z]], %[[T]]

// CHECK-LABEL: func.func @constants
// CHECK-NEXT: arith.constant -1 : i32
// CHECK-NEXT: arith.constant -56 : i8
// CHECK-NEXT: arith.constant false
// CHECK-NEXT: arith.constant 6.250000e+00 : f32
// CHECK-NEXT: arith.constant dense<[2, 4]> : vector<2xi32>
// CHECK-NEXT: arith.constant -5 : index
// CHECK-NEXT: arith.constant -2 : i32
// CHECK-NEXT: return

// CHECK-LABEL: func.func @select
// CHECK-NEXT: return %arg1, %arg0, %arg1 : i32, i1, i32

// CHECK-LABEL: func.func @hoist
// CHECK-NEXT: %[[C14:.*]] = arith.constant 14 : i32
// CHECK-NEXT: %[[C7:.*]] = arith.constant 7 : i32
// CHECK-NEXT: cf.cond_br
// CHECK: return %[[C7]]
// CHECK: return %[[C14]]
func.func @identities(%a: i32, %b: i1) -> (i32, i32, i32, i32, i32, i32, i1) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %m1 = arith.constant -1 : i32
  %0 = arith.addi %a, %c0 : i32
  %1 = arith.muli %c1, %a : i32
  %2 = arith.subi %a, %a : i32
  %3 = arith.andi %a, %m1 : i32
  %4 = arith.ori %a, %a : i32
  %5 = arith.xori %a, %a : i32
  %6 = arith.cmpi ule, %a, %a : i32
  return %0, %1, %2, %3, %4, %5, %6 : i32, i32, i32, i32, i32, i32, i1
}
func.func @constants() -> (i32, i8, i1, f32, vector<2xi32>, index, i32) {
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant -5 : i32
  %0 = arith.divsi %c5, %c3 : i32
  %c200 = arith.constant 200 : i32
  %1 = arith.trunci %c200 : i32 to i8
  %2 = arith.cmpi ult, %c5, %c3 : i32
  %f = arith.constant 2.5 : f32
  %3 = arith.mulf %f, %f : f32
  %v = arith.constant dense<[1, 2]> : vector<2xi32>
  %4 = arith.addi %v, %v : vector<2xi32>
  %5 = arith.index_cast %c5 : i32 to index
  %6 = arith.floordivsi %c5, %c3 : i32
  return %0, %1, %2, %3, %4, %5, %6 : i32, i8, i1, f32, vector<2xi32>, index, i32
}
func.func @select(%c: i1, %a: i32, %b: i32) -> (i32, i1, i32) {
  %t = arith.constant true
  %f = arith.constant false
  %0 = arith.select %t, %a, %b : i32
  %1 = arith.select %c, %t, %f : i1
  %2 = arith.select %c, %a, %a : i32
  return %0, %1, %2 : i32, i1, i32
}
func.func @hoist(%c: i1) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %c7 = arith.constant 7 : i32
  return %c7 : i32
^bb2:
  %c7b = arith.constant 7 : i32
  %x = arith.addi %c7b, %c7b : i32
  return %x : i32
}
