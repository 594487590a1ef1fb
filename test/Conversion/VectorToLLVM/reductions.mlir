// RUN: pyopt %s --convert-vector-to-llvm | filecheck %s
// Integer reductions combine the accumulator after the intrinsic; fp add/mul take it
// as the start value; fp min/max combine it with the matching scalar intrinsic.
func.func @f(%a: vector<4xi32>, %s: i32, %f: vector<4xf32>, %t: f32) -> (i32, i32, i32, f32, f32, f32, f32, index) {
  %0 = vector.reduction <add>, %a, %s : vector<4xi32> into i32
  %1 = vector.reduction <minsi>, %a, %s : vector<4xi32> into i32
  %2 = vector.reduction <xor>, %a : vector<4xi32> into i32
  %3 = vector.reduction <maxnumf>, %f, %t : vector<4xf32> into f32
  %4 = vector.reduction <minimumf>, %f : vector<4xf32> into f32
  %5 = vector.reduction <mul>, %f : vector<4xf32> into f32
  %6 = vector.reduction <maximumf>, %f, %t fastmath<nnan> : vector<4xf32> into f32
  %v = vector.vscale
  return %0, %1, %2, %3, %4, %5, %6, %v : i32, i32, i32, f32, f32, f32, f32, index
}

// CHECK-LABEL: func.func @f
// CHECK: %0 = "llvm.intr.vector.reduce.add"(%arg0) : (vector<4xi32>) -> i32
// CHECK: %1 = llvm.add %arg1, %0 : i32
// CHECK: %2 = "llvm.intr.vector.reduce.smin"(%arg0) : (vector<4xi32>) -> i32
// CHECK: %3 = llvm.icmp "sle" %arg1, %2 : i32
// CHECK: %4 = llvm.select %3, %arg1, %2 : i1, i32
// CHECK: %5 = "llvm.intr.vector.reduce.xor"(%arg0) : (vector<4xi32>) -> i32
// CHECK: %6 = llvm.intr.vector.reduce.fmax(%arg2)  : (vector<4xf32>) -> f32
// CHECK: %7 = llvm.intr.maxnum(%6, %arg3)  : (f32, f32) -> f32
// CHECK: %8 = llvm.intr.vector.reduce.fminimum(%arg2)  : (vector<4xf32>) -> f32
// CHECK: %9 = llvm.mlir.constant(1.000000e+00 : f32) : f32
// CHECK: %10 = "llvm.intr.vector.reduce.fmul"(%9, %arg2) <{fastmathFlags = #llvm.fastmath<none>}> : (f32, vector<4xf32>) -> f32
// CHECK: %11 = llvm.intr.vector.reduce.fmaximum(%arg2)  {fastmathFlags = #llvm.fastmath<nnan>} : (vector<4xf32>) -> f32
// CHECK: %12 = llvm.intr.maximum(%11, %arg3)  : (f32, f32) -> f32
// CHECK: %13 = "llvm.intr.vscale"() : () -> i64
// CHECK: %14 = builtin.unrealized_conversion_cast %13 : i64 to index
