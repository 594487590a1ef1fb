// RUN: pyopt %s --convert-math-to-llvm | filecheck %s
// RUN: pyopt %s --convert-math-to-llvm=approximate-log1p=false | filecheck %s --check-prefix=EXACT

// expm1, log1p and rsqrt have no intrinsic: they are exp(x) - 1, log(1 + x) and 1 / sqrt(x),
// the constant 1 splatted for vectors (per 1-D slice for n-D ones); both new ops carry the
// fastmath flags and attributes.
func.func @scalar(%x: f32, %h: bf16) {
  %0 = math.expm1 %x fastmath<nnan> : f32
  %1 = math.log1p %x {tag} : f32
  %2 = math.rsqrt %h fastmath<afn,arcp> : bf16
  return
}

func.func @vector(%v: vector<3xf64>, %s: vector<[4]xf32>, %n: vector<2x2xf32>) {
  %0 = math.expm1 %v : vector<3xf64>
  %1 = math.log1p %s fastmath<contract> : vector<[4]xf32>
  %2 = math.rsqrt %n : vector<2x2xf32>
  return
}

// CHECK-LABEL: func.func @scalar(%arg0: f32, %arg1: bf16) {
// CHECK-NEXT: %0 = llvm.mlir.constant(1.000000e+00 : f32) : f32
// CHECK-NEXT: %1 = llvm.intr.exp(%arg0)  {fastmathFlags = #llvm.fastmath<nnan>} : (f32) -> f32
// CHECK-NEXT: %2 = llvm.fsub %1, %0  {fastmathFlags = #llvm.fastmath<nnan>} : f32
// CHECK-NEXT: %3 = llvm.mlir.constant(1.000000e+00 : f32) : f32
// CHECK-NEXT: %4 = llvm.fadd %3, %arg0  {tag} : f32
// CHECK-NEXT: %5 = llvm.intr.log(%4)  {tag} : (f32) -> f32
// CHECK-NEXT: %6 = llvm.mlir.constant(1.000000e+00 : bf16) : bf16
// CHECK-NEXT: %7 = llvm.intr.sqrt(%arg1)  {fastmathFlags = #llvm.fastmath<arcp, afn>} : (bf16) -> bf16
// CHECK-NEXT: %8 = llvm.fdiv %6, %7  {fastmathFlags = #llvm.fastmath<arcp, afn>} : bf16
// CHECK-NEXT: return
// CHECK-LABEL: func.func @vector(%arg0: vector<3xf64>, %arg1: vector<[4]xf32>, %arg2: vector<2x2xf32>) {
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg2 : vector<2x2xf32> to !llvm.array<2 x vector<2xf32>>
// CHECK-NEXT: %1 = llvm.mlir.constant(dense<1.000000e+00> : vector<3xf64>) : vector<3xf64>
// CHECK-NEXT: %2 = llvm.intr.exp(%arg0)  : (vector<3xf64>) -> vector<3xf64>
// CHECK-NEXT: %3 = llvm.fsub %2, %1  : vector<3xf64>
// CHECK-NEXT: %4 = llvm.mlir.constant(dense<1.000000e+00> : vector<[4]xf32>) : vector<[4]xf32>
// CHECK-NEXT: %5 = llvm.fadd %4, %arg1  {fastmathFlags = #llvm.fastmath<contract>} : vector<[4]xf32>
// CHECK-NEXT: %6 = llvm.intr.log(%5)  {fastmathFlags = #llvm.fastmath<contract>} : (vector<[4]xf32>) -> vector<[4]xf32>
// CHECK-NEXT: %7 = llvm.mlir.undef : !llvm.array<2 x vector<2xf32>>
// CHECK-NEXT: %8 = llvm.extractvalue %0[0] : !llvm.array<2 x vector<2xf32>>
// CHECK-NEXT: %9 = llvm.mlir.constant(dense<1.000000e+00> : vector<2xf32>) : vector<2xf32>
// CHECK-NEXT: %10 = llvm.intr.sqrt(%8)  : (vector<2xf32>) -> vector<2xf32>
// CHECK-NEXT: %11 = llvm.fdiv %9, %10  : vector<2xf32>
// CHECK-NEXT: %12 = llvm.insertvalue %11, %7[0] : !llvm.array<2 x vector<2xf32>>
// CHECK-NEXT: %13 = llvm.extractvalue %0[1] : !llvm.array<2 x vector<2xf32>>
// CHECK-NEXT: %14 = llvm.mlir.constant(dense<1.000000e+00> : vector<2xf32>) : vector<2xf32>
// CHECK-NEXT: %15 = llvm.intr.sqrt(%13)  : (vector<2xf32>) -> vector<2xf32>
// CHECK-NEXT: %16 = llvm.fdiv %14, %15  : vector<2xf32>
// CHECK-NEXT: %17 = llvm.insertvalue %16, %12[1] : !llvm.array<2 x vector<2xf32>>
// CHECK-NEXT: return

// Without the approximation, log1p is left for another lowering (e.g. to libm).
// EXACT-LABEL: func.func @scalar
// EXACT: %3 = math.log1p %arg0 {tag} : f32
// EXACT: %4 = math.log1p %arg1 fastmath<contract> : vector<[4]xf32>
