// RUN: pyopt %s | pyopt | filecheck %s
// RUN: pyopt %s --mlir-print-op-generic | pyopt | filecheck %s

// CHECK-LABEL: func.func @float_unary(
// CHECK-SAME:      %[[F:.*]]: f32, %[[V:.*]]: vector<4xf16>, %[[T:.*]]: tensor<?x2xf64>)
func.func @float_unary(%f: f32, %v: vector<4xf16>, %t: tensor<?x2xf64>) {
  // CHECK: math.absf %[[F]] : f32
  %0 = math.absf %f : f32
  // CHECK: math.sqrt %[[V]] : vector<4xf16>
  %1 = math.sqrt %v : vector<4xf16>
  // CHECK: math.roundeven %[[T]] : tensor<?x2xf64>
  %2 = math.roundeven %t : tensor<?x2xf64>
  // CHECK: math.log1p %[[F]] : f32
  %3 = math.log1p %f : f32
  // CHECK: math.acosh %[[F]] : f32
  %4 = math.acosh %f : f32
  // CHECK: math.expm1 %[[F]] : f32
  %5 = math.expm1 %f : f32
  return
}

// CHECK-LABEL: func.func @float_binary_ternary(
func.func @float_binary_ternary(%f: f32, %v: vector<4xf32>) {
  // CHECK: math.atan2 %{{.*}}, %{{.*}} : f32
  %0 = math.atan2 %f, %f : f32
  // CHECK: math.copysign %{{.*}}, %{{.*}} : vector<4xf32>
  %1 = math.copysign %v, %v : vector<4xf32>
  // CHECK: math.powf %{{.*}}, %{{.*}} : f32
  %2 = math.powf %f, %f : f32
  // CHECK: math.fma %{{.*}}, %{{.*}}, %{{.*}} : vector<4xf32>
  %3 = math.fma %v, %v, %v : vector<4xf32>
  return
}

// CHECK-LABEL: func.func @integer(
// CHECK-SAME:      %[[I:.*]]: i32, %[[X:.*]]: index, %[[V:.*]]: vector<2xi8>)
func.func @integer(%i: i32, %x: index, %v: vector<2xi8>) {
  // CHECK: math.absi %[[I]] : i32
  %0 = math.absi %i : i32
  // CHECK: math.ctlz %[[X]] : index
  %1 = math.ctlz %x : index
  // CHECK: math.cttz %[[V]] : vector<2xi8>
  %2 = math.cttz %v : vector<2xi8>
  // CHECK: math.ctpop %[[I]] : i32
  %3 = math.ctpop %i : i32
  // CHECK: math.ipowi %[[V]], %[[V]] : vector<2xi8>
  %4 = math.ipowi %v, %v : vector<2xi8>
  return
}

// CHECK-LABEL: func.func @fpowi(
func.func @fpowi(%f: f16, %i: i64, %t: tensor<3xf32>, %ti: tensor<3xi8>) {
  // CHECK: math.fpowi %{{.*}}, %{{.*}} : f16, i64
  %0 = math.fpowi %f, %i : f16, i64
  // CHECK: math.fpowi %{{.*}}, %{{.*}} fastmath<nnan> : tensor<3xf32>, tensor<3xi8>
  %1 = math.fpowi %t, %ti fastmath<nnan> : tensor<3xf32>, tensor<3xi8>
  return
}

// Flags print in declaration order; all seven collapse to `fast`; `none` is elided.
// CHECK-LABEL: func.func @fastmath(
func.func @fastmath(%f: f32) {
  // CHECK: math.exp %{{.*}} fastmath<nnan,ninf> : f32
  %0 = math.exp %f fastmath<ninf,nnan> : f32
  // CHECK: math.exp %{{.*}} fastmath<fast> : f32
  %1 = math.exp %f fastmath<afn,contract,arcp,nsz,ninf,nnan,reassoc> : f32
  // CHECK: math.exp %{{.*}} : f32
  %2 = math.exp %f fastmath<none> : f32
  // CHECK: math.exp %{{.*}} fastmath<reassoc,afn> : f32
  %3 = "math.exp"(%f) {fastmath = #arith.fastmath<afn,reassoc>} : (f32) -> f32
  // CHECK: math.fma %{{.*}}, %{{.*}}, %{{.*}} fastmath<contract> : f32
  %4 = math.fma %f, %f, %f fastmath<contract> : f32
  return
}
