// RUN: pyopt %s --mlir-print-op-generic | filecheck %s

// Default-valued flags are stored (and printed in generic form); enums are integers there.
// CHECK-LABEL: "func.func"
func.func @generic(%a: i32, %f: f32, %d: f64) {
  // CHECK: "arith.addi"(%{{.*}}, %{{.*}}) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  %0 = arith.addi %a, %a : i32
  // CHECK: "arith.addi"(%{{.*}}, %{{.*}}) <{overflowFlags = #arith.overflow<nsw, nuw>}> : (i32, i32) -> i32
  %1 = arith.addi %a, %a overflow<nsw, nuw> : i32
  // CHECK: "arith.addf"(%{{.*}}, %{{.*}}) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
  %2 = arith.addf %f, %f : f32
  // CHECK: "arith.mulf"(%{{.*}}, %{{.*}}) <{fastmath = #arith.fastmath<nnan,contract>}> : (f32, f32) -> f32
  %3 = arith.mulf %f, %f fastmath<contract,nnan> : f32
  // CHECK: "arith.cmpi"(%{{.*}}, %{{.*}}) <{predicate = 2 : i64}> : (i32, i32) -> i1
  %4 = arith.cmpi slt, %a, %a : i32
  // CHECK: "arith.cmpf"(%{{.*}}, %{{.*}}) <{fastmath = #arith.fastmath<none>, predicate = 15 : i64}> : (f32, f32) -> i1
  %5 = arith.cmpf true, %f, %f : f32
  // Optional attributes stay absent.
  // CHECK: "arith.truncf"(%{{.*}}) : (f64) -> f32
  %6 = arith.truncf %d : f64 to f32
  // CHECK: "arith.truncf"(%{{.*}}) <{roundingmode = 2 : i32}> : (f64) -> f32
  %7 = arith.truncf %d upward : f64 to f32
  // CHECK: "arith.constant"() <{value = 42 : i32}> : () -> i32
  %8 = arith.constant 42 : i32
  // CHECK: "arith.addui_extended"(%{{.*}}, %{{.*}}) : (i32, i32) -> (i32, i1)
  %9:2 = arith.addui_extended %a, %a : i32, i1
  return
}

// The generic form parses back into the custom one.
// CHECK-LABEL: "func.func"
func.func @from_generic(%a: i32, %f: f32) {
  // CHECK: <{fastmath = #arith.fastmath<fast>}>
  %0 = "arith.negf"(%f) {fastmath = #arith.fastmath<nnan,fast>} : (f32) -> f32
  // CHECK: <{predicate = 9 : i64}>
  %1 = "arith.cmpi"(%a, %a) {predicate = 9} : (i32, i32) -> i1
  return
}
