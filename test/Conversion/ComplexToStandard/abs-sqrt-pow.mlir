// RUN: pyopt %s --convert-complex-to-standard --split-input-file | filecheck %s

// CHECK-LABEL: func.func @abs
// CHECK-SAME: (%[[ARG:.*]]: complex<f32>)
// CHECK: %[[RE1:.*]] = complex.re %[[ARG]] : complex<f32>
// CHECK-NEXT: %[[IM2:.*]] = complex.im %[[ARG]] : complex<f32>
// CHECK-NEXT: %[[CONSTANT3:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[ABSF4:.*]] = math.absf %[[RE1]] : f32
// CHECK-NEXT: %[[ABSF5:.*]] = math.absf %[[IM2]] : f32
// CHECK-NEXT: %[[MAXIMUMF6:.*]] = arith.maximumf %[[ABSF4]], %[[ABSF5]] : f32
// CHECK-NEXT: %[[MINIMUMF7:.*]] = arith.minimumf %[[ABSF4]], %[[ABSF5]] : f32
// CHECK-NEXT: %[[DIVF8:.*]] = arith.divf %[[MINIMUMF7]], %[[MAXIMUMF6]] : f32
// CHECK-NEXT: %[[MULF9:.*]] = arith.mulf %[[DIVF8]], %[[DIVF8]] : f32
// CHECK-NEXT: %[[ADDF10:.*]] = arith.addf %[[MULF9]], %[[CONSTANT3]] : f32
// CHECK-NEXT: %[[SQRT11:.*]] = math.sqrt %[[ADDF10]] : f32
// CHECK-NEXT: %[[MULF12:.*]] = arith.mulf %[[MAXIMUMF6]], %[[SQRT11]] : f32
// CHECK-NEXT: %[[CMPF13:.*]] = arith.cmpf uno, %[[MULF12]], %[[MULF12]] : f32
// CHECK-NEXT: %[[SELECT14:.*]] = arith.select %[[CMPF13]], %[[MINIMUMF7]], %[[MULF12]] : f32
// CHECK-NEXT: return %[[SELECT14]] : f32
func.func @abs(%x: complex<f32>) -> f32 {
  %r = complex.abs %x : complex<f32>
  return %r : f32
}

// -----

// CHECK-LABEL: func.func @abs_nnan_kept_only_outside_the_ratio
// CHECK-SAME: (%[[ARG:.*]]: complex<f64>)
// CHECK: %[[RE1:.*]] = complex.re %[[ARG]] : complex<f64>
// CHECK-NEXT: %[[IM2:.*]] = complex.im %[[ARG]] : complex<f64>
// CHECK-NEXT: %[[CONSTANT3:.*]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[ABSF4:.*]] = math.absf %[[RE1]] fastmath<nnan,afn> : f64
// CHECK-NEXT: %[[ABSF5:.*]] = math.absf %[[IM2]] fastmath<nnan,afn> : f64
// CHECK-NEXT: %[[MAXIMUMF6:.*]] = arith.maximumf %[[ABSF4]], %[[ABSF5]] fastmath<nnan,afn> : f64
// CHECK-NEXT: %[[MINIMUMF7:.*]] = arith.minimumf %[[ABSF4]], %[[ABSF5]] fastmath<nnan,afn> : f64
// CHECK-NEXT: %[[DIVF8:.*]] = arith.divf %[[MINIMUMF7]], %[[MAXIMUMF6]] fastmath<afn> : f64
// CHECK-NEXT: %[[MULF9:.*]] = arith.mulf %[[DIVF8]], %[[DIVF8]] fastmath<afn> : f64
// CHECK-NEXT: %[[ADDF10:.*]] = arith.addf %[[MULF9]], %[[CONSTANT3]] fastmath<afn> : f64
// CHECK-NEXT: %[[SQRT11:.*]] = math.sqrt %[[ADDF10]] fastmath<afn> : f64
// CHECK-NEXT: %[[MULF12:.*]] = arith.mulf %[[MAXIMUMF6]], %[[SQRT11]] fastmath<afn> : f64
// CHECK-NEXT: %[[CMPF13:.*]] = arith.cmpf uno, %[[MULF12]], %[[MULF12]] fastmath<afn> : f64
// CHECK-NEXT: %[[SELECT14:.*]] = arith.select %[[CMPF13]], %[[MINIMUMF7]], %[[MULF12]] : f64
// CHECK-NEXT: return %[[SELECT14]] : f64
func.func @abs_nnan_kept_only_outside_the_ratio(%x: complex<f64>) -> f64 {
  %r = complex.abs %x fastmath<nnan,afn> : complex<f64>
  return %r : f64
}

// -----

// CHECK-LABEL: func.func @sqrt
// CHECK-SAME: (%[[ARG:.*]]: complex<f32>)
// CHECK: %[[CONSTANT1:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[CONSTANT2:.*]] = arith.constant 5.000000e-01 : f32
// CHECK-NEXT: %[[RE3:.*]] = complex.re %[[ARG]] : complex<f32>
// CHECK-NEXT: %[[IM4:.*]] = complex.im %[[ARG]] : complex<f32>
// CHECK-NEXT: %[[CONSTANT5:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[ABSF6:.*]] = math.absf %[[RE3]] : f32
// CHECK-NEXT: %[[ABSF7:.*]] = math.absf %[[IM4]] : f32
// CHECK-NEXT: %[[MAXIMUMF8:.*]] = arith.maximumf %[[ABSF6]], %[[ABSF7]] : f32
// CHECK-NEXT: %[[MINIMUMF9:.*]] = arith.minimumf %[[ABSF6]], %[[ABSF7]] : f32
// CHECK-NEXT: %[[DIVF10:.*]] = arith.divf %[[MINIMUMF9]], %[[MAXIMUMF8]] : f32
// CHECK-NEXT: %[[MULF11:.*]] = arith.mulf %[[DIVF10]], %[[DIVF10]] : f32
// CHECK-NEXT: %[[ADDF12:.*]] = arith.addf %[[MULF11]], %[[CONSTANT5]] : f32
// CHECK-NEXT: %[[CONSTANT13:.*]] = arith.constant 2.500000e-01 : f32
// CHECK-NEXT: %[[SQRT14:.*]] = math.sqrt %[[MAXIMUMF8]] : f32
// CHECK-NEXT: %[[POWF15:.*]] = math.powf %[[ADDF12]], %[[CONSTANT13]] : f32
// CHECK-NEXT: %[[MULF16:.*]] = arith.mulf %[[SQRT14]], %[[POWF15]] : f32
// CHECK-NEXT: %[[CMPF17:.*]] = arith.cmpf uno, %[[MULF16]], %[[MULF16]] : f32
// CHECK-NEXT: %[[SELECT18:.*]] = arith.select %[[CMPF17]], %[[MINIMUMF9]], %[[MULF16]] : f32
// CHECK-NEXT: %[[ATAN219:.*]] = math.atan2 %[[IM4]], %[[RE3]] : f32
// CHECK-NEXT: %[[MULF20:.*]] = arith.mulf %[[ATAN219]], %[[CONSTANT2]] : f32
// CHECK-NEXT: %[[COS21:.*]] = math.cos %[[MULF20]] : f32
// CHECK-NEXT: %[[SIN22:.*]] = math.sin %[[MULF20]] : f32
// CHECK-NEXT: %[[CMPF23:.*]] = arith.cmpf oeq, %[[SIN22]], %[[CONSTANT1]] : f32
// CHECK-NEXT: %[[MULF24:.*]] = arith.mulf %[[SELECT18]], %[[COS21]] : f32
// CHECK-NEXT: %[[MULF25:.*]] = arith.mulf %[[SELECT18]], %[[SIN22]] : f32
// CHECK-NEXT: %[[SELECT26:.*]] = arith.select %[[CMPF23]], %[[CONSTANT1]], %[[MULF25]] : f32
// CHECK-NEXT: %[[CONSTANT27:.*]] = arith.constant 0x7F800000 : f32
// CHECK-NEXT: %[[CONSTANT28:.*]] = arith.constant 0xFF800000 : f32
// CHECK-NEXT: %[[CONSTANT29:.*]] = arith.constant 0x7FC00000 : f32
// CHECK-NEXT: %[[ABSF30:.*]] = math.absf %[[IM4]] : f32
// CHECK-NEXT: %[[CMPF31:.*]] = arith.cmpf oeq, %[[ABSF30]], %[[CONSTANT27]] : f32
// CHECK-NEXT: %[[CMPF32:.*]] = arith.cmpf one, %[[ABSF30]], %[[CONSTANT27]] : f32
// CHECK-NEXT: %[[CMPF33:.*]] = arith.cmpf oeq, %[[RE3]], %[[CONSTANT27]] : f32
// CHECK-NEXT: %[[CMPF34:.*]] = arith.cmpf oeq, %[[RE3]], %[[CONSTANT28]] : f32
// CHECK-NEXT: %[[ANDI35:.*]] = arith.andi %[[CMPF34]], %[[CMPF32]] : i1
// CHECK-NEXT: %[[SELECT36:.*]] = arith.select %[[ANDI35]], %[[CONSTANT1]], %[[MULF24]] : f32
// CHECK-NEXT: %[[ORI37:.*]] = arith.ori %[[CMPF31]], %[[CMPF33]] : i1
// CHECK-NEXT: %[[SELECT38:.*]] = arith.select %[[ORI37]], %[[CONSTANT27]], %[[SELECT36]] : f32
// CHECK-NEXT: %[[COPYSIGN39:.*]] = math.copysign %[[CONSTANT27]], %[[IM4]] : f32
// CHECK-NEXT: %[[CMPF40:.*]] = arith.cmpf uno, %[[SELECT18]], %[[SELECT18]] : f32
// CHECK-NEXT: %[[SELECT41:.*]] = arith.select %[[CMPF40]], %[[CONSTANT29]], %[[SELECT26]] : f32
// CHECK-NEXT: %[[ORI42:.*]] = arith.ori %[[CMPF31]], %[[CMPF34]] : i1
// CHECK-NEXT: %[[SELECT43:.*]] = arith.select %[[ORI42]], %[[COPYSIGN39]], %[[SELECT41]] : f32
// CHECK-NEXT: %[[CMPF44:.*]] = arith.cmpf oeq, %[[SELECT18]], %[[CONSTANT1]] : f32
// CHECK-NEXT: %[[SELECT45:.*]] = arith.select %[[CMPF44]], %[[CONSTANT1]], %[[SELECT38]] : f32
// CHECK-NEXT: %[[SELECT46:.*]] = arith.select %[[CMPF44]], %[[CONSTANT1]], %[[SELECT43]] : f32
// CHECK-NEXT: %[[CREATE47:.*]] = complex.create %[[SELECT45]], %[[SELECT46]] : complex<f32>
// CHECK-NEXT: return %[[CREATE47]] : complex<f32>
func.func @sqrt(%x: complex<f32>) -> complex<f32> {
  %r = complex.sqrt %x : complex<f32>
  return %r : complex<f32>
}

// -----

// CHECK-LABEL: func.func @sqrt_fast
// CHECK-SAME: (%[[ARG:.*]]: complex<f32>)
// CHECK: %[[CONSTANT1:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[CONSTANT2:.*]] = arith.constant 5.000000e-01 : f32
// CHECK-NEXT: %[[RE3:.*]] = complex.re %[[ARG]] : complex<f32>
// CHECK-NEXT: %[[IM4:.*]] = complex.im %[[ARG]] : complex<f32>
// CHECK-NEXT: %[[CONSTANT5:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[ABSF6:.*]] = math.absf %[[RE3]] fastmath<fast> : f32
// CHECK-NEXT: %[[ABSF7:.*]] = math.absf %[[IM4]] fastmath<fast> : f32
// CHECK-NEXT: %[[MAXIMUMF8:.*]] = arith.maximumf %[[ABSF6]], %[[ABSF7]] fastmath<fast> : f32
// CHECK-NEXT: %[[MINIMUMF9:.*]] = arith.minimumf %[[ABSF6]], %[[ABSF7]] fastmath<fast> : f32
// CHECK-NEXT: %[[DIVF10:.*]] = arith.divf %[[MINIMUMF9]], %[[MAXIMUMF8]] fastmath<reassoc,nsz,arcp,contract,afn> : f32
// CHECK-NEXT: %[[MULF11:.*]] = arith.mulf %[[DIVF10]], %[[DIVF10]] fastmath<reassoc,nsz,arcp,contract,afn> : f32
// CHECK-NEXT: %[[ADDF12:.*]] = arith.addf %[[MULF11]], %[[CONSTANT5]] fastmath<reassoc,nsz,arcp,contract,afn> : f32
// CHECK-NEXT: %[[CONSTANT13:.*]] = arith.constant 2.500000e-01 : f32
// CHECK-NEXT: %[[SQRT14:.*]] = math.sqrt %[[MAXIMUMF8]] fastmath<reassoc,nsz,arcp,contract,afn> : f32
// CHECK-NEXT: %[[POWF15:.*]] = math.powf %[[ADDF12]], %[[CONSTANT13]] fastmath<reassoc,nsz,arcp,contract,afn> : f32
// CHECK-NEXT: %[[MULF16:.*]] = arith.mulf %[[SQRT14]], %[[POWF15]] fastmath<reassoc,nsz,arcp,contract,afn> : f32
// CHECK-NEXT: %[[CMPF17:.*]] = arith.cmpf uno, %[[MULF16]], %[[MULF16]] fastmath<reassoc,nsz,arcp,contract,afn> : f32
// CHECK-NEXT: %[[SELECT18:.*]] = arith.select %[[CMPF17]], %[[MINIMUMF9]], %[[MULF16]] : f32
// CHECK-NEXT: %[[ATAN219:.*]] = math.atan2 %[[IM4]], %[[RE3]] fastmath<fast> : f32
// CHECK-NEXT: %[[MULF20:.*]] = arith.mulf %[[ATAN219]], %[[CONSTANT2]] fastmath<fast> : f32
// CHECK-NEXT: %[[COS21:.*]] = math.cos %[[MULF20]] fastmath<fast> : f32
// CHECK-NEXT: %[[SIN22:.*]] = math.sin %[[MULF20]] fastmath<fast> : f32
// CHECK-NEXT: %[[CMPF23:.*]] = arith.cmpf oeq, %[[SIN22]], %[[CONSTANT1]] fastmath<fast> : f32
// CHECK-NEXT: %[[MULF24:.*]] = arith.mulf %[[SELECT18]], %[[COS21]] fastmath<fast> : f32
// CHECK-NEXT: %[[MULF25:.*]] = arith.mulf %[[SELECT18]], %[[SIN22]] fastmath<fast> : f32
// CHECK-NEXT: %[[SELECT26:.*]] = arith.select %[[CMPF23]], %[[CONSTANT1]], %[[MULF25]] : f32
// CHECK-NEXT: %[[CMPF27:.*]] = arith.cmpf oeq, %[[SELECT18]], %[[CONSTANT1]] fastmath<fast> : f32
// CHECK-NEXT: %[[SELECT28:.*]] = arith.select %[[CMPF27]], %[[CONSTANT1]], %[[MULF24]] : f32
// CHECK-NEXT: %[[SELECT29:.*]] = arith.select %[[CMPF27]], %[[CONSTANT1]], %[[SELECT26]] : f32
// CHECK-NEXT: %[[CREATE30:.*]] = complex.create %[[SELECT28]], %[[SELECT29]] : complex<f32>
// CHECK-NEXT: return %[[CREATE30]] : complex<f32>
func.func @sqrt_fast(%x: complex<f32>) -> complex<f32> {
  %r = complex.sqrt %x fastmath<fast> : complex<f32>
  return %r : complex<f32>
}

// -----

// CHECK-LABEL: func.func @rsqrt
// CHECK-SAME: (%[[ARG:.*]]: complex<f64>)
// CHECK: %[[CONSTANT1:.*]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: %[[CONSTANT2:.*]] = arith.constant 0x7FF0000000000000 : f64
// CHECK-NEXT: %[[CONSTANT3:.*]] = arith.constant -5.000000e-01 : f64
// CHECK-NEXT: %[[CONSTANT4:.*]] = arith.constant 0x7FF8000000000000 : f64
// CHECK-NEXT: %[[RE5:.*]] = complex.re %[[ARG]] : complex<f64>
// CHECK-NEXT: %[[IM6:.*]] = complex.im %[[ARG]] : complex<f64>
// CHECK-NEXT: %[[CONSTANT7:.*]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[ABSF8:.*]] = math.absf %[[RE5]] : f64
// CHECK-NEXT: %[[ABSF9:.*]] = math.absf %[[IM6]] : f64
// CHECK-NEXT: %[[MAXIMUMF10:.*]] = arith.maximumf %[[ABSF8]], %[[ABSF9]] : f64
// CHECK-NEXT: %[[MINIMUMF11:.*]] = arith.minimumf %[[ABSF8]], %[[ABSF9]] : f64
// CHECK-NEXT: %[[DIVF12:.*]] = arith.divf %[[MINIMUMF11]], %[[MAXIMUMF10]] : f64
// CHECK-NEXT: %[[MULF13:.*]] = arith.mulf %[[DIVF12]], %[[DIVF12]] : f64
// CHECK-NEXT: %[[ADDF14:.*]] = arith.addf %[[MULF13]], %[[CONSTANT7]] : f64
// CHECK-NEXT: %[[RSQRT15:.*]] = math.rsqrt %[[ADDF14]] : f64
// CHECK-NEXT: %[[RSQRT16:.*]] = math.rsqrt %[[MINIMUMF11]] : f64
// CHECK-NEXT: %[[RSQRT17:.*]] = math.rsqrt %[[MAXIMUMF10]] : f64
// CHECK-NEXT: %[[SQRT18:.*]] = math.sqrt %[[RSQRT15]] : f64
// CHECK-NEXT: %[[MULF19:.*]] = arith.mulf %[[RSQRT17]], %[[SQRT18]] : f64
// CHECK-NEXT: %[[CMPF20:.*]] = arith.cmpf uno, %[[MULF19]], %[[MULF19]] : f64
// CHECK-NEXT: %[[SELECT21:.*]] = arith.select %[[CMPF20]], %[[RSQRT16]], %[[MULF19]] : f64
// CHECK-NEXT: %[[ATAN222:.*]] = math.atan2 %[[IM6]], %[[RE5]] : f64
// CHECK-NEXT: %[[MULF23:.*]] = arith.mulf %[[ATAN222]], %[[CONSTANT3]] : f64
// CHECK-NEXT: %[[COS24:.*]] = math.cos %[[MULF23]] : f64
// CHECK-NEXT: %[[SIN25:.*]] = math.sin %[[MULF23]] : f64
// CHECK-NEXT: %[[MULF26:.*]] = arith.mulf %[[SELECT21]], %[[COS24]] : f64
// CHECK-NEXT: %[[MULF27:.*]] = arith.mulf %[[SELECT21]], %[[SIN25]] : f64
// CHECK-NEXT: %[[CONSTANT28:.*]] = arith.constant -1.000000e+00 : f64
// CHECK-NEXT: %[[COPYSIGN29:.*]] = math.copysign %[[CONSTANT1]], %[[RE5]] : f64
// CHECK-NEXT: %[[COPYSIGN30:.*]] = math.copysign %[[CONSTANT1]], %[[IM6]] : f64
// CHECK-NEXT: %[[MULF31:.*]] = arith.mulf %[[CONSTANT28]], %[[COPYSIGN30]] : f64
// CHECK-NEXT: %[[ABSF32:.*]] = math.absf %[[RE5]] : f64
// CHECK-NEXT: %[[ABSF33:.*]] = math.absf %[[IM6]] : f64
// CHECK-NEXT: %[[CMPF34:.*]] = arith.cmpf oeq, %[[ABSF33]], %[[CONSTANT2]] : f64
// CHECK-NEXT: %[[CMPF35:.*]] = arith.cmpf uno, %[[RE5]], %[[RE5]] : f64
// CHECK-NEXT: %[[CMPF36:.*]] = arith.cmpf oeq, %[[ABSF32]], %[[CONSTANT2]] : f64
// CHECK-NEXT: %[[ANDI37:.*]] = arith.andi %[[CMPF34]], %[[CMPF35]] : i1
// CHECK-NEXT: %[[ORI38:.*]] = arith.ori %[[ANDI37]], %[[CMPF36]] : i1
// CHECK-NEXT: %[[SELECT39:.*]] = arith.select %[[ORI38]], %[[COPYSIGN29]], %[[MULF26]] : f64
// CHECK-NEXT: %[[SELECT40:.*]] = arith.select %[[ORI38]], %[[MULF31]], %[[MULF27]] : f64
// CHECK-NEXT: %[[CMPF41:.*]] = arith.cmpf oeq, %[[RE5]], %[[CONSTANT1]] : f64
// CHECK-NEXT: %[[CMPF42:.*]] = arith.cmpf oeq, %[[IM6]], %[[CONSTANT1]] : f64
// CHECK-NEXT: %[[ANDI43:.*]] = arith.andi %[[CMPF41]], %[[CMPF42]] : i1
// CHECK-NEXT: %[[SELECT44:.*]] = arith.select %[[ANDI43]], %[[CONSTANT2]], %[[SELECT39]] : f64
// CHECK-NEXT: %[[SELECT45:.*]] = arith.select %[[ANDI43]], %[[CONSTANT4]], %[[SELECT40]] : f64
// CHECK-NEXT: %[[CREATE46:.*]] = complex.create %[[SELECT44]], %[[SELECT45]] : complex<f64>
// CHECK-NEXT: return %[[CREATE46]] : complex<f64>
func.func @rsqrt(%x: complex<f64>) -> complex<f64> {
  %r = complex.rsqrt %x : complex<f64>
  return %r : complex<f64>
}

// -----

// CHECK-LABEL: func.func @rsqrt_finite_math
// CHECK-SAME: (%[[ARG:.*]]: complex<f32>)
// CHECK: %[[CONSTANT1:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[CONSTANT2:.*]] = arith.constant 0x7F800000 : f32
// CHECK-NEXT: %[[CONSTANT3:.*]] = arith.constant -5.000000e-01 : f32
// CHECK-NEXT: %[[CONSTANT4:.*]] = arith.constant 0x7FC00000 : f32
// CHECK-NEXT: %[[RE5:.*]] = complex.re %[[ARG]] : complex<f32>
// CHECK-NEXT: %[[IM6:.*]] = complex.im %[[ARG]] : complex<f32>
// CHECK-NEXT: %[[CONSTANT7:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[ABSF8:.*]] = math.absf %[[RE5]] fastmath<nnan,ninf> : f32
// CHECK-NEXT: %[[ABSF9:.*]] = math.absf %[[IM6]] fastmath<nnan,ninf> : f32
// CHECK-NEXT: %[[MAXIMUMF10:.*]] = arith.maximumf %[[ABSF8]], %[[ABSF9]] fastmath<nnan,ninf> : f32
// CHECK-NEXT: %[[MINIMUMF11:.*]] = arith.minimumf %[[ABSF8]], %[[ABSF9]] fastmath<nnan,ninf> : f32
// CHECK-NEXT: %[[DIVF12:.*]] = arith.divf %[[MINIMUMF11]], %[[MAXIMUMF10]] : f32
// CHECK-NEXT: %[[MULF13:.*]] = arith.mulf %[[DIVF12]], %[[DIVF12]] : f32
// CHECK-NEXT: %[[ADDF14:.*]] = arith.addf %[[MULF13]], %[[CONSTANT7]] : f32
// CHECK-NEXT: %[[RSQRT15:.*]] = math.rsqrt %[[ADDF14]] : f32
// CHECK-NEXT: %[[RSQRT16:.*]] = math.rsqrt %[[MINIMUMF11]] : f32
// CHECK-NEXT: %[[RSQRT17:.*]] = math.rsqrt %[[MAXIMUMF10]] : f32
// CHECK-NEXT: %[[SQRT18:.*]] = math.sqrt %[[RSQRT15]] : f32
// CHECK-NEXT: %[[MULF19:.*]] = arith.mulf %[[RSQRT17]], %[[SQRT18]] : f32
// CHECK-NEXT: %[[CMPF20:.*]] = arith.cmpf uno, %[[MULF19]], %[[MULF19]] : f32
// CHECK-NEXT: %[[SELECT21:.*]] = arith.select %[[CMPF20]], %[[RSQRT16]], %[[MULF19]] : f32
// CHECK-NEXT: %[[ATAN222:.*]] = math.atan2 %[[IM6]], %[[RE5]] fastmath<nnan,ninf> : f32
// CHECK-NEXT: %[[MULF23:.*]] = arith.mulf %[[ATAN222]], %[[CONSTANT3]] fastmath<nnan,ninf> : f32
// CHECK-NEXT: %[[COS24:.*]] = math.cos %[[MULF23]] fastmath<nnan,ninf> : f32
// CHECK-NEXT: %[[SIN25:.*]] = math.sin %[[MULF23]] fastmath<nnan,ninf> : f32
// CHECK-NEXT: %[[MULF26:.*]] = arith.mulf %[[SELECT21]], %[[COS24]] fastmath<nnan,ninf> : f32
// CHECK-NEXT: %[[MULF27:.*]] = arith.mulf %[[SELECT21]], %[[SIN25]] fastmath<nnan,ninf> : f32
// CHECK-NEXT: %[[CMPF28:.*]] = arith.cmpf oeq, %[[RE5]], %[[CONSTANT1]] fastmath<nnan,ninf> : f32
// CHECK-NEXT: %[[CMPF29:.*]] = arith.cmpf oeq, %[[IM6]], %[[CONSTANT1]] fastmath<nnan,ninf> : f32
// CHECK-NEXT: %[[ANDI30:.*]] = arith.andi %[[CMPF28]], %[[CMPF29]] : i1
// CHECK-NEXT: %[[SELECT31:.*]] = arith.select %[[ANDI30]], %[[CONSTANT2]], %[[MULF26]] : f32
// CHECK-NEXT: %[[SELECT32:.*]] = arith.select %[[ANDI30]], %[[CONSTANT4]], %[[MULF27]] : f32
// CHECK-NEXT: %[[CREATE33:.*]] = complex.create %[[SELECT31]], %[[SELECT32]] : complex<f32>
// CHECK-NEXT: return %[[CREATE33]] : complex<f32>
func.func @rsqrt_finite_math(%x: complex<f32>) -> complex<f32> {
  %r = complex.rsqrt %x fastmath<nnan,ninf> : complex<f32>
  return %r : complex<f32>
}

// -----

// CHECK-LABEL: func.func @pow
// CHECK-SAME: (%[[ARG0:.*]]: complex<f32>, %[[ARG1:.*]]: complex<f32>)
// CHECK: %[[RE1:.*]] = complex.re %[[ARG1]] : complex<f32>
// CHECK-NEXT: %[[IM2:.*]] = complex.im %[[ARG1]] : complex<f32>
// CHECK-NEXT: %[[RE3:.*]] = complex.re %[[ARG0]] : complex<f32>
// CHECK-NEXT: %[[IM4:.*]] = complex.im %[[ARG0]] : complex<f32>
// CHECK-NEXT: %[[RE5:.*]] = complex.re %[[ARG0]] : complex<f32>
// CHECK-NEXT: %[[IM6:.*]] = complex.im %[[ARG0]] : complex<f32>
// CHECK-NEXT: %[[CONSTANT7:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[ABSF8:.*]] = math.absf %[[RE5]] : f32
// CHECK-NEXT: %[[ABSF9:.*]] = math.absf %[[IM6]] : f32
// CHECK-NEXT: %[[MAXIMUMF10:.*]] = arith.maximumf %[[ABSF8]], %[[ABSF9]] : f32
// CHECK-NEXT: %[[MINIMUMF11:.*]] = arith.minimumf %[[ABSF8]], %[[ABSF9]] : f32
// CHECK-NEXT: %[[DIVF12:.*]] = arith.divf %[[MINIMUMF11]], %[[MAXIMUMF10]] : f32
// CHECK-NEXT: %[[MULF13:.*]] = arith.mulf %[[DIVF12]], %[[DIVF12]] : f32
// CHECK-NEXT: %[[ADDF14:.*]] = arith.addf %[[MULF13]], %[[CONSTANT7]] : f32
// CHECK-NEXT: %[[SQRT15:.*]] = math.sqrt %[[ADDF14]] : f32
// CHECK-NEXT: %[[MULF16:.*]] = arith.mulf %[[MAXIMUMF10]], %[[SQRT15]] : f32
// CHECK-NEXT: %[[CMPF17:.*]] = arith.cmpf uno, %[[MULF16]], %[[MULF16]] : f32
// CHECK-NEXT: %[[SELECT18:.*]] = arith.select %[[CMPF17]], %[[MINIMUMF11]], %[[MULF16]] : f32
// CHECK-NEXT: %[[POWF19:.*]] = math.powf %[[SELECT18]], %[[RE1]] : f32
// CHECK-NEXT: %[[NEGF20:.*]] = arith.negf %[[IM2]] : f32
// CHECK-NEXT: %[[ATAN221:.*]] = math.atan2 %[[IM4]], %[[RE3]] : f32
// CHECK-NEXT: %[[MULF22:.*]] = arith.mulf %[[NEGF20]], %[[ATAN221]] : f32
// CHECK-NEXT: %[[EXP23:.*]] = math.exp %[[MULF22]] : f32
// CHECK-NEXT: %[[MULF24:.*]] = arith.mulf %[[POWF19]], %[[EXP23]] : f32
// CHECK-NEXT: %[[LOG25:.*]] = math.log %[[SELECT18]] : f32
// CHECK-NEXT: %[[MULF26:.*]] = arith.mulf %[[RE1]], %[[ATAN221]] : f32
// CHECK-NEXT: %[[MULF27:.*]] = arith.mulf %[[IM2]], %[[LOG25]] : f32
// CHECK-NEXT: %[[ADDF28:.*]] = arith.addf %[[MULF26]], %[[MULF27]] : f32
// CHECK-NEXT: %[[COS29:.*]] = math.cos %[[ADDF28]] : f32
// CHECK-NEXT: %[[SIN30:.*]] = math.sin %[[ADDF28]] : f32
// CHECK-NEXT: %[[CONSTANT31:.*]] = arith.constant 0x7F800000 : f32
// CHECK-NEXT: %[[CONSTANT32:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[CONSTANT33:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[CREATE34:.*]] = complex.create %[[CONSTANT33]], %[[CONSTANT32]] : complex<f32>
// CHECK-NEXT: %[[CREATE35:.*]] = complex.create %[[CONSTANT32]], %[[CONSTANT32]] : complex<f32>
// CHECK-NEXT: %[[CREATE36:.*]] = complex.create %[[CONSTANT31]], %[[CONSTANT32]] : complex<f32>
// CHECK-NEXT: %[[CMPF37:.*]] = arith.cmpf oeq, %[[SELECT18]], %[[CONSTANT32]] : f32
// CHECK-NEXT: %[[CMPF38:.*]] = arith.cmpf oeq, %[[IM2]], %[[CONSTANT32]] : f32
// CHECK-NEXT: %[[CMPF39:.*]] = arith.cmpf oeq, %[[RE1]], %[[CONSTANT32]] : f32
// CHECK-NEXT: %[[CMPF40:.*]] = arith.cmpf oeq, %[[IM4]], %[[CONSTANT32]] : f32
// CHECK-NEXT: %[[CMPF41:.*]] = arith.cmpf ole, %[[CONSTANT32]], %[[RE1]] : f32
// CHECK-NEXT: %[[MULF42:.*]] = arith.mulf %[[MULF24]], %[[COS29]] : f32
// CHECK-NEXT: %[[MULF43:.*]] = arith.mulf %[[MULF24]], %[[SIN30]] : f32
// CHECK-NEXT: %[[SELECT44:.*]] = arith.select %[[CMPF39]], %[[CREATE34]], %[[CREATE35]] : complex<f32>
// CHECK-NEXT: %[[CREATE45:.*]] = complex.create %[[MULF42]], %[[MULF43]] : complex<f32>
// CHECK-NEXT: %[[ANDI46:.*]] = arith.andi %[[CMPF37]], %[[CMPF38]] : i1
// CHECK-NEXT: %[[ANDI47:.*]] = arith.andi %[[ANDI46]], %[[CMPF41]] : i1
// CHECK-NEXT: %[[SELECT48:.*]] = arith.select %[[ANDI47]], %[[SELECT44]], %[[CREATE45]] : complex<f32>
// CHECK-NEXT: %[[ANDI49:.*]] = arith.andi %[[CMPF39]], %[[CMPF38]] : i1
// CHECK-NEXT: %[[SELECT50:.*]] = arith.select %[[ANDI49]], %[[CREATE34]], %[[SELECT48]] : complex<f32>
// CHECK-NEXT: %[[CMPF51:.*]] = arith.cmpf oeq, %[[RE3]], %[[CONSTANT33]] : f32
// CHECK-NEXT: %[[ANDI52:.*]] = arith.andi %[[CMPF51]], %[[CMPF40]] : i1
// CHECK-NEXT: %[[SELECT53:.*]] = arith.select %[[ANDI52]], %[[CREATE34]], %[[SELECT50]] : complex<f32>
// CHECK-NEXT: %[[CMPF54:.*]] = arith.cmpf oeq, %[[RE3]], %[[CONSTANT31]] : f32
// CHECK-NEXT: %[[ANDI55:.*]] = arith.andi %[[CMPF54]], %[[CMPF40]] : i1
// CHECK-NEXT: %[[CMPF56:.*]] = arith.cmpf ogt, %[[RE1]], %[[CONSTANT32]] : f32
// CHECK-NEXT: %[[ANDI57:.*]] = arith.andi %[[CMPF38]], %[[CMPF56]] : i1
// CHECK-NEXT: %[[ANDI58:.*]] = arith.andi %[[ANDI55]], %[[ANDI57]] : i1
// CHECK-NEXT: %[[SELECT59:.*]] = arith.select %[[ANDI58]], %[[CREATE36]], %[[SELECT53]] : complex<f32>
// CHECK-NEXT: %[[CMPF60:.*]] = arith.cmpf olt, %[[RE1]], %[[CONSTANT32]] : f32
// CHECK-NEXT: %[[ANDI61:.*]] = arith.andi %[[CMPF38]], %[[CMPF60]] : i1
// CHECK-NEXT: %[[ANDI62:.*]] = arith.andi %[[ANDI55]], %[[ANDI61]] : i1
// CHECK-NEXT: %[[SELECT63:.*]] = arith.select %[[ANDI62]], %[[CREATE35]], %[[SELECT59]] : complex<f32>
// CHECK-NEXT: return %[[SELECT63]] : complex<f32>
func.func @pow(%x: complex<f32>, %y: complex<f32>) -> complex<f32> {
  %r = complex.pow %x, %y : complex<f32>
  return %r : complex<f32>
}

