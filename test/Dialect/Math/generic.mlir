// RUN: pyopt %s --mlir-print-op-generic | filecheck %s

// The fastmath property is always printed in generic form, `none` included.
// CHECK: "math.sin"(%{{.*}}) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// CHECK: "math.powf"(%{{.*}}, %{{.*}}) <{fastmath = #arith.fastmath<fast>}> : (f32, f32) -> f32
// CHECK: "math.ctpop"(%{{.*}}) : (i32) -> i32
// CHECK: "math.fpowi"(%{{.*}}, %{{.*}}) <{fastmath = #arith.fastmath<arcp>}> : (f32, i32) -> f32
func.func @generic(%f: f32, %i: i32) {
  %0 = math.sin %f : f32
  %1 = math.powf %f, %f fastmath<fast> : f32
  %2 = math.ctpop %i : i32
  %3 = math.fpowi %f, %i fastmath<arcp> : f32, i32
  return
}
