// RUN: pyopt %s --arith-emulate-unsupported-floats="source-types=f16 target-type=f64" | filecheck %s
// RUN: not pyopt %s --arith-emulate-unsupported-floats="source-types=f16 target-type=f16" 2>&1 | filecheck %s --check-prefix=SAME

// f16 arithmetic runs in f64: each f16 value is extended once (right after its definition) and
// reused; results are truncated back; vectors follow their element type; constants stay.
// CHECK-LABEL: func.func @mix
// CHECK-SAME: (%[[A:.*]]: f16, %[[V:.*]]: vector<2xf16>)
func.func @mix(%a: f16, %v: vector<2xf16>) -> (f16, vector<2xf16>, i1) {
  // CHECK-DAG: %[[AX:.*]] = arith.extf %[[A]] fastmath<contract> : f16 to f64
  // CHECK-DAG: %[[VX:.*]] = arith.extf %[[V]] fastmath<contract> : vector<2xf16> to vector<2xf64>
  // CHECK-DAG: %[[C:.*]] = arith.constant 2.500000e+00 : f16
  // CHECK-DAG: %[[CX:.*]] = arith.extf %[[C]] fastmath<contract> : f16 to f64
  // CHECK: %[[M:.*]] = arith.mulf %[[AX]], %[[CX]] fastmath<fast> : f64
  // CHECK: %[[MT:.*]] = arith.truncf %[[M]] fastmath<contract> : f64 to f16
  // CHECK: %[[MX:.*]] = arith.extf %[[MT]] fastmath<contract> : f16 to f64
  // CHECK: %[[VS:.*]] = arith.subf %[[VX]], %[[VX]] : vector<2xf64>
  // CHECK: %[[VT:.*]] = arith.truncf %[[VS]] fastmath<contract> : vector<2xf64> to vector<2xf16>
  // CHECK: %[[CMP:.*]] = arith.cmpf olt, %[[MX]], %[[AX]] : f64
  // CHECK: return %[[MT]], %[[VT]], %[[CMP]]
  %c = arith.constant 2.5 : f16
  %m = arith.mulf %a, %c fastmath<fast> : f16
  %s = arith.subf %v, %v : vector<2xf16>
  %b = arith.cmpf olt, %m, %a : f16
  return %m, %s, %b : f16, vector<2xf16>, i1
}

// SAME: <unknown>:0: error: target type cannot be an unsupported source type
