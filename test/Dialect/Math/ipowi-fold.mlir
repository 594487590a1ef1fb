// RUN: pyopt %s --canonicalize | filecheck %s

// math.ipowi folds constants with wrapping arithmetic; a negative power gives 0 except for
// bases 1 and -1, and 0 to a negative power is left alone; math.fpowi does not fold.
func.func @f() -> (i32, i32, i32, i32, i8, vector<2xi32>) {
  %a = arith.constant 3 : i32
  %b = arith.constant 4 : i32
  %m = arith.constant -2 : i32
  %z = arith.constant 0 : i32
  %n1 = arith.constant -1 : i32
  %c5 = arith.constant 5 : i8
  %c3 = arith.constant 3 : i8
  %v = arith.constant dense<[2, -3]> : vector<2xi32>
  %w = arith.constant dense<[3, 2]> : vector<2xi32>
  %0 = math.ipowi %a, %b : i32
  %1 = math.ipowi %a, %m : i32
  %2 = math.ipowi %n1, %m : i32
  %3 = math.ipowi %z, %m : i32
  %4 = math.ipowi %c5, %c3 : i8
  %5 = math.ipowi %v, %w : vector<2xi32>
  return %0, %1, %2, %3, %4, %5 : i32, i32, i32, i32, i8, vector<2xi32>
}

// CHECK-LABEL: func.func @f
// CHECK-DAG: %[[V:.*]] = arith.constant dense<[8, 9]> : vector<2xi32>
// CHECK-DAG: %[[B:.*]] = arith.constant 125 : i8
// CHECK-DAG: %[[M2:.*]] = arith.constant -2 : i32
// CHECK-DAG: %[[Z:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[P:.*]] = arith.constant 81 : i32
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK: %[[KEEP:.*]] = math.ipowi %[[Z]], %[[M2]] : i32
// CHECK: return %[[P]], %[[Z]], %[[ONE]], %[[KEEP]], %[[B]], %[[V]]

func.func @no_fpowi_fold() -> f32 {
  %a = arith.constant 2.0 : f32
  %b = arith.constant 3 : i32
  // CHECK: math.fpowi
  %0 = math.fpowi %a, %b : f32, i32
  return %0 : f32
}

// A negative scalar result is printed signed, as the attribute holds it.
// CHECK-LABEL: func.func @negative
// CHECK-DAG:   arith.constant -128 : i8
// CHECK-DAG:   arith.constant -243 : i32
func.func @negative() -> (i8, i32) {
  %min = arith.constant -128 : i8
  %abs = math.absi %min : i8
  %b = arith.constant -3 : i32
  %p = arith.constant 5 : i32
  %r = math.ipowi %b, %p : i32
  return %abs, %r : i8, i32
}
