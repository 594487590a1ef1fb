// RUN: pyopt %s --convert-arith-to-llvm | filecheck %s

// Constants keep their attribute as the value of llvm.mlir.constant, typed with the converted
// type (n-D vectors become arrays of 1-D vectors, f8 types integers). Tensor constants have no
// LLVM type and stay.
func.func @constants() {
  %0 = arith.constant 42 : i32
  %1 = arith.constant -7 : index
  %2 = arith.constant 2.5 : f32
  %3 = arith.constant 0x7C00 : f16
  %4 = arith.constant 1.0 : bf16
  %5 = arith.constant 0.5 : f8E5M2
  %6 = arith.constant dense<[1, 2, 3]> : vector<3xi64>
  %7 = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : vector<2x2xf32>
  %8 = arith.constant dense<0> : vector<2x3x4xi8>
  %9 = arith.constant dense<true> : vector<[8]xi1>
  %10 = arith.constant dense<[0, 1]> : vector<2xindex>
  %11 = arith.constant dense<1.0> : tensor<4xf32>
  %12 = arith.constant {source = "user"} true
  return
}

// Comparison predicates share their numbering with llvm.icmp/llvm.fcmp.
func.func @compares(%a: i8, %b: i8, %x: f32, %y: f32) {
  %0 = arith.cmpi eq, %a, %b : i8
  %1 = arith.cmpi ne, %a, %b : i8
  %2 = arith.cmpi slt, %a, %b : i8
  %3 = arith.cmpi sle, %a, %b : i8
  %4 = arith.cmpi sgt, %a, %b : i8
  %5 = arith.cmpi sge, %a, %b : i8
  %6 = arith.cmpi ult, %a, %b : i8
  %7 = arith.cmpi ule, %a, %b : i8
  %8 = arith.cmpi ugt, %a, %b : i8
  %9 = arith.cmpi uge, %a, %b {dropped} : i8
  %10 = arith.cmpf false, %x, %y : f32
  %11 = arith.cmpf oeq, %x, %y : f32
  %12 = arith.cmpf ogt, %x, %y fastmath<nnan> : f32
  %13 = arith.cmpf oge, %x, %y : f32
  %14 = arith.cmpf olt, %x, %y : f32
  %15 = arith.cmpf ole, %x, %y : f32
  %16 = arith.cmpf one, %x, %y : f32
  %17 = arith.cmpf ord, %x, %y : f32
  %18 = arith.cmpf ueq, %x, %y : f32
  %19 = arith.cmpf ugt, %x, %y : f32
  %20 = arith.cmpf uge, %x, %y : f32
  %21 = arith.cmpf ult, %x, %y : f32
  %22 = arith.cmpf ule, %x, %y : f32
  %23 = arith.cmpf une, %x, %y : f32
  %24 = arith.cmpf uno, %x, %y fastmath<fast> : f32
  %25 = arith.cmpf true, %x, %y : f32
  %26 = arith.select %0, %a, %b : i8
  %27 = arith.select %1, %x, %y {tag} : f32
  return
}

// CHECK-LABEL: func.func @constants() {
// CHECK-NEXT: %0 = llvm.mlir.constant(42 : i32) : i32
// CHECK-NEXT: %1 = llvm.mlir.constant(-7 : index) : i64
// CHECK-NEXT: %2 = llvm.mlir.constant(2.500000e+00 : f32) : f32
// CHECK-NEXT: %3 = llvm.mlir.constant(0x7C00 : f16) : f16
// CHECK-NEXT: %4 = llvm.mlir.constant(1.000000e+00 : bf16) : bf16
// CHECK-NEXT: %5 = llvm.mlir.constant(5.000000e-01 : f8E5M2) : i8
// CHECK-NEXT: %6 = llvm.mlir.constant(dense<[1, 2, 3]> : vector<3xi64>) : vector<3xi64>
// CHECK-NEXT: %7 = llvm.mlir.constant(dense<{{\[\[}}1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00{{\]\]}}> : vector<2x2xf32>) : !llvm.array<2 x vector<2xf32>>
// CHECK-NEXT: %8 = llvm.mlir.constant(dense<0> : vector<2x3x4xi8>) : !llvm.array<2 x array<3 x vector<4xi8>>>
// CHECK-NEXT: %9 = llvm.mlir.constant(dense<true> : vector<[8]xi1>) : vector<[8]xi1>
// CHECK-NEXT: %10 = llvm.mlir.constant(dense<[0, 1]> : vector<2xindex>) : vector<2xi64>
// CHECK-NEXT: %cst = arith.constant dense<1.000000e+00> : tensor<4xf32>
// CHECK-NEXT: %11 = llvm.mlir.constant(true) {source = "user"} : i1
// CHECK-NEXT: return
// CHECK-LABEL: func.func @compares(%arg0: i8, %arg1: i8, %arg2: f32, %arg3: f32) {
// CHECK-NEXT: %0 = llvm.icmp "eq" %arg0, %arg1 : i8
// CHECK-NEXT: %1 = llvm.icmp "ne" %arg0, %arg1 : i8
// CHECK-NEXT: %2 = llvm.icmp "slt" %arg0, %arg1 : i8
// CHECK-NEXT: %3 = llvm.icmp "sle" %arg0, %arg1 : i8
// CHECK-NEXT: %4 = llvm.icmp "sgt" %arg0, %arg1 : i8
// CHECK-NEXT: %5 = llvm.icmp "sge" %arg0, %arg1 : i8
// CHECK-NEXT: %6 = llvm.icmp "ult" %arg0, %arg1 : i8
// CHECK-NEXT: %7 = llvm.icmp "ule" %arg0, %arg1 : i8
// CHECK-NEXT: %8 = llvm.icmp "ugt" %arg0, %arg1 : i8
// CHECK-NEXT: %9 = llvm.icmp "uge" %arg0, %arg1 : i8
// CHECK-NEXT: %10 = llvm.fcmp "_false" %arg2, %arg3 : f32
// CHECK-NEXT: %11 = llvm.fcmp "oeq" %arg2, %arg3 : f32
// CHECK-NEXT: %12 = llvm.fcmp "ogt" %arg2, %arg3 {fastmathFlags = #llvm.fastmath<nnan>} : f32
// CHECK-NEXT: %13 = llvm.fcmp "oge" %arg2, %arg3 : f32
// CHECK-NEXT: %14 = llvm.fcmp "olt" %arg2, %arg3 : f32
// CHECK-NEXT: %15 = llvm.fcmp "ole" %arg2, %arg3 : f32
// CHECK-NEXT: %16 = llvm.fcmp "one" %arg2, %arg3 : f32
// CHECK-NEXT: %17 = llvm.fcmp "ord" %arg2, %arg3 : f32
// CHECK-NEXT: %18 = llvm.fcmp "ueq" %arg2, %arg3 : f32
// CHECK-NEXT: %19 = llvm.fcmp "ugt" %arg2, %arg3 : f32
// CHECK-NEXT: %20 = llvm.fcmp "uge" %arg2, %arg3 : f32
// CHECK-NEXT: %21 = llvm.fcmp "ult" %arg2, %arg3 : f32
// CHECK-NEXT: %22 = llvm.fcmp "ule" %arg2, %arg3 : f32
// CHECK-NEXT: %23 = llvm.fcmp "une" %arg2, %arg3 : f32
// CHECK-NEXT: %24 = llvm.fcmp "uno" %arg2, %arg3 {fastmathFlags = #llvm.fastmath<fast>} : f32
// CHECK-NEXT: %25 = llvm.fcmp "_true" %arg2, %arg3 : f32
// CHECK-NEXT: %26 = llvm.select %1, %arg2, %arg3 {tag} : i1, f32
// CHECK-NEXT: return
