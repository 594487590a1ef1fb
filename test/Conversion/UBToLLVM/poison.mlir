// RUN: pyopt %s --convert-ub-to-llvm | filecheck %s
// RUN: pyopt %s --convert-ub-to-llvm=index-bitwidth=16 | filecheck %s --check-prefix=IDX16

// ub.poison becomes llvm.mlir.poison of the converted type (index by the index bitwidth,
// n-D vectors as arrays of 1-D vectors).
func.func @poisons() -> (index, f32, vector<2x4xi8>, memref<4xf32>) {
  %0 = ub.poison : index
  %1 = ub.poison : f32
  %2 = ub.poison : vector<2x4xi8>
  %3 = ub.poison : !llvm.ptr<1>
  %4 = ub.poison : memref<4xf32>
  %5 = ub.poison : vector<[4]xi1>
  %6 = ub.poison : !llvm.struct<(i32, f64)>
  return %0, %1, %2, %4 : index, f32, vector<2x4xi8>, memref<4xf32>
}

// CHECK-LABEL: func.func @poisons() -> (index, f32, vector<2x4xi8>, memref<4xf32>) {
// CHECK-NEXT: %0 = llvm.mlir.poison : i64
// CHECK-NEXT: %1 = builtin.unrealized_conversion_cast %0 : i64 to index
// CHECK-NEXT: %2 = llvm.mlir.poison : f32
// CHECK-NEXT: %3 = llvm.mlir.poison : !llvm.array<2 x vector<4xi8>>
// CHECK-NEXT: %4 = builtin.unrealized_conversion_cast %3 : !llvm.array<2 x vector<4xi8>> to vector<2x4xi8>
// CHECK-NEXT: %5 = llvm.mlir.poison : !llvm.ptr<1>
// CHECK-NEXT: %6 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %7 = builtin.unrealized_conversion_cast %6 : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> to memref<4xf32>
// CHECK-NEXT: %8 = llvm.mlir.poison : vector<[4]xi1>
// CHECK-NEXT: %9 = llvm.mlir.poison : !llvm.struct<(i32, f64)>
// CHECK-NEXT: return %1, %2, %4, %7 : index, f32, vector<2x4xi8>, memref<4xf32>

// IDX16-LABEL: func.func @poisons() -> (index, f32, vector<2x4xi8>, memref<4xf32>) {
// IDX16-NEXT: %0 = llvm.mlir.poison : i16
// IDX16-NEXT: %1 = builtin.unrealized_conversion_cast %0 : i16 to index
// IDX16-NEXT: %2 = llvm.mlir.poison : f32
// IDX16-NEXT: %3 = llvm.mlir.poison : !llvm.array<2 x vector<4xi8>>
// IDX16-NEXT: %4 = builtin.unrealized_conversion_cast %3 : !llvm.array<2 x vector<4xi8>> to vector<2x4xi8>
// IDX16-NEXT: %5 = llvm.mlir.poison : !llvm.ptr<1>
// IDX16-NEXT: %6 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i16, array<1 x i16>, array<1 x i16>)>
// IDX16-NEXT: %7 = builtin.unrealized_conversion_cast %6 : !llvm.struct<(ptr, ptr, i16, array<1 x i16>, array<1 x i16>)> to memref<4xf32>
// IDX16-NEXT: %8 = llvm.mlir.poison : vector<[4]xi1>
// IDX16-NEXT: %9 = llvm.mlir.poison : !llvm.struct<(i32, f64)>
// IDX16-NEXT: return %1, %2, %4, %7 : index, f32, vector<2x4xi8>, memref<4xf32>
