// RUN: pyopt %s -math-legalize-to-f32 | filecheck %s

// Math on floats narrower than 32 bits runs on f32 between extf/truncf (fastmath<contract>);
// math.fma and wider types stay as they are.
func.func @v(%b: vector<2xbf16>, %c: f8E4M3FN, %d: tensor<3xf16>, %e: f64, %n: i32) -> (vector<2xbf16>, f8E4M3FN, tensor<3xf16>, f64, f16) {
  %1 = math.exp %b fastmath<nnan> : vector<2xbf16>
  %2 = math.absf %c : f8E4M3FN
  %3 = math.tanh %d : tensor<3xf16>
  %4 = math.fma %b, %b, %b : vector<2xbf16>
  %5 = math.sqrt %e : f64
  %h = arith.constant 1.5 : f16
  %6 = math.fpowi %h, %n : f16, i32
  %7 = math.atan2 %6, %6 : f16
  return %1, %2, %3, %5, %7 : vector<2xbf16>, f8E4M3FN, tensor<3xf16>, f64, f16
}

// CHECK-LABEL: func.func @v
// CHECK-SAME: (%[[B:.*]]: vector<2xbf16>, %[[C:.*]]: f8E4M3FN, %[[D:.*]]: tensor<3xf16>, %[[E:.*]]: f64, %[[N:.*]]: i32)
// CHECK-DAG: %[[DX:.*]] = arith.extf %[[D]] fastmath<contract> : tensor<3xf16> to tensor<3xf32>
// CHECK-DAG: %[[CX:.*]] = arith.extf %[[C]] fastmath<contract> : f8E4M3FN to f32
// CHECK-DAG: %[[BX:.*]] = arith.extf %[[B]] fastmath<contract> : vector<2xbf16> to vector<2xf32>
// CHECK: %[[EXP:.*]] = math.exp %[[BX]] fastmath<nnan> : vector<2xf32>
// CHECK: arith.truncf %[[EXP]] fastmath<contract> : vector<2xf32> to vector<2xbf16>
// CHECK: math.absf %[[CX]] : f32
// CHECK: math.tanh %[[DX]] : tensor<3xf32>
// CHECK: math.fma %[[B]], %[[B]], %[[B]] : vector<2xbf16>
// CHECK: math.sqrt %[[E]] : f64
// CHECK: %[[P:.*]] = math.fpowi %{{.*}}, %[[N]] : f32, i32
// CHECK: %[[PT:.*]] = arith.truncf %[[P]] fastmath<contract> : f32 to f16
// CHECK: %[[PX:.*]] = arith.extf %[[PT]] fastmath<contract> : f16 to f32
// CHECK: math.atan2 %[[PX]], %[[PX]] : f32
