// RUN: pyopt %s --convert-complex-to-standard --split-input-file | filecheck %s

// CHECK-LABEL: func.func @exp
// CHECK-SAME: (%[[ARG:.*]]: complex<f32>)
// CHECK: %[[RE1:.*]] = complex.re %[[ARG]] : complex<f32>
// CHECK-NEXT: %[[IM2:.*]] = complex.im %[[ARG]] : complex<f32>
// CHECK-NEXT: %[[EXP3:.*]] = math.exp %[[RE1]] : f32
// CHECK-NEXT: %[[COS4:.*]] = math.cos %[[IM2]] : f32
// CHECK-NEXT: %[[MULF5:.*]] = arith.mulf %[[EXP3]], %[[COS4]] : f32
// CHECK-NEXT: %[[SIN6:.*]] = math.sin %[[IM2]] : f32
// CHECK-NEXT: %[[MULF7:.*]] = arith.mulf %[[EXP3]], %[[SIN6]] : f32
// CHECK-NEXT: %[[CREATE8:.*]] = complex.create %[[MULF5]], %[[MULF7]] : complex<f32>
// CHECK-NEXT: return %[[CREATE8]] : complex<f32>
func.func @exp(%x: complex<f32>) -> complex<f32> {
  %r = complex.exp %x : complex<f32>
  return %r : complex<f32>
}

// -----

// CHECK-LABEL: func.func @expm1_lowers_the_exp_it_creates
// CHECK-SAME: (%[[ARG:.*]]: complex<f64>)
// CHECK: %[[RE1:.*]] = complex.re %[[ARG]] : complex<f64>
// CHECK-NEXT: %[[IM2:.*]] = complex.im %[[ARG]] : complex<f64>
// CHECK-NEXT: %[[EXP3:.*]] = math.exp %[[RE1]] fastmath<afn> : f64
// CHECK-NEXT: %[[COS4:.*]] = math.cos %[[IM2]] fastmath<afn> : f64
// CHECK-NEXT: %[[MULF5:.*]] = arith.mulf %[[EXP3]], %[[COS4]] fastmath<afn> : f64
// CHECK-NEXT: %[[SIN6:.*]] = math.sin %[[IM2]] fastmath<afn> : f64
// CHECK-NEXT: %[[MULF7:.*]] = arith.mulf %[[EXP3]], %[[SIN6]] fastmath<afn> : f64
// CHECK-NEXT: %[[CREATE8:.*]] = complex.create %[[MULF5]], %[[MULF7]] : complex<f64>
// CHECK-NEXT: %[[RE9:.*]] = complex.re %[[CREATE8]] : complex<f64>
// CHECK-NEXT: %[[CONSTANT10:.*]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[SUBF11:.*]] = arith.subf %[[RE9]], %[[CONSTANT10]] fastmath<afn> : f64
// CHECK-NEXT: %[[IM12:.*]] = complex.im %[[CREATE8]] : complex<f64>
// CHECK-NEXT: %[[CREATE13:.*]] = complex.create %[[SUBF11]], %[[IM12]] : complex<f64>
// CHECK-NEXT: return %[[CREATE13]] : complex<f64>
func.func @expm1_lowers_the_exp_it_creates(%x: complex<f64>) -> complex<f64> {
  %r = complex.expm1 %x fastmath<afn> : complex<f64>
  return %r : complex<f64>
}

// -----

// CHECK-LABEL: func.func @log_via_abs
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
// CHECK-NEXT: %[[LOG15:.*]] = math.log %[[SELECT14]] : f32
// CHECK-NEXT: %[[RE16:.*]] = complex.re %[[ARG]] : complex<f32>
// CHECK-NEXT: %[[IM17:.*]] = complex.im %[[ARG]] : complex<f32>
// CHECK-NEXT: %[[ATAN218:.*]] = math.atan2 %[[IM17]], %[[RE16]] : f32
// CHECK-NEXT: %[[CREATE19:.*]] = complex.create %[[LOG15]], %[[ATAN218]] : complex<f32>
// CHECK-NEXT: return %[[CREATE19]] : complex<f32>
func.func @log_via_abs(%x: complex<f32>) -> complex<f32> {
  %r = complex.log %x : complex<f32>
  return %r : complex<f32>
}

// -----

// CHECK-LABEL: func.func @log1p_clears_nnan_ninf_in_the_ratio
// CHECK-SAME: (%[[ARG:.*]]: complex<f32>)
// CHECK: %[[RE1:.*]] = complex.re %[[ARG]] : complex<f32>
// CHECK-NEXT: %[[IM2:.*]] = complex.im %[[ARG]] : complex<f32>
// CHECK-NEXT: %[[CONSTANT3:.*]] = arith.constant 5.000000e-01 : f32
// CHECK-NEXT: %[[CONSTANT4:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[ADDF5:.*]] = arith.addf %[[RE1]], %[[CONSTANT4]] fastmath<nnan,ninf,nsz> : f32
// CHECK-NEXT: %[[ABSF6:.*]] = math.absf %[[ADDF5]] fastmath<nnan,ninf,nsz> : f32
// CHECK-NEXT: %[[ABSF7:.*]] = math.absf %[[IM2]] fastmath<nnan,ninf,nsz> : f32
// CHECK-NEXT: %[[MAXIMUMF8:.*]] = arith.maximumf %[[ABSF6]], %[[ABSF7]] fastmath<nnan,ninf,nsz> : f32
// CHECK-NEXT: %[[MINIMUMF9:.*]] = arith.minimumf %[[ABSF6]], %[[ABSF7]] fastmath<nnan,ninf,nsz> : f32
// CHECK-NEXT: %[[CMPF10:.*]] = arith.cmpf ogt, %[[ADDF5]], %[[ABSF7]] fastmath<nnan,ninf,nsz> : f32
// CHECK-NEXT: %[[SUBF11:.*]] = arith.subf %[[MAXIMUMF8]], %[[CONSTANT4]] fastmath<nnan,ninf,nsz> : f32
// CHECK-NEXT: %[[SELECT12:.*]] = arith.select %[[CMPF10]], %[[RE1]], %[[SUBF11]] : f32
// CHECK-NEXT: %[[DIVF13:.*]] = arith.divf %[[MINIMUMF9]], %[[MAXIMUMF8]] fastmath<nsz> : f32
// CHECK-NEXT: %[[LOG1P14:.*]] = math.log1p %[[SELECT12]] fastmath<nnan,ninf,nsz> : f32
// CHECK-NEXT: %[[MULF15:.*]] = arith.mulf %[[DIVF13]], %[[DIVF13]] fastmath<nsz> : f32
// CHECK-NEXT: %[[LOG1P16:.*]] = math.log1p %[[MULF15]] fastmath<nsz> : f32
// CHECK-NEXT: %[[MULF17:.*]] = arith.mulf %[[CONSTANT3]], %[[LOG1P16]] fastmath<nsz> : f32
// CHECK-NEXT: %[[ADDF18:.*]] = arith.addf %[[MULF17]], %[[LOG1P14]] fastmath<nsz> : f32
// CHECK-NEXT: %[[CMPF19:.*]] = arith.cmpf uno, %[[ADDF18]], %[[ADDF18]] fastmath<nsz> : f32
// CHECK-NEXT: %[[SELECT20:.*]] = arith.select %[[CMPF19]], %[[MINIMUMF9]], %[[ADDF18]] : f32
// CHECK-NEXT: %[[ATAN221:.*]] = math.atan2 %[[IM2]], %[[ADDF5]] fastmath<nnan,ninf,nsz> : f32
// CHECK-NEXT: %[[CREATE22:.*]] = complex.create %[[SELECT20]], %[[ATAN221]] : complex<f32>
// CHECK-NEXT: return %[[CREATE22]] : complex<f32>
func.func @log1p_clears_nnan_ninf_in_the_ratio(%x: complex<f32>) -> complex<f32> {
  %r = complex.log1p %x fastmath<nnan,ninf,nsz> : complex<f32>
  return %r : complex<f32>
}

// -----

// CHECK-LABEL: func.func @sign
// CHECK-SAME: (%[[ARG:.*]]: complex<bf16>)
// CHECK: %[[RE1:.*]] = complex.re %[[ARG]] : complex<bf16>
// CHECK-NEXT: %[[IM2:.*]] = complex.im %[[ARG]] : complex<bf16>
// CHECK-NEXT: %[[CONSTANT3:.*]] = arith.constant 0.000000e+00 : bf16
// CHECK-NEXT: %[[CMPF4:.*]] = arith.cmpf oeq, %[[RE1]], %[[CONSTANT3]] : bf16
// CHECK-NEXT: %[[CMPF5:.*]] = arith.cmpf oeq, %[[IM2]], %[[CONSTANT3]] : bf16
// CHECK-NEXT: %[[ANDI6:.*]] = arith.andi %[[CMPF4]], %[[CMPF5]] : i1
// CHECK-NEXT: %[[RE7:.*]] = complex.re %[[ARG]] : complex<bf16>
// CHECK-NEXT: %[[IM8:.*]] = complex.im %[[ARG]] : complex<bf16>
// CHECK-NEXT: %[[CONSTANT9:.*]] = arith.constant 1.000000e+00 : bf16
// CHECK-NEXT: %[[ABSF10:.*]] = math.absf %[[RE7]] : bf16
// CHECK-NEXT: %[[ABSF11:.*]] = math.absf %[[IM8]] : bf16
// CHECK-NEXT: %[[MAXIMUMF12:.*]] = arith.maximumf %[[ABSF10]], %[[ABSF11]] : bf16
// CHECK-NEXT: %[[MINIMUMF13:.*]] = arith.minimumf %[[ABSF10]], %[[ABSF11]] : bf16
// CHECK-NEXT: %[[DIVF14:.*]] = arith.divf %[[MINIMUMF13]], %[[MAXIMUMF12]] : bf16
// CHECK-NEXT: %[[MULF15:.*]] = arith.mulf %[[DIVF14]], %[[DIVF14]] : bf16
// CHECK-NEXT: %[[ADDF16:.*]] = arith.addf %[[MULF15]], %[[CONSTANT9]] : bf16
// CHECK-NEXT: %[[SQRT17:.*]] = math.sqrt %[[ADDF16]] : bf16
// CHECK-NEXT: %[[MULF18:.*]] = arith.mulf %[[MAXIMUMF12]], %[[SQRT17]] : bf16
// CHECK-NEXT: %[[CMPF19:.*]] = arith.cmpf uno, %[[MULF18]], %[[MULF18]] : bf16
// CHECK-NEXT: %[[SELECT20:.*]] = arith.select %[[CMPF19]], %[[MINIMUMF13]], %[[MULF18]] : bf16
// CHECK-NEXT: %[[DIVF21:.*]] = arith.divf %[[RE1]], %[[SELECT20]] : bf16
// CHECK-NEXT: %[[DIVF22:.*]] = arith.divf %[[IM2]], %[[SELECT20]] : bf16
// CHECK-NEXT: %[[CREATE23:.*]] = complex.create %[[DIVF21]], %[[DIVF22]] : complex<bf16>
// CHECK-NEXT: %[[SELECT24:.*]] = arith.select %[[ANDI6]], %[[ARG]], %[[CREATE23]] : complex<bf16>
// CHECK-NEXT: return %[[SELECT24]] : complex<bf16>
func.func @sign(%x: complex<bf16>) -> complex<bf16> {
  %r = complex.sign %x : complex<bf16>
  return %r : complex<bf16>
}

