// RUN: pyopt %s --convert-math-to-funcs=min-width-of-fpowi-exponent=16 --split-input-file | filecheck %s
// RUN: pyopt %s --convert-math-to-funcs --split-input-file | filecheck %s --check-prefix=ALL

// Exponents narrower than the option's width stay math.fpowi; wider ones become calls.

// CHECK-LABEL: func.func @narrow_and_wide
// CHECK-SAME: (%[[F:.*]]: f32, %[[E8:.*]]: i8, %[[E64:.*]]: i64)
// CHECK-NEXT: %[[A:.*]] = math.fpowi %[[F]], %[[E8]] : f32, i8
// CHECK-NEXT: %[[B:.*]] = call @__mlir_math_fpowi_f32_i64(%[[F]], %[[E64]]) : (f32, i64) -> f32
// CHECK-NEXT: return %[[A]], %[[B]]
// CHECK-NOT: @__mlir_math_fpowi_f32_i8

// ALL-LABEL: func.func @narrow_and_wide
// ALL: call @__mlir_math_fpowi_f32_i8
// ALL: call @__mlir_math_fpowi_f32_i64
// ALL: func.func private @__mlir_math_fpowi_f32_i8
// ALL: func.func private @__mlir_math_fpowi_f32_i64

// The body: |p| by square-and-multiply (the minimum exponent runs with the maximum and one
// more multiplication by the base), then the reciprocal for negative exponents.
// CHECK-LABEL: func.func private @__mlir_math_fpowi_f32_i64
// CHECK-SAME: (%[[B:.*]]: f32, %[[P:.*]]: i64) -> f32 attributes {llvm.linkage = #llvm.linkage<linkonce_odr>}
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : i64
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : i64
// CHECK-NEXT: %[[MIN:.*]] = arith.constant -9223372036854775808 : i64
// CHECK-NEXT: %[[MAX:.*]] = arith.constant 9223372036854775807 : i64
// CHECK-NEXT: %[[PZ:.*]] = arith.cmpi eq, %[[P]], %[[C0]] : i64
// CHECK-NEXT: cf.cond_br %[[PZ]], ^bb1, ^bb2
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: return %[[ONE]] : f32
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: %[[NEG:.*]] = arith.cmpi sle, %[[P]], %[[C0]] : i64
// CHECK-NEXT: %[[ISMIN:.*]] = arith.cmpi eq, %[[P]], %[[MIN]] : i64
// CHECK-NEXT: %[[MINUS:.*]] = arith.subi %[[C0]], %[[P]] : i64
// CHECK-NEXT: %[[ABS:.*]] = arith.select %[[NEG]], %[[MINUS]], %[[P]] : i64
// CHECK-NEXT: %[[INIT:.*]] = arith.select %[[ISMIN]], %[[MAX]], %[[ABS]] : i64
// CHECK-NEXT: cf.br ^bb3(%[[ONE]], %[[B]], %[[INIT]] : f32, f32, i64)
// CHECK-NEXT: ^bb3(%[[RES:.*]]: f32, %[[BASE:.*]]: f32, %[[POW:.*]]: i64):
// CHECK-NEXT: %[[AND:.*]] = arith.andi %[[POW]], %[[C1]] : i64
// CHECK-NEXT: %[[ODD:.*]] = arith.cmpi ne, %[[AND]], %[[C0]] : i64
// CHECK-NEXT: cf.cond_br %[[ODD]], ^bb4, ^bb5(%[[RES]] : f32)
// CHECK-NEXT: ^bb4:
// CHECK-NEXT: %[[MUL:.*]] = arith.mulf %[[RES]], %[[BASE]] : f32
// CHECK-NEXT: cf.br ^bb5(%[[MUL]] : f32)
// CHECK-NEXT: ^bb5(%[[RES2:.*]]: f32):
// CHECK-NEXT: %[[HALF:.*]] = arith.shrui %[[POW]], %[[C1]] : i64
// CHECK-NEXT: %[[DONE:.*]] = arith.cmpi eq, %[[HALF]], %[[C0]] : i64
// CHECK-NEXT: cf.cond_br %[[DONE]], ^bb7(%[[RES2]] : f32), ^bb6
// CHECK-NEXT: ^bb6:
// CHECK-NEXT: %[[SQ:.*]] = arith.mulf %[[BASE]], %[[BASE]] : f32
// CHECK-NEXT: cf.br ^bb3(%[[RES2]], %[[SQ]], %[[HALF]] : f32, f32, i64)
// CHECK-NEXT: ^bb7(%[[LOOPED:.*]]: f32):
// CHECK-NEXT: cf.cond_br %[[ISMIN]], ^bb8, ^bb9(%[[LOOPED]] : f32)
// CHECK-NEXT: ^bb8:
// CHECK-NEXT: %[[EXTRA:.*]] = arith.mulf %[[LOOPED]], %[[B]] : f32
// CHECK-NEXT: cf.br ^bb9(%[[EXTRA]] : f32)
// CHECK-NEXT: ^bb9(%[[FIXED:.*]]: f32):
// CHECK-NEXT: cf.cond_br %[[NEG]], ^bb10, ^bb11(%[[FIXED]] : f32)
// CHECK-NEXT: ^bb10:
// CHECK-NEXT: %[[RECIP:.*]] = arith.divf %[[ONE]], %[[FIXED]] : f32
// CHECK-NEXT: cf.br ^bb11(%[[RECIP]] : f32)
// CHECK-NEXT: ^bb11(%[[OUT:.*]]: f32):
// CHECK-NEXT: return %[[OUT]] : f32
// CHECK-NEXT: }
func.func @narrow_and_wide(%f: f32, %e8: i8, %e64: i64) -> (f32, f32) {
  %a = math.fpowi %f, %e8 : f32, i8
  %b = math.fpowi %f, %e64 : f32, i64
  return %a, %b : f32, f32
}

// -----

// Functions are keyed by base and exponent type together; vector operands are unrolled
// (a float result starts from a 0.0 splat), narrow vector exponents are left alone.

// CHECK-LABEL: func.func @vectors
// CHECK-SAME: (%[[B:.*]]: vector<2xf16>, %[[E:.*]]: vector<2xi32>, %[[N:.*]]: vector<2xi8>)
// CHECK-NEXT: %[[Z:.*]] = arith.constant dense<0.000000e+00> : vector<2xf16>
// CHECK-NEXT: %[[B0:.*]] = vector.extract %[[B]][0] : f16 from vector<2xf16>
// CHECK-NEXT: %[[E0:.*]] = vector.extract %[[E]][0] : i32 from vector<2xi32>
// CHECK-NEXT: %[[C0:.*]] = call @__mlir_math_fpowi_f16_i32(%[[B0]], %[[E0]]) : (f16, i32) -> f16
// CHECK-NEXT: %[[V0:.*]] = vector.insert %[[C0]], %[[Z]] [0] : f16 into vector<2xf16>
// CHECK-NEXT: %[[B1:.*]] = vector.extract %[[B]][1] : f16 from vector<2xf16>
// CHECK-NEXT: %[[E1:.*]] = vector.extract %[[E]][1] : i32 from vector<2xi32>
// CHECK-NEXT: %[[C1:.*]] = call @__mlir_math_fpowi_f16_i32(%[[B1]], %[[E1]]) : (f16, i32) -> f16
// CHECK-NEXT: %[[V1:.*]] = vector.insert %[[C1]], %[[V0]] [1] : f16 into vector<2xf16>
// CHECK-NEXT: %[[KEPT:.*]] = math.fpowi %[[B]], %[[N]] : vector<2xf16>, vector<2xi8>
// CHECK-NEXT: return %[[V1]], %[[KEPT]]
// CHECK: func.func private @__mlir_math_fpowi_f16_i32(%{{.*}}: f16, %{{.*}}: i32) -> f16
// CHECK: %{{.*}} = arith.constant -2147483648 : i32
// CHECK: %{{.*}} = arith.constant 2147483647 : i32
func.func @vectors(%b: vector<2xf16>, %e: vector<2xi32>, %n: vector<2xi8>)
    -> (vector<2xf16>, vector<2xf16>) {
  %x = math.fpowi %b, %e : vector<2xf16>, vector<2xi32>
  %y = math.fpowi %b, %n : vector<2xf16>, vector<2xi8>
  return %x, %y : vector<2xf16>, vector<2xf16>
}
