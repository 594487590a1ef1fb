// RUN: pyopt %s -test-math-polynomial-approximation | filecheck %s
// RUN: pyopt %s -test-math-polynomial-approximation=enable-avx2 | filecheck %s --check-prefix=AVX

// log1p(x) = x * log(u) / (u - 1) with u = 1 + x, where math.log is itself approximated
// (fraction/exponent split through i32 bit operations, then a degree-8 polynomial).
// CHECK-LABEL: func @log1p_vec
// CHECK-SAME: (%[[X:.*]]: vector<4xf32>)
// CHECK-DAG: %[[ONE:.*]] = arith.constant dense<1.000000e+00> : vector<4xf32>
// CHECK: %[[U:.*]] = arith.addf %[[X]], %[[ONE]] : vector<4xf32>
// CHECK-NEXT: %[[SMALL:.*]] = arith.cmpf oeq, %[[U]], %[[ONE]]
// CHECK: arith.bitcast %{{.*}} : vector<4xf32> to vector<4xi32>
// CHECK: arith.shrui
// CHECK-COUNT-8: math.fma
// CHECK: arith.select
// CHECK-NEXT: arith.select
// CHECK-NEXT: %[[LOG:.*]] = arith.select
// CHECK-NEXT: %[[BIG:.*]] = arith.cmpf oeq, %[[U]], %[[LOG]]
// CHECK-NEXT: %[[UM1:.*]] = arith.subf %[[U]], %[[ONE]]
// CHECK-NEXT: %[[Q:.*]] = arith.divf %[[LOG]], %[[UM1]]
// CHECK-NEXT: %[[L:.*]] = arith.mulf %[[X]], %[[Q]]
// CHECK-NEXT: %[[EDGE:.*]] = arith.ori %[[SMALL]], %[[BIG]] : vector<4xi1>
// CHECK-NEXT: %[[R:.*]] = arith.select %[[EDGE]], %[[X]], %[[L]]
// CHECK-NEXT: return %[[R]]
func.func @log1p_vec(%x: vector<4xf32>) -> vector<4xf32> {
  %0 = math.log1p %x : vector<4xf32>
  return %0 : vector<4xf32>
}

// f16 is computed in f32: clamp to +-7.9988, then odd/even rational polynomial in x^2.
// CHECK-LABEL: func @tanh_half
// CHECK: %[[W:.*]] = arith.extf %{{.*}} : f16 to f32
// CHECK-NEXT: arith.cmpf ult, %[[W]]
// CHECK: arith.cmpf ugt
// CHECK: math.absf %[[W]] : f32
// CHECK-COUNT-6: math.fma
// CHECK: arith.mulf
// CHECK-COUNT-3: math.fma
// CHECK: arith.divf
// CHECK: %[[R:.*]] = arith.select
// CHECK-NEXT: %[[N:.*]] = arith.truncf %[[R]] : f32 to f16
// CHECK-NEXT: return %[[N]]
func.func @tanh_half(%x: f16) -> f16 {
  %0 = math.tanh %x : f16
  return %0 : f16
}

// f64 has no approximation.
// CHECK-LABEL: func @exp_f64
// CHECK-NEXT: math.exp %{{.*}} : f64
func.func @exp_f64(%x: f64) -> f64 {
  %0 = math.exp %x : f64
  return %0 : f64
}

// rsqrt is approximated only with AVX2, on 8-wide slices, and refined by a Newton step.
// CHECK-LABEL: func @rsqrt_wide
// CHECK: math.rsqrt
// AVX-LABEL: func @rsqrt_wide
// AVX-SAME: (%[[X:.*]]: vector<2x16xf32>)
// AVX-DAG: %[[INIT:.*]] = arith.constant dense<0.000000e+00> : vector<2x2x8xf32>
// AVX-DAG: %[[C15:.*]] = arith.constant dense<1.500000e+00> : vector<2x16xf32>
// AVX: %[[NH:.*]] = arith.mulf %[[X]], %{{.*}} : vector<2x16xf32>
// AVX: %[[MASK:.*]] = arith.ori %{{.*}}, %{{.*}} : vector<2x16xi1>
// AVX-NEXT: %[[E:.*]] = vector.shape_cast %[[X]] : vector<2x16xf32> to vector<2x2x8xf32>
// AVX-NEXT: %[[S0:.*]] = vector.extract %[[E]][0, 0] : vector<8xf32> from vector<2x2x8xf32>
// AVX-NEXT: %[[R0:.*]] = x86vector.avx.rsqrt %[[S0]] : vector<8xf32>
// AVX-COUNT-3: x86vector.avx.rsqrt
// AVX-NEXT: %[[I0:.*]] = vector.insert %[[R0]], %[[INIT]] [0, 0]
// AVX-COUNT-3: vector.insert
// AVX-NEXT: %[[Y:.*]] = vector.shape_cast %{{.*}} : vector<2x2x8xf32> to vector<2x16xf32>
// AVX-NEXT: %[[IN:.*]] = arith.mulf %[[NH]], %[[Y]]
// AVX-NEXT: %[[F:.*]] = math.fma %[[Y]], %[[IN]], %[[C15]]
// AVX-NEXT: %[[NEWTON:.*]] = arith.mulf %[[Y]], %[[F]]
// AVX-NEXT: %[[R:.*]] = arith.select %[[MASK]], %[[Y]], %[[NEWTON]]
// AVX-NEXT: return %[[R]]
func.func @rsqrt_wide(%x: vector<2x16xf32>) -> vector<2x16xf32> {
  %0 = math.rsqrt %x : vector<2x16xf32>
  return %0 : vector<2x16xf32>
}
