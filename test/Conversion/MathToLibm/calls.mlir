// RUN: pyopt %s --convert-math-to-libm --split-input-file | filecheck %s

// f32 ops call the `f`-suffixed function, f64 ops the plain one. Each declaration is added
// once, at the top of the module, so the last one needed comes first.

// CHECK-LABEL: module {
// CHECK-NEXT: func.func private @fma(f64, f64, f64) -> f64 attributes {llvm.readnone}
// CHECK-NEXT: func.func private @atan2f(f32, f32) -> f32 attributes {llvm.readnone}
// CHECK-NEXT: func.func private @tanh(f64) -> f64 attributes {llvm.readnone}
// CHECK-NEXT: func.func private @tanhf(f32) -> f32 attributes {llvm.readnone}
// CHECK-NEXT: func.func @scalars(%[[F:.*]]: f32, %[[D:.*]]: f64)
// CHECK-NEXT: %[[A:.*]] = call @tanhf(%[[F]]) : (f32) -> f32
// CHECK-NEXT: %[[B:.*]] = call @tanh(%[[D]]) : (f64) -> f64
// CHECK-NEXT: %[[C:.*]] = call @atan2f(%[[F]], %[[F]]) : (f32, f32) -> f32
// CHECK-NEXT: %[[E:.*]] = call @fma(%[[D]], %[[D]], %[[D]]) : (f64, f64, f64) -> f64
// CHECK-NEXT: %[[G:.*]] = call @tanhf(%[[F]]) : (f32) -> f32
// CHECK-NEXT: return %[[A]], %[[B]], %[[C]], %[[E]], %[[G]]
func.func @scalars(%f: f32, %d: f64) -> (f32, f64, f32, f64, f32) {
  %a = math.tanh %f : f32
  %b = math.tanh %d : f64
  %c = math.atan2 %f, %f : f32
  %e = math.fma %d, %d, %d : f64
  %g = math.tanh %f fastmath<fast> : f32
  return %a, %b, %c, %e, %g : f32, f64, f32, f64, f32
}

// -----

// Half-precision ops run in f32: every operand is extended on its own, the call's result
// truncated back.

// CHECK: func.func private @roundevenf(f32) -> f32 attributes {llvm.readnone}
// CHECK-NEXT: func.func private @powf(f32, f32) -> f32 attributes {llvm.readnone}
// CHECK-LABEL: func.func @halves
// CHECK-SAME: (%[[H:.*]]: f16, %[[B:.*]]: bf16)
// CHECK-NEXT: %[[H1:.*]] = arith.extf %[[H]] : f16 to f32
// CHECK-NEXT: %[[H2:.*]] = arith.extf %[[H]] : f16 to f32
// CHECK-NEXT: %[[P:.*]] = call @powf(%[[H1]], %[[H2]]) : (f32, f32) -> f32
// CHECK-NEXT: %[[PT:.*]] = arith.truncf %[[P]] : f32 to f16
// CHECK-NEXT: %[[B1:.*]] = arith.extf %[[B]] : bf16 to f32
// CHECK-NEXT: %[[R:.*]] = call @roundevenf(%[[B1]]) : (f32) -> f32
// CHECK-NEXT: %[[RT:.*]] = arith.truncf %[[R]] : f32 to bf16
// CHECK-NEXT: return %[[PT]], %[[RT]] : f16, bf16
func.func @halves(%h: f16, %b: bf16) -> (f16, bf16) {
  %x = math.powf %h, %h : f16
  %y = math.roundeven %b : bf16
  return %x, %y : f16, bf16
}

// -----

// Vectors are unrolled in row-major order into a zero splat.

// CHECK: func.func private @cbrt(f64) -> f64 attributes {llvm.readnone}
// CHECK-LABEL: func.func @vector
// CHECK-SAME: (%[[V:.*]]: vector<2x2xf64>)
// CHECK-NEXT: %[[Z:.*]] = arith.constant dense<0.000000e+00> : vector<2x2xf64>
// CHECK-NEXT: %[[E0:.*]] = vector.extract %[[V]][0, 0] : f64 from vector<2x2xf64>
// CHECK-NEXT: %[[C0:.*]] = call @cbrt(%[[E0]]) : (f64) -> f64
// CHECK-NEXT: %[[I0:.*]] = vector.insert %[[C0]], %[[Z]] [0, 0] : f64 into vector<2x2xf64>
// CHECK-NEXT: %[[E1:.*]] = vector.extract %[[V]][0, 1] : f64 from vector<2x2xf64>
// CHECK-NEXT: %[[C1:.*]] = call @cbrt(%[[E1]]) : (f64) -> f64
// CHECK-NEXT: %[[I1:.*]] = vector.insert %[[C1]], %[[I0]] [0, 1] : f64 into vector<2x2xf64>
// CHECK-NEXT: %[[E2:.*]] = vector.extract %[[V]][1, 0] : f64 from vector<2x2xf64>
// CHECK-NEXT: %[[C2:.*]] = call @cbrt(%[[E2]]) : (f64) -> f64
// CHECK-NEXT: %[[I2:.*]] = vector.insert %[[C2]], %[[I1]] [1, 0] : f64 into vector<2x2xf64>
// CHECK-NEXT: %[[E3:.*]] = vector.extract %[[V]][1, 1] : f64 from vector<2x2xf64>
// CHECK-NEXT: %[[C3:.*]] = call @cbrt(%[[E3]]) : (f64) -> f64
// CHECK-NEXT: %[[I3:.*]] = vector.insert %[[C3]], %[[I2]] [1, 1] : f64 into vector<2x2xf64>
// CHECK-NEXT: return %[[I3]] : vector<2x2xf64>
func.func @vector(%v: vector<2x2xf64>) -> vector<2x2xf64> {
  %r = math.cbrt %v : vector<2x2xf64>
  return %r : vector<2x2xf64>
}

// -----

// A bf16 vector is unrolled first, then each element is widened.

// CHECK-LABEL: func.func @bf16_vector
// CHECK: %[[E:.*]] = vector.extract %{{.*}}[0] : bf16 from vector<1xbf16>
// CHECK-NEXT: %[[W:.*]] = arith.extf %[[E]] : bf16 to f32
// CHECK-NEXT: %[[C:.*]] = call @floorf(%[[W]]) : (f32) -> f32
// CHECK-NEXT: %[[T:.*]] = arith.truncf %[[C]] : f32 to bf16
// CHECK-NEXT: vector.insert %[[T]], %{{.*}} [0] : bf16 into vector<1xbf16>
func.func @bf16_vector(%v: vector<1xbf16>) -> vector<1xbf16> {
  %r = math.floor %v : vector<1xbf16>
  return %r : vector<1xbf16>
}

// -----

// An existing symbol of that name is called as it is; no second declaration.

// CHECK: func.func private @expm1f(f32) -> f32 attributes {my.attr}
// CHECK-NOT: func.func private @expm1f
// CHECK: call @expm1f(%{{.*}}) : (f32) -> f32
func.func private @expm1f(f32) -> f32 attributes {my.attr}
func.func @reuse(%f: f32) -> f32 {
  %r = math.expm1 %f : f32
  return %r : f32
}

// -----

// Declarations go into the closest symbol table around the op.

// CHECK: module @outer {
// CHECK-NEXT: module @inner {
// CHECK-NEXT: func.func private @log10(f64) -> f64 attributes {llvm.readnone}
// CHECK-NEXT: func.func @nested
module @outer {
  module @inner {
    func.func @nested(%d: f64) -> f64 {
      %r = math.log10 %d : f64
      return %r : f64
    }
  }
}
