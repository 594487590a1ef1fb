// RUN: pyopt %s --split-input-file --math-uplift-to-fma | filecheck %s

// An addf fed by a mulf becomes math.fma only when both allow contraction; the fma keeps the
// flags the two ops share. The mulf may be either addend.

// CHECK-LABEL: func @both_contract
// CHECK-SAME: (%[[X:.*]]: f32, %[[Y:.*]]: f32, %[[Z:.*]]: f32)
// CHECK: %[[R:.*]] = math.fma %[[X]], %[[Y]], %[[Z]] fastmath<nnan,contract> : f32
// CHECK-NEXT: return %[[R]]
func.func @both_contract(%x: f32, %y: f32, %z: f32) -> f32 {
  %m = arith.mulf %x, %y fastmath<nnan,ninf,contract> : f32
  %s = arith.addf %z, %m fastmath<nnan,contract> : f32
  return %s : f32
}

// -----

// CHECK-LABEL: func @vector_lhs
// CHECK: %[[R:.*]] = math.fma %arg0, %arg0, %arg1 fastmath<contract> : vector<4xf16>
// CHECK-NEXT: return %[[R]]
func.func @vector_lhs(%x: vector<4xf16>, %z: vector<4xf16>) -> vector<4xf16> {
  %m = arith.mulf %x, %x fastmath<contract> : vector<4xf16>
  %s = arith.addf %m, %z fastmath<fast> : vector<4xf16>
  return %s : vector<4xf16>
}

// -----

// Without `contract` on either op nothing changes.
// CHECK-LABEL: func @no_contract
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK-NOT: math.fma
func.func @no_contract(%x: f32, %y: f32, %z: f32) -> (f32, f32) {
  %m = arith.mulf %x, %y : f32
  %s = arith.addf %m, %z fastmath<contract> : f32
  %m2 = arith.mulf %x, %y fastmath<contract> : f32
  %s2 = arith.addf %m2, %z fastmath<reassoc> : f32
  return %s, %s2 : f32, f32
}
