// RUN: pyopt %s --convert-math-to-llvm | filecheck %s

// 1-D vectors (fixed or scalable) map to LLVM vectors directly; n-D vectors are arrays of
// 1-D vectors after conversion, and each 1-D slice gets its own op. 0-D vectors are
// vector<1xT>.
func.func @one_d(%v: vector<4xf32>, %s: vector<[2]xf64>) {
  %0 = math.sqrt %v fastmath<fast> : vector<4xf32>
  %1 = math.exp %s : vector<[2]xf64>
  return
}

func.func @n_d(%a: vector<2x3xf32>, %b: vector<2x2x[4]xi32>) -> vector<2x3xf32> {
  %0 = math.fma %a, %a, %a : vector<2x3xf32>
  %1 = math.ctpop %b : vector<2x2x[4]xi32>
  %2 = math.cttz %b : vector<2x2x[4]xi32>
  return %0 : vector<2x3xf32>
}

func.func @zero_d(%z: vector<f16>) -> vector<f16> {
  %0 = math.floor %z : vector<f16>
  return %0 : vector<f16>
}

// CHECK-LABEL: func.func @one_d(%arg0: vector<4xf32>, %arg1: vector<[2]xf64>) {
// CHECK-NEXT: %0 = llvm.intr.sqrt(%arg0)  {fastmathFlags = #llvm.fastmath<fast>} : (vector<4xf32>) -> vector<4xf32>
// CHECK-NEXT: %1 = llvm.intr.exp(%arg1)  : (vector<[2]xf64>) -> vector<[2]xf64>
// CHECK-NEXT: return
// CHECK-LABEL: func.func @n_d(%arg0: vector<2x3xf32>, %arg1: vector<2x2x[4]xi32>) -> vector<2x3xf32> {
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg1 : vector<2x2x[4]xi32> to !llvm.array<2 x array<2 x vector<[4]xi32>>>
// CHECK-NEXT: %1 = builtin.unrealized_conversion_cast %arg0 : vector<2x3xf32> to !llvm.array<2 x vector<3xf32>>
// CHECK-NEXT: %2 = llvm.mlir.undef : !llvm.array<2 x vector<3xf32>>
// CHECK-NEXT: %3 = llvm.extractvalue %1[0] : !llvm.array<2 x vector<3xf32>>
// CHECK-NEXT: %4 = llvm.extractvalue %1[0] : !llvm.array<2 x vector<3xf32>>
// CHECK-NEXT: %5 = llvm.extractvalue %1[0] : !llvm.array<2 x vector<3xf32>>
// CHECK-NEXT: %6 = llvm.intr.fma(%3, %4, %5)  : (vector<3xf32>, vector<3xf32>, vector<3xf32>) -> vector<3xf32>
// CHECK-NEXT: %7 = llvm.insertvalue %6, %2[0] : !llvm.array<2 x vector<3xf32>>
// CHECK-NEXT: %8 = llvm.extractvalue %1[1] : !llvm.array<2 x vector<3xf32>>
// CHECK-NEXT: %9 = llvm.extractvalue %1[1] : !llvm.array<2 x vector<3xf32>>
// CHECK-NEXT: %10 = llvm.extractvalue %1[1] : !llvm.array<2 x vector<3xf32>>
// CHECK-NEXT: %11 = llvm.intr.fma(%8, %9, %10)  : (vector<3xf32>, vector<3xf32>, vector<3xf32>) -> vector<3xf32>
// CHECK-NEXT: %12 = llvm.insertvalue %11, %7[1] : !llvm.array<2 x vector<3xf32>>
// CHECK-NEXT: %13 = builtin.unrealized_conversion_cast %12 : !llvm.array<2 x vector<3xf32>> to vector<2x3xf32>
// CHECK-NEXT: %14 = llvm.mlir.undef : !llvm.array<2 x array<2 x vector<[4]xi32>>>
// CHECK-NEXT: %15 = llvm.extractvalue %0[0, 0] : !llvm.array<2 x array<2 x vector<[4]xi32>>>
// CHECK-NEXT: %16 = llvm.intr.ctpop(%15)  : (vector<[4]xi32>) -> vector<[4]xi32>
// CHECK-NEXT: %17 = llvm.insertvalue %16, %14[0, 0] : !llvm.array<2 x array<2 x vector<[4]xi32>>>
// CHECK-NEXT: %18 = llvm.extractvalue %0[0, 1] : !llvm.array<2 x array<2 x vector<[4]xi32>>>
// CHECK-NEXT: %19 = llvm.intr.ctpop(%18)  : (vector<[4]xi32>) -> vector<[4]xi32>
// CHECK-NEXT: %20 = llvm.insertvalue %19, %17[0, 1] : !llvm.array<2 x array<2 x vector<[4]xi32>>>
// CHECK-NEXT: %21 = llvm.extractvalue %0[1, 0] : !llvm.array<2 x array<2 x vector<[4]xi32>>>
// CHECK-NEXT: %22 = llvm.intr.ctpop(%21)  : (vector<[4]xi32>) -> vector<[4]xi32>
// CHECK-NEXT: %23 = llvm.insertvalue %22, %20[1, 0] : !llvm.array<2 x array<2 x vector<[4]xi32>>>
// CHECK-NEXT: %24 = llvm.extractvalue %0[1, 1] : !llvm.array<2 x array<2 x vector<[4]xi32>>>
// CHECK-NEXT: %25 = llvm.intr.ctpop(%24)  : (vector<[4]xi32>) -> vector<[4]xi32>
// CHECK-NEXT: %26 = llvm.insertvalue %25, %23[1, 1] : !llvm.array<2 x array<2 x vector<[4]xi32>>>
// CHECK-NEXT: %27 = llvm.mlir.undef : !llvm.array<2 x array<2 x vector<[4]xi32>>>
// CHECK-NEXT: %28 = llvm.extractvalue %0[0, 0] : !llvm.array<2 x array<2 x vector<[4]xi32>>>
// CHECK-NEXT: %29 = "llvm.intr.cttz"(%28) <{is_zero_poison = false}> : (vector<[4]xi32>) -> vector<[4]xi32>
// CHECK-NEXT: %30 = llvm.insertvalue %29, %27[0, 0] : !llvm.array<2 x array<2 x vector<[4]xi32>>>
// CHECK-NEXT: %31 = llvm.extractvalue %0[0, 1] : !llvm.array<2 x array<2 x vector<[4]xi32>>>
// CHECK-NEXT: %32 = "llvm.intr.cttz"(%31) <{is_zero_poison = false}> : (vector<[4]xi32>) -> vector<[4]xi32>
// CHECK-NEXT: %33 = llvm.insertvalue %32, %30[0, 1] : !llvm.array<2 x array<2 x vector<[4]xi32>>>
// CHECK-NEXT: %34 = llvm.extractvalue %0[1, 0] : !llvm.array<2 x array<2 x vector<[4]xi32>>>
// CHECK-NEXT: %35 = "llvm.intr.cttz"(%34) <{is_zero_poison = false}> : (vector<[4]xi32>) -> vector<[4]xi32>
// CHECK-NEXT: %36 = llvm.insertvalue %35, %33[1, 0] : !llvm.array<2 x array<2 x vector<[4]xi32>>>
// CHECK-NEXT: %37 = llvm.extractvalue %0[1, 1] : !llvm.array<2 x array<2 x vector<[4]xi32>>>
// CHECK-NEXT: %38 = "llvm.intr.cttz"(%37) <{is_zero_poison = false}> : (vector<[4]xi32>) -> vector<[4]xi32>
// CHECK-NEXT: %39 = llvm.insertvalue %38, %36[1, 1] : !llvm.array<2 x array<2 x vector<[4]xi32>>>
// CHECK-NEXT: return %13 : vector<2x3xf32>
// CHECK-LABEL: func.func @zero_d(%arg0: vector<f16>) -> vector<f16> {
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg0 : vector<f16> to vector<1xf16>
// CHECK-NEXT: %1 = llvm.intr.floor(%0)  : (vector<1xf16>) -> vector<1xf16>
// CHECK-NEXT: %2 = builtin.unrealized_conversion_cast %1 : vector<1xf16> to vector<f16>
// CHECK-NEXT: return %2 : vector<f16>
