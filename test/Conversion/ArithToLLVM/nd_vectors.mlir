// RUN: pyopt %s --convert-arith-to-llvm | filecheck %s

// An n-D vector converts to nested arrays of 1-D vectors; the op is applied to each 1-D slice,
// extracted from every operand and inserted into an undef result, in row-major order.
func.func @binary(%m: vector<2x3xf32>) -> vector<2x3xf32> {
  %0 = arith.subf %m, %m fastmath<ninf> : vector<2x3xf32>
  return %0 : vector<2x3xf32>
}

func.func @cast_and_compare(%m: vector<2x1x2xi32>, %n: vector<2x1x2xi32>) -> (vector<2x1x2xi64>, vector<2x1x2xi1>) {
  %0 = arith.extui %m : vector<2x1x2xi32> to vector<2x1x2xi64>
  %1 = arith.cmpi sge, %m, %n : vector<2x1x2xi32>
  return %0, %1 : vector<2x1x2xi64>, vector<2x1x2xi1>
}

func.func @select_and_index_cast(%c: vector<2x2xi1>, %s: i1, %a: vector<2x2xindex>, %b: vector<2x2xindex>) -> (vector<2x2xindex>, vector<2x2xindex>, vector<2x2xi8>) {
  %0 = arith.select %c, %a, %b : vector<2x2xi1>, vector<2x2xindex>
  %1 = arith.select %s, %a, %b : vector<2x2xindex>
  %2 = arith.index_castui %0 : vector<2x2xindex> to vector<2x2xi8>
  return %0, %1, %2 : vector<2x2xindex>, vector<2x2xindex>, vector<2x2xi8>
}

func.func @compare_floats(%x: vector<1x2xf64>) -> vector<1x2xi1> {
  %0 = arith.cmpf uno, %x, %x fastmath<nsz> : vector<1x2xf64>
  return %0 : vector<1x2xi1>
}

func.func @zero_d(%z: vector<f32>) -> vector<f32> {
  %0 = arith.addf %z, %z : vector<f32>
  return %0 : vector<f32>
}

// CHECK-LABEL: func.func @binary(%arg0: vector<2x3xf32>) -> vector<2x3xf32> {
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg0 : vector<2x3xf32> to !llvm.array<2 x vector<3xf32>>
// CHECK-NEXT: %1 = llvm.mlir.undef : !llvm.array<2 x vector<3xf32>>
// CHECK-NEXT: %2 = llvm.extractvalue %0[0] : !llvm.array<2 x vector<3xf32>>
// CHECK-NEXT: %3 = llvm.extractvalue %0[0] : !llvm.array<2 x vector<3xf32>>
// CHECK-NEXT: %4 = llvm.fsub %2, %3  {fastmathFlags = #llvm.fastmath<ninf>} : vector<3xf32>
// CHECK-NEXT: %5 = llvm.insertvalue %4, %1[0] : !llvm.array<2 x vector<3xf32>>
// CHECK-NEXT: %6 = llvm.extractvalue %0[1] : !llvm.array<2 x vector<3xf32>>
// CHECK-NEXT: %7 = llvm.extractvalue %0[1] : !llvm.array<2 x vector<3xf32>>
// CHECK-NEXT: %8 = llvm.fsub %6, %7  {fastmathFlags = #llvm.fastmath<ninf>} : vector<3xf32>
// CHECK-NEXT: %9 = llvm.insertvalue %8, %5[1] : !llvm.array<2 x vector<3xf32>>
// CHECK-NEXT: %10 = builtin.unrealized_conversion_cast %9 : !llvm.array<2 x vector<3xf32>> to vector<2x3xf32>
// CHECK-NEXT: return %10 : vector<2x3xf32>
// CHECK-LABEL: func.func @cast_and_compare(%arg0: vector<2x1x2xi32>, %arg1: vector<2x1x2xi32>) -> (vector<2x1x2xi64>, vector<2x1x2xi1>) {
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg1 : vector<2x1x2xi32> to !llvm.array<2 x array<1 x vector<2xi32>>>
// CHECK-NEXT: %1 = builtin.unrealized_conversion_cast %arg0 : vector<2x1x2xi32> to !llvm.array<2 x array<1 x vector<2xi32>>>
// CHECK-NEXT: %2 = llvm.mlir.undef : !llvm.array<2 x array<1 x vector<2xi64>>>
// CHECK-NEXT: %3 = llvm.extractvalue %1[0, 0] : !llvm.array<2 x array<1 x vector<2xi32>>>
// CHECK-NEXT: %4 = llvm.zext %3 : vector<2xi32> to vector<2xi64>
// CHECK-NEXT: %5 = llvm.insertvalue %4, %2[0, 0] : !llvm.array<2 x array<1 x vector<2xi64>>>
// CHECK-NEXT: %6 = llvm.extractvalue %1[1, 0] : !llvm.array<2 x array<1 x vector<2xi32>>>
// CHECK-NEXT: %7 = llvm.zext %6 : vector<2xi32> to vector<2xi64>
// CHECK-NEXT: %8 = llvm.insertvalue %7, %5[1, 0] : !llvm.array<2 x array<1 x vector<2xi64>>>
// CHECK-NEXT: %9 = builtin.unrealized_conversion_cast %8 : !llvm.array<2 x array<1 x vector<2xi64>>> to vector<2x1x2xi64>
// CHECK-NEXT: %10 = llvm.mlir.undef : !llvm.array<2 x array<1 x vector<2xi1>>>
// CHECK-NEXT: %11 = llvm.extractvalue %1[0, 0] : !llvm.array<2 x array<1 x vector<2xi32>>>
// CHECK-NEXT: %12 = llvm.extractvalue %0[0, 0] : !llvm.array<2 x array<1 x vector<2xi32>>>
// CHECK-NEXT: %13 = llvm.icmp "sge" %11, %12 : vector<2xi32>
// CHECK-NEXT: %14 = llvm.insertvalue %13, %10[0, 0] : !llvm.array<2 x array<1 x vector<2xi1>>>
// CHECK-NEXT: %15 = llvm.extractvalue %1[1, 0] : !llvm.array<2 x array<1 x vector<2xi32>>>
// CHECK-NEXT: %16 = llvm.extractvalue %0[1, 0] : !llvm.array<2 x array<1 x vector<2xi32>>>
// CHECK-NEXT: %17 = llvm.icmp "sge" %15, %16 : vector<2xi32>
// CHECK-NEXT: %18 = llvm.insertvalue %17, %14[1, 0] : !llvm.array<2 x array<1 x vector<2xi1>>>
// CHECK-NEXT: %19 = builtin.unrealized_conversion_cast %18 : !llvm.array<2 x array<1 x vector<2xi1>>> to vector<2x1x2xi1>
// CHECK-NEXT: return %9, %19 : vector<2x1x2xi64>, vector<2x1x2xi1>
// CHECK-LABEL: func.func @select_and_index_cast(%arg0: vector<2x2xi1>, %arg1: i1, %arg2: vector<2x2xindex>, %arg3: vector<2x2xindex>) -> (vector<2x2xindex>, vector<2x2xindex>, vector<2x2xi8>) {
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg3 : vector<2x2xindex> to !llvm.array<2 x vector<2xi64>>
// CHECK-NEXT: %1 = builtin.unrealized_conversion_cast %arg2 : vector<2x2xindex> to !llvm.array<2 x vector<2xi64>>
// CHECK-NEXT: %2 = builtin.unrealized_conversion_cast %arg0 : vector<2x2xi1> to !llvm.array<2 x vector<2xi1>>
// CHECK-NEXT: %3 = llvm.mlir.undef : !llvm.array<2 x vector<2xi64>>
// CHECK-NEXT: %4 = llvm.extractvalue %2[0] : !llvm.array<2 x vector<2xi1>>
// CHECK-NEXT: %5 = llvm.extractvalue %1[0] : !llvm.array<2 x vector<2xi64>>
// CHECK-NEXT: %6 = llvm.extractvalue %0[0] : !llvm.array<2 x vector<2xi64>>
// CHECK-NEXT: %7 = llvm.select %4, %5, %6 : vector<2xi1>, vector<2xi64>
// CHECK-NEXT: %8 = llvm.insertvalue %7, %3[0] : !llvm.array<2 x vector<2xi64>>
// CHECK-NEXT: %9 = llvm.extractvalue %2[1] : !llvm.array<2 x vector<2xi1>>
// CHECK-NEXT: %10 = llvm.extractvalue %1[1] : !llvm.array<2 x vector<2xi64>>
// CHECK-NEXT: %11 = llvm.extractvalue %0[1] : !llvm.array<2 x vector<2xi64>>
// CHECK-NEXT: %12 = llvm.select %9, %10, %11 : vector<2xi1>, vector<2xi64>
// CHECK-NEXT: %13 = llvm.insertvalue %12, %8[1] : !llvm.array<2 x vector<2xi64>>
// CHECK-NEXT: %14 = builtin.unrealized_conversion_cast %13 : !llvm.array<2 x vector<2xi64>> to vector<2x2xindex>
// CHECK-NEXT: %15 = llvm.select %arg1, %1, %0 : i1, !llvm.array<2 x vector<2xi64>>
// CHECK-NEXT: %16 = builtin.unrealized_conversion_cast %15 : !llvm.array<2 x vector<2xi64>> to vector<2x2xindex>
// CHECK-NEXT: %17 = llvm.mlir.undef : !llvm.array<2 x vector<2xi8>>
// CHECK-NEXT: %18 = llvm.extractvalue %13[0] : !llvm.array<2 x vector<2xi64>>
// CHECK-NEXT: %19 = llvm.trunc %18 : vector<2xi64> to vector<2xi8>
// CHECK-NEXT: %20 = llvm.insertvalue %19, %17[0] : !llvm.array<2 x vector<2xi8>>
// CHECK-NEXT: %21 = llvm.extractvalue %13[1] : !llvm.array<2 x vector<2xi64>>
// CHECK-NEXT: %22 = llvm.trunc %21 : vector<2xi64> to vector<2xi8>
// CHECK-NEXT: %23 = llvm.insertvalue %22, %20[1] : !llvm.array<2 x vector<2xi8>>
// CHECK-NEXT: %24 = builtin.unrealized_conversion_cast %23 : !llvm.array<2 x vector<2xi8>> to vector<2x2xi8>
// CHECK-NEXT: return %14, %16, %24 : vector<2x2xindex>, vector<2x2xindex>, vector<2x2xi8>
// CHECK-LABEL: func.func @compare_floats(%arg0: vector<1x2xf64>) -> vector<1x2xi1> {
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg0 : vector<1x2xf64> to !llvm.array<1 x vector<2xf64>>
// CHECK-NEXT: %1 = llvm.mlir.undef : !llvm.array<1 x vector<2xi1>>
// CHECK-NEXT: %2 = llvm.extractvalue %0[0] : !llvm.array<1 x vector<2xf64>>
// CHECK-NEXT: %3 = llvm.extractvalue %0[0] : !llvm.array<1 x vector<2xf64>>
// CHECK-NEXT: %4 = llvm.fcmp "uno" %2, %3 {fastmathFlags = #llvm.fastmath<nsz>} : vector<2xf64>
// CHECK-NEXT: %5 = llvm.insertvalue %4, %1[0] : !llvm.array<1 x vector<2xi1>>
// CHECK-NEXT: %6 = builtin.unrealized_conversion_cast %5 : !llvm.array<1 x vector<2xi1>> to vector<1x2xi1>
// CHECK-NEXT: return %6 : vector<1x2xi1>
// CHECK-LABEL: func.func @zero_d(%arg0: vector<f32>) -> vector<f32> {
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg0 : vector<f32> to vector<1xf32>
// CHECK-NEXT: %1 = llvm.fadd %0, %0  : vector<1xf32>
// CHECK-NEXT: %2 = builtin.unrealized_conversion_cast %1 : vector<1xf32> to vector<f32>
// CHECK-NEXT: return %2 : vector<f32>
