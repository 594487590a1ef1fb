// RUN: pyopt %s -test-expand-math | filecheck %s

// Math ops rewritten into arith ops and simpler math ops.

// cosh(x) = (e^x + e^-x) / 2 and atanh(x) = log((1 + x) / (1 - x)) / 2, on vectors with splat
// constants.
// CHECK-LABEL: func @hyperbolic
// CHECK-SAME: (%[[X:.*]]: vector<2xf64>)
// CHECK-DAG: %[[ONE:.*]] = arith.constant dense<1.000000e+00> : vector<2xf64>
// CHECK-DAG: %[[HALF:.*]] = arith.constant dense<5.000000e-01> : vector<2xf64>
// CHECK: %[[E:.*]] = math.exp %[[X]]
// CHECK-NEXT: %[[NX:.*]] = arith.negf %[[X]]
// CHECK-NEXT: %[[EN:.*]] = math.exp %[[NX]]
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[E]], %[[EN]]
// CHECK-NEXT: %[[COSH:.*]] = arith.mulf %[[S]], %[[HALF]]
// CHECK-NEXT: %[[NUM:.*]] = arith.addf %[[X]], %[[ONE]]
// CHECK-NEXT: %[[NX2:.*]] = arith.negf %[[X]]
// CHECK-NEXT: %[[DEN:.*]] = arith.addf %[[NX2]], %[[ONE]]
// CHECK-NEXT: %[[Q:.*]] = arith.divf %[[NUM]], %[[DEN]]
// CHECK-NEXT: %[[L:.*]] = math.log %[[Q]]
// CHECK-NEXT: %[[ATANH:.*]] = arith.mulf %[[L]], %[[HALF]]
// CHECK-NEXT: return %[[COSH]], %[[ATANH]]
func.func @hyperbolic(%x: vector<2xf64>) -> (vector<2xf64>, vector<2xf64>) {
  %0 = math.cosh %x : vector<2xf64>
  %1 = math.atanh %x : vector<2xf64>
  return %0, %1 : vector<2xf64>, vector<2xf64>
}

// Leading zeros by halving: shift by 4, 2, 1 where the top bits are clear; 8 for zero.
// CHECK-LABEL: func @count_lz
// CHECK-SAME: (%[[X:.*]]: i8)
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : i8
// CHECK-DAG: %[[C15:.*]] = arith.constant 15 : i8
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : i8
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : i8
// CHECK: %[[P:.*]] = arith.cmpi ule, %[[X]], %[[C15]] : i8
// CHECK-NEXT: %[[SH:.*]] = arith.shli %[[X]], %[[C4]] : i8
// CHECK-NEXT: arith.select %[[P]], %[[SH]], %[[X]] : i8
// CHECK-NEXT: arith.select %[[P]], %[[C4]], %[[C0]] : i8
// CHECK-COUNT-2: arith.cmpi ule
// CHECK: %[[Z:.*]] = arith.cmpi eq, %[[X]], %[[C0]] : i8
// CHECK-NEXT: %[[R:.*]] = arith.select %[[Z]], %[[C8]], %{{.*}} : i8
// CHECK-NEXT: return %[[R]]
func.func @count_lz(%x: i8) -> i8 {
  %0 = math.ctlz %x : i8
  return %0 : i8
}

// A constant power is squared-and-multiplied (with 1/x and +-0 -> +-inf for a negative one);
// any other power goes through powf of the converted exponent.
// CHECK-LABEL: func @powers
// CHECK-SAME: (%[[X:.*]]: f32, %[[N:.*]]: i64)
// CHECK-DAG: %[[NINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK-DAG: %[[INF:.*]] = arith.constant 0x7F800000 : f32
// CHECK-DAG: %[[NZERO:.*]] = arith.constant -0.000000e+00 : f32
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK: %[[SQ:.*]] = arith.mulf %[[X]], %[[X]] : f32
// CHECK-NEXT: %[[ISZ:.*]] = arith.cmpf oeq, %[[SQ]], %[[ZERO]]
// CHECK-NEXT: %[[ISNZ:.*]] = arith.cmpf oeq, %[[SQ]], %[[NZERO]]
// CHECK-NEXT: %[[RCP:.*]] = arith.divf %[[ONE]], %[[SQ]]
// CHECK-NEXT: %[[S1:.*]] = arith.select %[[ISZ]], %[[INF]], %[[RCP]]
// CHECK-NEXT: %[[S2:.*]] = arith.select %[[ISNZ]], %[[NINF]], %[[S1]]
// CHECK-NEXT: %[[NF:.*]] = arith.sitofp %[[N]] : i64 to f32
// CHECK: math.log
// CHECK: math.exp
// CHECK: arith.remf %[[NF]]
// CHECK: %[[P:.*]] = arith.select
// CHECK-NEXT: return %[[S2]], %[[P]]
func.func @powers(%x: f32, %n: i64) -> (f32, f32) {
  %c = arith.constant -2 : i64
  %0 = math.fpowi %x, %c : f32, i64
  %1 = math.fpowi %x, %n : f32, i64
  return %0, %1 : f32, f32
}

// floor through an i64 round trip; round is only expanded for f32; rsqrt is 1 / sqrt.
// CHECK-LABEL: func @rounding
// CHECK-SAME: (%[[X:.*]]: f16, %[[Y:.*]]: f64)
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1.000000e+00 : f64
// CHECK-DAG: %[[MONE:.*]] = arith.constant -1.000000e+00 : f16
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f16
// CHECK: %[[I:.*]] = arith.fptosi %[[X]] : f16 to i64
// CHECK-NEXT: %[[F:.*]] = arith.sitofp %[[I]] : i64 to f16
// CHECK-NEXT: %[[T:.*]] = math.copysign %[[F]], %[[X]] : f16
// CHECK-NEXT: %[[NEG:.*]] = arith.cmpf olt, %[[X]], %[[ZERO]] : f16
// CHECK-NEXT: %[[INC:.*]] = arith.select %[[NEG]], %[[MONE]], %[[ZERO]] : f16
// CHECK-NEXT: %[[FL:.*]] = arith.addf %[[T]], %[[INC]] : f16
// CHECK-NEXT: %[[RD:.*]] = math.round %[[Y]] : f64
// CHECK-NEXT: %[[SQ:.*]] = math.sqrt %[[Y]] : f64
// CHECK-NEXT: %[[RS:.*]] = arith.divf %[[ONE]], %[[SQ]] : f64
// CHECK-NEXT: return %[[FL]], %[[RD]], %[[RS]]
func.func @rounding(%x: f16, %y: f64) -> (f16, f64, f64) {
  %0 = math.floor %x : f16
  %1 = math.round %y : f64
  %2 = math.rsqrt %y : f64
  return %0, %1, %2 : f16, f64, f64
}
