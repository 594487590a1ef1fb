// RUN: pyopt %s -test-math-algebraic-simplification | filecheck %s

// Constant exponents turn powf/fpowi/ipowi into products, square roots and divisions;
// other exponents (4.0 for powf, |n| > 3 for the integer powers) are left alone.

// CHECK-LABEL: func @powf_consts
// CHECK-SAME: (%[[X:.*]]: f64, %[[V:.*]]: vector<2xf32>)
// CHECK-DAG: %[[ONE:.*]] = arith.constant dense<1.000000e+00> : vector<2xf32>
// CHECK-DAG: %[[FOUR:.*]] = arith.constant 4.000000e+00 : f64
// CHECK: %[[SQ:.*]] = arith.mulf %[[X]], %[[X]] : f64
// CHECK: %[[CUBE:.*]] = arith.mulf %[[X]], %[[SQ]] : f64
// CHECK: %[[R2:.*]] = math.sqrt %[[X]] : f64
// CHECK: %[[R4:.*]] = math.sqrt %[[R2]] : f64
// CHECK: %[[P34:.*]] = arith.mulf %[[R2]], %[[R4]] : f64
// CHECK: %[[INV:.*]] = arith.divf %[[ONE]], %[[V]] : vector<2xf32>
// CHECK: %[[RS:.*]] = math.rsqrt %[[V]] : vector<2xf32>
// CHECK: %[[KEPT:.*]] = math.powf %[[X]], %[[FOUR]] : f64
// CHECK: return %[[CUBE]], %[[P34]], %[[INV]], %[[RS]], %[[KEPT]]
func.func @powf_consts(%x: f64, %v: vector<2xf32>) -> (f64, f64, vector<2xf32>, vector<2xf32>, f64) {
  %c3 = arith.constant 3.0 : f64
  %c075 = arith.constant 0.75 : f64
  %m1 = arith.constant dense<-1.0> : vector<2xf32>
  %mh = arith.constant dense<-0.5> : vector<2xf32>
  %c4 = arith.constant 4.0 : f64
  %0 = math.powf %x, %c3 : f64
  %1 = math.powf %x, %c075 : f64
  %2 = math.powf %v, %m1 : vector<2xf32>
  %3 = math.powf %v, %mh : vector<2xf32>
  %4 = math.powf %x, %c4 : f64
  return %0, %1, %2, %3, %4 : f64, f64, vector<2xf32>, vector<2xf32>, f64
}

// CHECK-LABEL: func @powi_consts
// CHECK-SAME: (%[[X:.*]]: f32, %[[I:.*]]: i16, %[[V:.*]]: vector<3xi32>)
// CHECK-DAG: %[[VONE:.*]] = arith.constant dense<1> : vector<3xi32>
// CHECK-DAG: %[[C5:.*]] = arith.constant 5 : i32
// CHECK-DAG: %[[FONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK: %[[RCP:.*]] = arith.divf %[[FONE]], %[[X]] : f32
// CHECK: %[[NEG2:.*]] = arith.mulf %[[RCP]], %[[RCP]] : f32
// CHECK: %[[SQ:.*]] = arith.muli %[[I]], %[[I]] : i16
// CHECK: %[[CUBE:.*]] = arith.muli %[[SQ]], %[[I]] : i16
// CHECK: %[[KEPT:.*]] = math.fpowi %[[X]], %[[C5]] : f32, i32
// CHECK: return %[[NEG2]], %[[CUBE]], %[[VONE]], %[[KEPT]]
func.func @powi_consts(%x: f32, %i: i16, %v: vector<3xi32>) -> (f32, i16, vector<3xi32>, f32) {
  %m2 = arith.constant -2 : i32
  %c3 = arith.constant 3 : i16
  %z = arith.constant dense<0> : vector<3xi32>
  %c5 = arith.constant 5 : i32
  %0 = math.fpowi %x, %m2 : f32, i32
  %1 = math.ipowi %i, %c3 : i16
  %2 = math.ipowi %v, %z : vector<3xi32>
  %3 = math.fpowi %x, %c5 : f32, i32
  return %0, %1, %2, %3 : f32, i16, vector<3xi32>, f32
}
