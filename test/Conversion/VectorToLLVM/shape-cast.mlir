// RUN: pyopt %s --convert-vector-to-llvm | filecheck %s
// shape_cast: 2-D to 1-D places each row with a strided insert (two shuffles), 1-D to 2-D
// takes each row with a strided extract (one shuffle), other ranks move element by element.
func.func @flatten(%a: vector<2x3xf32>) -> vector<6xf32> {
  %0 = vector.shape_cast %a : vector<2x3xf32> to vector<6xf32>
  return %0 : vector<6xf32>
}
func.func @unflatten(%a: vector<4xi16>) -> vector<2x2xi16> {
  %0 = vector.shape_cast %a : vector<4xi16> to vector<2x2xi16>
  return %0 : vector<2x2xi16>
}
func.func @to_0d(%a: vector<1x1xf32>) -> vector<f32> {
  %0 = vector.shape_cast %a : vector<1x1xf32> to vector<f32>
  return %0 : vector<f32>
}
// A transpose with a unit dimension is a shape_cast.
func.func @transpose_unit(%a: vector<3x1xi32>) -> vector<1x3xi32> {
  %0 = vector.transpose %a, [1, 0] : vector<3x1xi32> to vector<1x3xi32>
  return %0 : vector<1x3xi32>
}
// Untransposed trailing dimensions move as whole vectors.
func.func @transpose_rows(%a: vector<2x1x4xf32>) -> vector<1x2x4xf32> {
  %0 = vector.transpose %a, [1, 0, 2] : vector<2x1x4xf32> to vector<1x2x4xf32>
  return %0 : vector<1x2x4xf32>
}
func.func @insert_rank_diff(%a: vector<2xf32>, %b: vector<3x4xf32>) -> vector<3x4xf32> {
  %0 = vector.insert_strided_slice %a, %b {offsets = [2, 1], strides = [1]} : vector<2xf32> into vector<3x4xf32>
  return %0 : vector<3x4xf32>
}
func.func @extract_2d(%a: vector<3x4xf32>) -> vector<1x2xf32> {
  %0 = vector.extract_strided_slice %a {offsets = [1, 2], sizes = [1, 2], strides = [1, 1]} : vector<3x4xf32> to vector<1x2xf32>
  return %0 : vector<1x2xf32>
}

// CHECK-LABEL: func.func @flatten
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg0 : vector<2x3xf32> to !llvm.array<2 x vector<3xf32>>
// CHECK-NEXT: %cst = arith.constant dense<0.000000e+00> : vector<6xf32>
// CHECK-NEXT: %1 = llvm.extractvalue %0[0] : !llvm.array<2 x vector<3xf32>>
// CHECK-NEXT: %2 = llvm.shufflevector %1, %1 [0, 1, 2, 0, 0, 0] : vector<3xf32>
// CHECK-NEXT: %3 = llvm.shufflevector %2, %cst [0, 1, 2, 9, 10, 11] : vector<6xf32>
// CHECK-NEXT: %4 = llvm.extractvalue %0[1] : !llvm.array<2 x vector<3xf32>>
// CHECK-NEXT: %5 = llvm.shufflevector %4, %4 [0, 1, 2, 0, 0, 0] : vector<3xf32>
// CHECK-NEXT: %6 = llvm.shufflevector %5, %3 [6, 7, 8, 0, 1, 2] : vector<6xf32>
// CHECK-NEXT: return %6 : vector<6xf32>

// CHECK-LABEL: func.func @unflatten
// CHECK-NEXT: %cst = arith.constant dense<0> : vector<2x2xi16>
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %cst : vector<2x2xi16> to !llvm.array<2 x vector<2xi16>>
// CHECK-NEXT: %1 = llvm.shufflevector %arg0, %arg0 [0, 1] : vector<4xi16>
// CHECK-NEXT: %2 = llvm.insertvalue %1, %0[0] : !llvm.array<2 x vector<2xi16>>
// CHECK-NEXT: %3 = llvm.shufflevector %arg0, %arg0 [2, 3] : vector<4xi16>
// CHECK-NEXT: %4 = llvm.insertvalue %3, %2[1] : !llvm.array<2 x vector<2xi16>>
// CHECK-NEXT: %5 = builtin.unrealized_conversion_cast %4 : !llvm.array<2 x vector<2xi16>> to vector<2x2xi16>
// CHECK-NEXT: return %5 : vector<2x2xi16>

// CHECK-LABEL: func.func @to_0d
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg0 : vector<1x1xf32> to !llvm.array<1 x vector<1xf32>>
// CHECK-NEXT: %cst = arith.constant dense<0.000000e+00> : vector<f32>
// CHECK-NEXT: %1 = builtin.unrealized_conversion_cast %cst : vector<f32> to vector<1xf32>
// CHECK-NEXT: %2 = llvm.extractvalue %0[0] : !llvm.array<1 x vector<1xf32>>
// CHECK-NEXT: %3 = llvm.mlir.constant(0 : i64) : i64
// CHECK-NEXT: %4 = llvm.extractelement %2[%3 : i64] : vector<1xf32>
// CHECK-NEXT: %5 = llvm.mlir.constant(0 : index) : i64
// CHECK-NEXT: %6 = llvm.insertelement %4, %1[%5 : i64] : vector<1xf32>
// CHECK-NEXT: %7 = builtin.unrealized_conversion_cast %6 : vector<1xf32> to vector<f32>
// CHECK-NEXT: return %7 : vector<f32>

// CHECK-LABEL: func.func @transpose_unit
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg0 : vector<3x1xi32> to !llvm.array<3 x vector<1xi32>>
// CHECK-NEXT: %cst = arith.constant dense<0> : vector<1x3xi32>
// CHECK-NEXT: %1 = builtin.unrealized_conversion_cast %cst : vector<1x3xi32> to !llvm.array<1 x vector<3xi32>>
// CHECK-NEXT: %2 = llvm.extractvalue %0[0] : !llvm.array<3 x vector<1xi32>>
// CHECK-NEXT: %3 = llvm.mlir.constant(0 : i64) : i64
// CHECK-NEXT: %4 = llvm.extractelement %2[%3 : i64] : vector<1xi32>
// CHECK-NEXT: %5 = llvm.extractvalue %1[0] : !llvm.array<1 x vector<3xi32>>
// CHECK-NEXT: %6 = llvm.mlir.constant(0 : i64) : i64
// CHECK-NEXT: %7 = llvm.insertelement %4, %5[%6 : i64] : vector<3xi32>
// CHECK-NEXT: %8 = llvm.insertvalue %7, %1[0] : !llvm.array<1 x vector<3xi32>>
// CHECK-NEXT: %9 = llvm.extractvalue %0[1] : !llvm.array<3 x vector<1xi32>>
// CHECK-NEXT: %10 = llvm.mlir.constant(0 : i64) : i64
// CHECK-NEXT: %11 = llvm.extractelement %9[%10 : i64] : vector<1xi32>
// CHECK-NEXT: %12 = llvm.extractvalue %8[0] : !llvm.array<1 x vector<3xi32>>
// CHECK-NEXT: %13 = llvm.mlir.constant(1 : i64) : i64
// CHECK-NEXT: %14 = llvm.insertelement %11, %12[%13 : i64] : vector<3xi32>
// CHECK-NEXT: %15 = llvm.insertvalue %14, %8[0] : !llvm.array<1 x vector<3xi32>>
// CHECK-NEXT: %16 = llvm.extractvalue %0[2] : !llvm.array<3 x vector<1xi32>>
// CHECK-NEXT: %17 = llvm.mlir.constant(0 : i64) : i64
// CHECK-NEXT: %18 = llvm.extractelement %16[%17 : i64] : vector<1xi32>
// CHECK-NEXT: %19 = llvm.extractvalue %15[0] : !llvm.array<1 x vector<3xi32>>
// CHECK-NEXT: %20 = llvm.mlir.constant(2 : i64) : i64
// CHECK-NEXT: %21 = llvm.insertelement %18, %19[%20 : i64] : vector<3xi32>
// CHECK-NEXT: %22 = llvm.insertvalue %21, %15[0] : !llvm.array<1 x vector<3xi32>>
// CHECK-NEXT: %23 = builtin.unrealized_conversion_cast %22 : !llvm.array<1 x vector<3xi32>> to vector<1x3xi32>
// CHECK-NEXT: return %23 : vector<1x3xi32>

// CHECK-LABEL: func.func @transpose_rows
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg0 : vector<2x1x4xf32> to !llvm.array<2 x array<1 x vector<4xf32>>>
// CHECK-NEXT: %cst = arith.constant dense<0.000000e+00> : vector<1x2x4xf32>
// CHECK-NEXT: %1 = builtin.unrealized_conversion_cast %cst : vector<1x2x4xf32> to !llvm.array<1 x array<2 x vector<4xf32>>>
// CHECK-NEXT: %2 = llvm.extractvalue %0[0, 0] : !llvm.array<2 x array<1 x vector<4xf32>>>
// CHECK-NEXT: %3 = llvm.insertvalue %2, %1[0, 0] : !llvm.array<1 x array<2 x vector<4xf32>>>
// CHECK-NEXT: %4 = llvm.extractvalue %0[1, 0] : !llvm.array<2 x array<1 x vector<4xf32>>>
// CHECK-NEXT: %5 = llvm.insertvalue %4, %3[0, 1] : !llvm.array<1 x array<2 x vector<4xf32>>>
// CHECK-NEXT: %6 = builtin.unrealized_conversion_cast %5 : !llvm.array<1 x array<2 x vector<4xf32>>> to vector<1x2x4xf32>
// CHECK-NEXT: return %6 : vector<1x2x4xf32>

// CHECK-LABEL: func.func @insert_rank_diff
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg1 : vector<3x4xf32> to !llvm.array<3 x vector<4xf32>>
// CHECK-NEXT: %1 = llvm.extractvalue %0[2] : !llvm.array<3 x vector<4xf32>>
// CHECK-NEXT: %2 = llvm.shufflevector %arg0, %arg0 [0, 1, 0, 0] : vector<2xf32>
// CHECK-NEXT: %3 = llvm.shufflevector %2, %1 [4, 0, 1, 7] : vector<4xf32>
// CHECK-NEXT: %4 = llvm.insertvalue %3, %0[2] : !llvm.array<3 x vector<4xf32>>
// CHECK-NEXT: %5 = builtin.unrealized_conversion_cast %4 : !llvm.array<3 x vector<4xf32>> to vector<3x4xf32>
// CHECK-NEXT: return %5 : vector<3x4xf32>

// CHECK-LABEL: func.func @extract_2d
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg0 : vector<3x4xf32> to !llvm.array<3 x vector<4xf32>>
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %cst_0 = arith.constant dense<0.000000e+00> : vector<1x2xf32>
// CHECK-NEXT: %1 = builtin.unrealized_conversion_cast %cst_0 : vector<1x2xf32> to !llvm.array<1 x vector<2xf32>>
// CHECK-NEXT: %2 = llvm.extractvalue %0[1] : !llvm.array<3 x vector<4xf32>>
// CHECK-NEXT: %3 = llvm.shufflevector %2, %2 [2, 3] : vector<4xf32>
// CHECK-NEXT: %4 = llvm.insertvalue %3, %1[0] : !llvm.array<1 x vector<2xf32>>
// CHECK-NEXT: %5 = builtin.unrealized_conversion_cast %4 : !llvm.array<1 x vector<2xf32>> to vector<1x2xf32>
// CHECK-NEXT: return %5 : vector<1x2xf32>

// Flat matrix ops map onto the LLVM matrix intrinsics.
func.func @flat_transpose(%a: vector<6xindex>) -> vector<6xindex> {
  %0 = vector.flat_transpose %a {rows = 2 : i32, columns = 3 : i32} : vector<6xindex> -> vector<6xindex>
  return %0 : vector<6xindex>
}
// CHECK-LABEL: func.func @flat_transpose
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg0 : vector<6xindex> to vector<6xi64>
// CHECK-NEXT: %1 = llvm.intr.matrix.transpose %0 {columns = 3 : i32, rows = 2 : i32} : vector<6xi64> into vector<6xi64>
// CHECK-NEXT: %2 = builtin.unrealized_conversion_cast %1 : vector<6xi64> to vector<6xindex>

// A trailing scalable dimension moves as scalable sub-vectors.
func.func @scalable_flatten(%a: vector<2x[2]xi32>) -> vector<[4]xi32> {
  %0 = vector.shape_cast %a : vector<2x[2]xi32> to vector<[4]xi32>
  return %0 : vector<[4]xi32>
}
// CHECK-LABEL: func.func @scalable_flatten
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg0 : vector<2x[2]xi32> to !llvm.array<2 x vector<[2]xi32>>
// CHECK-NEXT: %cst = arith.constant dense<0> : vector<[4]xi32>
// CHECK-NEXT: %1 = llvm.extractvalue %0[0] : !llvm.array<2 x vector<[2]xi32>>
// CHECK-NEXT: %2 = llvm.intr.vector.insert %1, %cst[0] : vector<[2]xi32> into vector<[4]xi32>
// CHECK-NEXT: %3 = llvm.extractvalue %0[1] : !llvm.array<2 x vector<[2]xi32>>
// CHECK-NEXT: %4 = llvm.intr.vector.insert %3, %2[2] : vector<[2]xi32> into vector<[4]xi32>
// CHECK-NEXT: return %4 : vector<[4]xi32>

// Pairs fold before either is lowered.
func.func @round_trip(%a: vector<2x3xf32>) -> vector<2x3xf32> {
  %0 = vector.shape_cast %a : vector<2x3xf32> to vector<6xf32>
  %1 = vector.shape_cast %0 : vector<6xf32> to vector<2x3xf32>
  %2 = vector.transpose %1, [1, 0] : vector<2x3xf32> to vector<3x2xf32>
  %3 = vector.transpose %2, [1, 0] : vector<3x2xf32> to vector<2x3xf32>
  return %3 : vector<2x3xf32>
}
// CHECK-LABEL: func.func @round_trip
// CHECK-NEXT: return %arg0 : vector<2x3xf32>
