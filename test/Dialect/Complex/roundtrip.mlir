// RUN: pyopt %s | pyopt | filecheck %s
// RUN: pyopt %s --mlir-print-op-generic | pyopt | filecheck %s

// CHECK-LABEL: func.func @parts(
// CHECK-SAME:      %[[C:.*]]: complex<f32>)
func.func @parts(%c: complex<f32>) -> complex<f32> {
  // CHECK: %[[RE:.*]] = complex.re %[[C]] : complex<f32>
  %re = complex.re %c : complex<f32>
  // CHECK: %[[IM:.*]] = complex.im %[[C]] : complex<f32>
  %im = complex.im %c : complex<f32>
  // CHECK: complex.create %[[RE]], %[[IM]] : complex<f32>
  %n = complex.create %re, %im : complex<f32>
  // CHECK: complex.abs %[[C]] fastmath<nnan> : complex<f32>
  %a = complex.abs %c fastmath<nnan> : complex<f32>
  // CHECK: complex.angle %[[C]] : complex<f32>
  %g = complex.angle %c : complex<f32>
  return %n : complex<f32>
}

// CHECK-LABEL: func.func @arith(
func.func @arith(%a: complex<f64>, %b: complex<f64>) {
  // CHECK: complex.add %{{.*}}, %{{.*}} : complex<f64>
  %0 = complex.add %a, %b : complex<f64>
  // CHECK: complex.sub %{{.*}}, %{{.*}} fastmath<fast> : complex<f64>
  %1 = complex.sub %a, %b fastmath<fast> : complex<f64>
  // CHECK: complex.mul %{{.*}}, %{{.*}} : complex<f64>
  %2 = complex.mul %a, %b : complex<f64>
  // CHECK: complex.div %{{.*}}, %{{.*}} : complex<f64>
  %3 = complex.div %a, %b : complex<f64>
  // CHECK: complex.pow %{{.*}}, %{{.*}} : complex<f64>
  %4 = complex.pow %a, %b : complex<f64>
  // CHECK: complex.atan2 %{{.*}}, %{{.*}} : complex<f64>
  %5 = complex.atan2 %a, %b : complex<f64>
  // CHECK: complex.eq %{{.*}}, %{{.*}} : complex<f64>
  %6 = complex.eq %a, %b : complex<f64>
  // CHECK: complex.neq %{{.*}}, %{{.*}} : complex<f64>
  %7 = complex.neq %a, %b : complex<f64>
  return
}

// CHECK-LABEL: func.func @unary(
func.func @unary(%a: complex<bf16>) {
  // CHECK: complex.exp %{{.*}} : complex<bf16>
  %0 = complex.exp %a : complex<bf16>
  // CHECK: complex.log1p %{{.*}} fastmath<ninf,afn> : complex<bf16>
  %1 = complex.log1p %a fastmath<afn,ninf> : complex<bf16>
  // CHECK: complex.conj %{{.*}} : complex<bf16>
  %2 = complex.conj %a : complex<bf16>
  // CHECK: complex.tanh %{{.*}} : complex<bf16>
  %3 = complex.tanh %a : complex<bf16>
  // CHECK: complex.sign %{{.*}} : complex<bf16>
  %4 = complex.sign %a : complex<bf16>
  // CHECK: complex.rsqrt %{{.*}} : complex<bf16>
  %5 = complex.rsqrt %a : complex<bf16>
  return
}

// CHECK-LABEL: func.func @constants_and_casts(
func.func @constants_and_casts(%i: i64, %c: complex<f32>) {
  // CHECK: %[[CST:.*]] = complex.constant [1.000000e+00 : f32, -2.500000e+00 : f32] : complex<f32>
  %0 = complex.constant [1.0 : f32, -2.5 : f32] : complex<f32>
  // CHECK: complex.constant [1 : i8, 0 : i8] : complex<i8>
  %1 = complex.constant [1 : i8, 0 : i8] : complex<i8>
  // CHECK: complex.bitcast %{{.*}} : i64 to complex<f32>
  %2 = complex.bitcast %i : i64 to complex<f32>
  // CHECK: complex.bitcast %{{.*}} : complex<f32> to f64
  %3 = complex.bitcast %c : complex<f32> to f64
  // CHECK: complex.bitcast %{{.*}} : complex<f32> to complex<f32>
  %4 = complex.bitcast %c : complex<f32> to complex<f32>
  return
}

// CHECK-LABEL: func.func @names(
func.func @names() -> complex<f64> {
  // CHECK: %[[CST:cst]] = complex.constant
  %0 = complex.constant [0.0 : f64, 1.0 : f64] : complex<f64>
  return %0 : complex<f64>
}
