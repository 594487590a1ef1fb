// RUN: pyopt %s --convert-complex-to-standard --split-input-file | filecheck %s

// CHECK-LABEL: func.func @sin
// CHECK-SAME: (%[[ARG:.*]]: complex<f32>)
// CHECK: %[[RE1:.*]] = complex.re %[[ARG]] : complex<f32>
// CHECK-NEXT: %[[IM2:.*]] = complex.im %[[ARG]] : complex<f32>
// CHECK-NEXT: %[[CONSTANT3:.*]] = arith.constant 5.000000e-01 : f32
// CHECK-NEXT: %[[EXP4:.*]] = math.exp %[[IM2]] : f32
// CHECK-NEXT: %[[MULF5:.*]] = arith.mulf %[[CONSTANT3]], %[[EXP4]] : f32
// CHECK-NEXT: %[[DIVF6:.*]] = arith.divf %[[CONSTANT3]], %[[EXP4]] : f32
// CHECK-NEXT: %[[SIN7:.*]] = math.sin %[[RE1]] : f32
// CHECK-NEXT: %[[COS8:.*]] = math.cos %[[RE1]] : f32
// CHECK-NEXT: %[[ADDF9:.*]] = arith.addf %[[MULF5]], %[[DIVF6]] : f32
// CHECK-NEXT: %[[MULF10:.*]] = arith.mulf %[[ADDF9]], %[[SIN7]] : f32
// CHECK-NEXT: %[[SUBF11:.*]] = arith.subf %[[MULF5]], %[[DIVF6]] : f32
// CHECK-NEXT: %[[MULF12:.*]] = arith.mulf %[[SUBF11]], %[[COS8]] : f32
// CHECK-NEXT: %[[CREATE13:.*]] = complex.create %[[MULF10]], %[[MULF12]] : complex<f32>
// CHECK-NEXT: return %[[CREATE13]] : complex<f32>
func.func @sin(%x: complex<f32>) -> complex<f32> {
  %r = complex.sin %x : complex<f32>
  return %r : complex<f32>
}

// -----

// CHECK-LABEL: func.func @cos_f64
// CHECK-SAME: (%[[ARG:.*]]: complex<f64>)
// CHECK: %[[RE1:.*]] = complex.re %[[ARG]] : complex<f64>
// CHECK-NEXT: %[[IM2:.*]] = complex.im %[[ARG]] : complex<f64>
// CHECK-NEXT: %[[CONSTANT3:.*]] = arith.constant 5.000000e-01 : f64
// CHECK-NEXT: %[[EXP4:.*]] = math.exp %[[IM2]] fastmath<reassoc> : f64
// CHECK-NEXT: %[[MULF5:.*]] = arith.mulf %[[CONSTANT3]], %[[EXP4]] fastmath<reassoc> : f64
// CHECK-NEXT: %[[DIVF6:.*]] = arith.divf %[[CONSTANT3]], %[[EXP4]] fastmath<reassoc> : f64
// CHECK-NEXT: %[[SIN7:.*]] = math.sin %[[RE1]] fastmath<reassoc> : f64
// CHECK-NEXT: %[[COS8:.*]] = math.cos %[[RE1]] fastmath<reassoc> : f64
// CHECK-NEXT: %[[ADDF9:.*]] = arith.addf %[[DIVF6]], %[[MULF5]] fastmath<reassoc> : f64
// CHECK-NEXT: %[[MULF10:.*]] = arith.mulf %[[ADDF9]], %[[COS8]] fastmath<reassoc> : f64
// CHECK-NEXT: %[[SUBF11:.*]] = arith.subf %[[DIVF6]], %[[MULF5]] fastmath<reassoc> : f64
// CHECK-NEXT: %[[MULF12:.*]] = arith.mulf %[[SUBF11]], %[[SIN7]] fastmath<reassoc> : f64
// CHECK-NEXT: %[[CREATE13:.*]] = complex.create %[[MULF10]], %[[MULF12]] : complex<f64>
// CHECK-NEXT: return %[[CREATE13]] : complex<f64>
func.func @cos_f64(%x: complex<f64>) -> complex<f64> {
  %r = complex.cos %x fastmath<reassoc> : complex<f64>
  return %r : complex<f64>
}

// -----

// CHECK-LABEL: func.func @tanh
// CHECK-SAME: (%[[ARG:.*]]: complex<f32>)
// CHECK: %[[RE1:.*]] = complex.re %[[ARG]] : complex<f32>
// CHECK-NEXT: %[[IM2:.*]] = complex.im %[[ARG]] : complex<f32>
// CHECK-NEXT: %[[CONSTANT3:.*]] = arith.constant -1.000000e+00 : f32
// CHECK-NEXT: %[[CONSTANT4:.*]] = arith.constant 0x7F800000 : f32
// CHECK-NEXT: %[[CONSTANT5:.*]] = arith.constant 4.000000e+00 : f32
// CHECK-NEXT: %[[ADDF6:.*]] = arith.addf %[[RE1]], %[[RE1]] : f32
// CHECK-NEXT: %[[MULF7:.*]] = arith.mulf %[[CONSTANT3]], %[[ADDF6]] : f32
// CHECK-NEXT: %[[EXPM18:.*]] = math.expm1 %[[ADDF6]] : f32
// CHECK-NEXT: %[[EXPM19:.*]] = math.expm1 %[[MULF7]] : f32
// CHECK-NEXT: %[[SUBF10:.*]] = arith.subf %[[EXPM18]], %[[EXPM19]] : f32
// CHECK-NEXT: %[[COS11:.*]] = math.cos %[[IM2]] : f32
// CHECK-NEXT: %[[MULF12:.*]] = arith.mulf %[[COS11]], %[[COS11]] : f32
// CHECK-NEXT: %[[MULF13:.*]] = arith.mulf %[[MULF12]], %[[CONSTANT5]] : f32
// CHECK-NEXT: %[[SIN14:.*]] = math.sin %[[IM2]] : f32
// CHECK-NEXT: %[[MULF15:.*]] = arith.mulf %[[COS11]], %[[SIN14]] : f32
// CHECK-NEXT: %[[MULF16:.*]] = arith.mulf %[[CONSTANT5]], %[[MULF15]] : f32
// CHECK-NEXT: %[[ADDF17:.*]] = arith.addf %[[EXPM18]], %[[EXPM19]] : f32
// CHECK-NEXT: %[[ADDF18:.*]] = arith.addf %[[ADDF17]], %[[MULF13]] : f32
// CHECK-NEXT: %[[CMPF19:.*]] = arith.cmpf oeq, %[[ADDF17]], %[[CONSTANT4]] : f32
// CHECK-NEXT: %[[COPYSIGN20:.*]] = math.copysign %[[CONSTANT3]], %[[RE1]] : f32
// CHECK-NEXT: %[[DIVF21:.*]] = arith.divf %[[SUBF10]], %[[ADDF18]] : f32
// CHECK-NEXT: %[[SELECT22:.*]] = arith.select %[[CMPF19]], %[[COPYSIGN20]], %[[DIVF21]] : f32
// CHECK-NEXT: %[[DIVF23:.*]] = arith.divf %[[MULF16]], %[[ADDF18]] : f32
// CHECK-NEXT: %[[ABSF24:.*]] = math.absf %[[RE1]] : f32
// CHECK-NEXT: %[[CONSTANT25:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[CONSTANT26:.*]] = arith.constant 0x7FC00000 : f32
// CHECK-NEXT: %[[CMPF27:.*]] = arith.cmpf oeq, %[[ABSF24]], %[[CONSTANT4]] : f32
// CHECK-NEXT: %[[CMPF28:.*]] = arith.cmpf oeq, %[[IM2]], %[[CONSTANT25]] : f32
// CHECK-NEXT: %[[CONSTANT29:.*]] = arith.constant true
// CHECK-NEXT: %[[XORI30:.*]] = arith.xori %[[CMPF27]], %[[CONSTANT29]] : i1
// CHECK-NEXT: %[[CMPF31:.*]] = arith.cmpf uno, %[[MULF16]], %[[MULF16]] : f32
// CHECK-NEXT: %[[ANDI32:.*]] = arith.andi %[[CMPF31]], %[[XORI30]] : i1
// CHECK-NEXT: %[[ANDI33:.*]] = arith.andi %[[CMPF27]], %[[CMPF31]] : i1
// CHECK-NEXT: %[[ORI34:.*]] = arith.ori %[[CMPF28]], %[[ANDI33]] : i1
// CHECK-NEXT: %[[SELECT35:.*]] = arith.select %[[ANDI32]], %[[CONSTANT26]], %[[SELECT22]] : f32
// CHECK-NEXT: %[[SELECT36:.*]] = arith.select %[[ORI34]], %[[CONSTANT25]], %[[DIVF23]] : f32
// CHECK-NEXT: %[[CREATE37:.*]] = complex.create %[[SELECT35]], %[[SELECT36]] : complex<f32>
// CHECK-NEXT: return %[[CREATE37]] : complex<f32>
func.func @tanh(%x: complex<f32>) -> complex<f32> {
  %r = complex.tanh %x : complex<f32>
  return %r : complex<f32>
}

// -----

// CHECK-LABEL: func.func @tanh_finite_math
// CHECK-SAME: (%[[ARG:.*]]: complex<f32>)
// CHECK: %[[RE1:.*]] = complex.re %[[ARG]] : complex<f32>
// CHECK-NEXT: %[[IM2:.*]] = complex.im %[[ARG]] : complex<f32>
// CHECK-NEXT: %[[CONSTANT3:.*]] = arith.constant -1.000000e+00 : f32
// CHECK-NEXT: %[[CONSTANT4:.*]] = arith.constant 0x7F800000 : f32
// CHECK-NEXT: %[[CONSTANT5:.*]] = arith.constant 4.000000e+00 : f32
// CHECK-NEXT: %[[ADDF6:.*]] = arith.addf %[[RE1]], %[[RE1]] fastmath<nnan,ninf> : f32
// CHECK-NEXT: %[[MULF7:.*]] = arith.mulf %[[CONSTANT3]], %[[ADDF6]] fastmath<nnan,ninf> : f32
// CHECK-NEXT: %[[EXPM18:.*]] = math.expm1 %[[ADDF6]] fastmath<nnan,ninf> : f32
// CHECK-NEXT: %[[EXPM19:.*]] = math.expm1 %[[MULF7]] fastmath<nnan,ninf> : f32
// CHECK-NEXT: %[[SUBF10:.*]] = arith.subf %[[EXPM18]], %[[EXPM19]] fastmath<nnan,ninf> : f32
// CHECK-NEXT: %[[COS11:.*]] = math.cos %[[IM2]] fastmath<nnan,ninf> : f32
// CHECK-NEXT: %[[MULF12:.*]] = arith.mulf %[[COS11]], %[[COS11]] fastmath<nnan,ninf> : f32
// CHECK-NEXT: %[[MULF13:.*]] = arith.mulf %[[MULF12]], %[[CONSTANT5]] fastmath<nnan,ninf> : f32
// CHECK-NEXT: %[[SIN14:.*]] = math.sin %[[IM2]] fastmath<nnan,ninf> : f32
// CHECK-NEXT: %[[MULF15:.*]] = arith.mulf %[[COS11]], %[[SIN14]] fastmath<nnan,ninf> : f32
// CHECK-NEXT: %[[MULF16:.*]] = arith.mulf %[[CONSTANT5]], %[[MULF15]] fastmath<nnan,ninf> : f32
// CHECK-NEXT: %[[ADDF17:.*]] = arith.addf %[[EXPM18]], %[[EXPM19]] fastmath<nnan,ninf> : f32
// CHECK-NEXT: %[[ADDF18:.*]] = arith.addf %[[ADDF17]], %[[MULF13]] fastmath<nnan,ninf> : f32
// CHECK-NEXT: %[[CMPF19:.*]] = arith.cmpf oeq, %[[ADDF17]], %[[CONSTANT4]] fastmath<nnan,ninf> : f32
// CHECK-NEXT: %[[COPYSIGN20:.*]] = math.copysign %[[CONSTANT3]], %[[RE1]] fastmath<nnan,ninf> : f32
// CHECK-NEXT: %[[DIVF21:.*]] = arith.divf %[[SUBF10]], %[[ADDF18]] fastmath<nnan,ninf> : f32
// CHECK-NEXT: %[[SELECT22:.*]] = arith.select %[[CMPF19]], %[[COPYSIGN20]], %[[DIVF21]] : f32
// CHECK-NEXT: %[[DIVF23:.*]] = arith.divf %[[MULF16]], %[[ADDF18]] fastmath<nnan,ninf> : f32
// CHECK-NEXT: %[[CREATE24:.*]] = complex.create %[[SELECT22]], %[[DIVF23]] : complex<f32>
// CHECK-NEXT: return %[[CREATE24]] : complex<f32>
func.func @tanh_finite_math(%x: complex<f32>) -> complex<f32> {
  %r = complex.tanh %x fastmath<nnan,ninf> : complex<f32>
  return %r : complex<f32>
}

// -----

// CHECK-LABEL: func.func @tan
// CHECK-SAME: (%[[ARG:.*]]: complex<f64>)
// CHECK: %[[RE1:.*]] = complex.re %[[ARG]] : complex<f64>
// CHECK-NEXT: %[[IM2:.*]] = complex.im %[[ARG]] : complex<f64>
// CHECK-NEXT: %[[CONSTANT3:.*]] = arith.constant -1.000000e+00 : f64
// CHECK-NEXT: %[[MULF4:.*]] = arith.mulf %[[IM2]], %[[CONSTANT3]] : f64
// CHECK-NEXT: %[[CONSTANT5:.*]] = arith.constant 0x7FF0000000000000 : f64
// CHECK-NEXT: %[[CONSTANT6:.*]] = arith.constant 4.000000e+00 : f64
// CHECK-NEXT: %[[ADDF7:.*]] = arith.addf %[[MULF4]], %[[MULF4]] : f64
// CHECK-NEXT: %[[MULF8:.*]] = arith.mulf %[[CONSTANT3]], %[[ADDF7]] : f64
// CHECK-NEXT: %[[EXPM19:.*]] = math.expm1 %[[ADDF7]] : f64
// CHECK-NEXT: %[[EXPM110:.*]] = math.expm1 %[[MULF8]] : f64
// CHECK-NEXT: %[[SUBF11:.*]] = arith.subf %[[EXPM19]], %[[EXPM110]] : f64
// CHECK-NEXT: %[[COS12:.*]] = math.cos %[[RE1]] : f64
// CHECK-NEXT: %[[MULF13:.*]] = arith.mulf %[[COS12]], %[[COS12]] : f64
// CHECK-NEXT: %[[MULF14:.*]] = arith.mulf %[[MULF13]], %[[CONSTANT6]] : f64
// CHECK-NEXT: %[[SIN15:.*]] = math.sin %[[RE1]] : f64
// CHECK-NEXT: %[[MULF16:.*]] = arith.mulf %[[COS12]], %[[SIN15]] : f64
// CHECK-NEXT: %[[MULF17:.*]] = arith.mulf %[[CONSTANT6]], %[[MULF16]] : f64
// CHECK-NEXT: %[[ADDF18:.*]] = arith.addf %[[EXPM19]], %[[EXPM110]] : f64
// CHECK-NEXT: %[[ADDF19:.*]] = arith.addf %[[ADDF18]], %[[MULF14]] : f64
// CHECK-NEXT: %[[CMPF20:.*]] = arith.cmpf oeq, %[[ADDF18]], %[[CONSTANT5]] : f64
// CHECK-NEXT: %[[COPYSIGN21:.*]] = math.copysign %[[CONSTANT3]], %[[MULF4]] : f64
// CHECK-NEXT: %[[DIVF22:.*]] = arith.divf %[[SUBF11]], %[[ADDF19]] : f64
// CHECK-NEXT: %[[SELECT23:.*]] = arith.select %[[CMPF20]], %[[COPYSIGN21]], %[[DIVF22]] : f64
// CHECK-NEXT: %[[DIVF24:.*]] = arith.divf %[[MULF17]], %[[ADDF19]] : f64
// CHECK-NEXT: %[[ABSF25:.*]] = math.absf %[[MULF4]] : f64
// CHECK-NEXT: %[[CONSTANT26:.*]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: %[[CONSTANT27:.*]] = arith.constant 0x7FF8000000000000 : f64
// CHECK-NEXT: %[[CMPF28:.*]] = arith.cmpf oeq, %[[ABSF25]], %[[CONSTANT5]] : f64
// CHECK-NEXT: %[[CMPF29:.*]] = arith.cmpf oeq, %[[RE1]], %[[CONSTANT26]] : f64
// CHECK-NEXT: %[[CONSTANT30:.*]] = arith.constant true
// CHECK-NEXT: %[[XORI31:.*]] = arith.xori %[[CMPF28]], %[[CONSTANT30]] : i1
// CHECK-NEXT: %[[CMPF32:.*]] = arith.cmpf uno, %[[MULF17]], %[[MULF17]] : f64
// CHECK-NEXT: %[[ANDI33:.*]] = arith.andi %[[CMPF32]], %[[XORI31]] : i1
// CHECK-NEXT: %[[ANDI34:.*]] = arith.andi %[[CMPF28]], %[[CMPF32]] : i1
// CHECK-NEXT: %[[ORI35:.*]] = arith.ori %[[CMPF29]], %[[ANDI34]] : i1
// CHECK-NEXT: %[[SELECT36:.*]] = arith.select %[[ANDI33]], %[[CONSTANT27]], %[[SELECT23]] : f64
// CHECK-NEXT: %[[SELECT37:.*]] = arith.select %[[ORI35]], %[[CONSTANT26]], %[[DIVF24]] : f64
// CHECK-NEXT: %[[MULF38:.*]] = arith.mulf %[[SELECT36]], %[[CONSTANT3]] : f64
// CHECK-NEXT: %[[CREATE39:.*]] = complex.create %[[SELECT37]], %[[MULF38]] : complex<f64>
// CHECK-NEXT: return %[[CREATE39]] : complex<f64>
func.func @tan(%x: complex<f64>) -> complex<f64> {
  %r = complex.tan %x : complex<f64>
  return %r : complex<f64>
}

