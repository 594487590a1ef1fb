// RUN: pyopt %s --convert-vector-to-llvm | filecheck %s --check-prefix=I32
// RUN: pyopt %s "--convert-vector-to-llvm=force-32bit-vector-indices=0" | filecheck %s --check-prefix=I64

// 1-D / 0-D transfers (in-bounds mask from the memref size, and-ed with the own mask;
// broadcast dims; 0-D through memref.load/store), expandload/compressstore, type_cast.
// Expected text from mlir-opt 19.

func.func @read_oob_masked(%m: memref<?x4xf32>, %i: index, %mask: vector<4xi1>) -> vector<4xf32> {
  %pad = arith.constant 2.0 : f32
  %v = vector.transfer_read %m[%i, %i], %pad, %mask : memref<?x4xf32>, vector<4xf32>
  return %v : vector<4xf32>
}

func.func @write_in_bounds(%m: memref<8xi16>, %v: vector<4xi16>, %i: index) {
  vector.transfer_write %v, %m[%i] {in_bounds = [true]} : vector<4xi16>, memref<8xi16>
  return
}

func.func @read_broadcast(%m: memref<?x?xf32>, %i: index) -> vector<2x4xf32> {
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %m[%i, %i], %pad {permutation_map = affine_map<(d0, d1) -> (0, d1)>, in_bounds = [true, true]} : memref<?x?xf32>, vector<2x4xf32>
  return %v : vector<2x4xf32>
}

func.func @zero_d(%m: memref<3xf64>, %i: index) {
  %pad = arith.constant 0.0 : f64
  %v = vector.transfer_read %m[%i], %pad : memref<3xf64>, vector<f64>
  vector.transfer_write %v, %m[%i] : vector<f64>, memref<3xf64>
  return
}

func.func @expand_compress(%m: memref<?xi32>, %i: index, %mask: vector<8xi1>, %pass: vector<8xi32>) {
  %v = vector.expandload %m[%i], %mask, %pass : memref<?xi32>, vector<8xi1>, vector<8xi32> into vector<8xi32>
  vector.compressstore %m[%i], %mask, %v : memref<?xi32>, vector<8xi1>, vector<8xi32>
  return
}

func.func @type_cast(%m: memref<2x4xi8>) -> memref<vector<2x4xi8>> {
  %c = vector.type_cast %m : memref<2x4xi8> to memref<vector<2x4xi8>>
  return %c : memref<vector<2x4xi8>>
}

// I32-DAG: #map = affine_map<(d0, d1) -> (0, d1)>
// I32-LABEL: func.func @read_oob_masked(%arg0: memref<?x4xf32>, %arg1: index, %arg2: vector<4xi1>) -> vector<4xf32> {
// I32-NEXT: %0 = builtin.unrealized_conversion_cast %arg1 : index to i64
// I32-NEXT: %1 = builtin.unrealized_conversion_cast %arg0 : memref<?x4xf32> to !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// I32-NEXT: %cst = arith.constant 2.000000e+00 : f32
// I32-NEXT: %c1 = arith.constant 1 : index
// I32-NEXT: %c4 = arith.constant 4 : index
// I32-NEXT: %2 = arith.subi %c4, %arg1 : index
// I32-NEXT: %cst_0 = arith.constant dense<[0, 1, 2, 3]> : vector<4xi32>
// I32-NEXT: %3 = arith.index_cast %2 : index to i32
// I32-NEXT: %4 = llvm.mlir.undef : vector<4xi32>
// I32-NEXT: %5 = llvm.mlir.constant(0 : i32) : i32
// I32-NEXT: %6 = llvm.insertelement %3, %4[%5 : i32] : vector<4xi32>
// I32-NEXT: %7 = llvm.shufflevector %6, %4 [0, 0, 0, 0] : vector<4xi32>
// I32-NEXT: %8 = arith.cmpi slt, %cst_0, %7 : vector<4xi32>
// I32-NEXT: %9 = arith.andi %8, %arg2 : vector<4xi1>
// I32-NEXT: %cst_1 = arith.constant dense<2.000000e+00> : vector<4xf32>
// I32-NEXT: %10 = llvm.extractvalue %1[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// I32-NEXT: %11 = llvm.mlir.constant(4 : index) : i64
// I32-NEXT: %12 = llvm.mul %0, %11 : i64
// I32-NEXT: %13 = llvm.add %12, %0 : i64
// I32-NEXT: %14 = llvm.getelementptr %10[%13] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// I32-NEXT: %15 = llvm.intr.masked.load %14, %9, %cst_1 {alignment = 4 : i32} : (!llvm.ptr, vector<4xi1>, vector<4xf32>) -> vector<4xf32>
// I32-NEXT: return %15 : vector<4xf32>
// I32-NEXT: }
// I32-LABEL: func.func @write_in_bounds(%arg0: memref<8xi16>, %arg1: vector<4xi16>, %arg2: index) {
// I32-NEXT: %0 = builtin.unrealized_conversion_cast %arg2 : index to i64
// I32-NEXT: %1 = builtin.unrealized_conversion_cast %arg0 : memref<8xi16> to !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// I32-NEXT: %2 = llvm.extractvalue %1[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// I32-NEXT: %3 = llvm.getelementptr %2[%0] : (!llvm.ptr, i64) -> !llvm.ptr, i16
// I32-NEXT: llvm.store %arg1, %3 {alignment = 2 : i64} : vector<4xi16>, !llvm.ptr
// I32-NEXT: return
// I32-NEXT: }
// I32-LABEL: func.func @read_broadcast(%arg0: memref<?x?xf32>, %arg1: index) -> vector<2x4xf32> {
// I32-NEXT: %cst = arith.constant 0.000000e+00 : f32
// I32-NEXT: %0 = vector.transfer_read %arg0[%arg1, %arg1], %cst {in_bounds = [true, true], permutation_map = #map} : memref<?x?xf32>, vector<2x4xf32>
// I32-NEXT: return %0 : vector<2x4xf32>
// I32-NEXT: }
// I32-LABEL: func.func @zero_d(%arg0: memref<3xf64>, %arg1: index) {
// I32-NEXT: %0 = memref.load %arg0[%arg1] : memref<3xf64>
// I32-NEXT: %1 = llvm.mlir.undef : vector<1xf64>
// I32-NEXT: %2 = llvm.mlir.constant(0 : i32) : i32
// I32-NEXT: %3 = llvm.insertelement %0, %1[%2 : i32] : vector<1xf64>
// I32-NEXT: %4 = llvm.mlir.constant(0 : index) : i64
// I32-NEXT: %5 = llvm.extractelement %3[%4 : i64] : vector<1xf64>
// I32-NEXT: memref.store %5, %arg0[%arg1] : memref<3xf64>
// I32-NEXT: return
// I32-NEXT: }
// I32-LABEL: func.func @expand_compress(%arg0: memref<?xi32>, %arg1: index, %arg2: vector<8xi1>, %arg3: vector<8xi32>) {
// I32-NEXT: %0 = builtin.unrealized_conversion_cast %arg1 : index to i64
// I32-NEXT: %1 = builtin.unrealized_conversion_cast %arg0 : memref<?xi32> to !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// I32-NEXT: %2 = llvm.extractvalue %1[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// I32-NEXT: %3 = llvm.getelementptr %2[%0] : (!llvm.ptr, i64) -> !llvm.ptr, i32
// I32-NEXT: %4 = "llvm.intr.masked.expandload"(%3, %arg2, %arg3) : (!llvm.ptr, vector<8xi1>, vector<8xi32>) -> vector<8xi32>
// I32-NEXT: %5 = llvm.extractvalue %1[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// I32-NEXT: %6 = llvm.getelementptr %5[%0] : (!llvm.ptr, i64) -> !llvm.ptr, i32
// I32-NEXT: "llvm.intr.masked.compressstore"(%4, %6, %arg2) : (vector<8xi32>, !llvm.ptr, vector<8xi1>) -> ()
// I32-NEXT: return
// I32-NEXT: }
// I32-LABEL: func.func @type_cast(%arg0: memref<2x4xi8>) -> memref<vector<2x4xi8>> {
// I32-NEXT: %0 = builtin.unrealized_conversion_cast %arg0 : memref<2x4xi8> to !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// I32-NEXT: %1 = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64)>
// I32-NEXT: %2 = llvm.extractvalue %0[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// I32-NEXT: %3 = llvm.insertvalue %2, %1[0] : !llvm.struct<(ptr, ptr, i64)>
// I32-NEXT: %4 = llvm.extractvalue %0[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// I32-NEXT: %5 = llvm.insertvalue %4, %3[1] : !llvm.struct<(ptr, ptr, i64)>
// I32-NEXT: %6 = llvm.mlir.constant(0 : index) : i64
// I32-NEXT: %7 = llvm.insertvalue %6, %5[2] : !llvm.struct<(ptr, ptr, i64)>
// I32-NEXT: %8 = builtin.unrealized_conversion_cast %7 : !llvm.struct<(ptr, ptr, i64)> to memref<vector<2x4xi8>>
// I32-NEXT: return %8 : memref<vector<2x4xi8>>
// I32-NEXT: }

// I64-DAG: #map = affine_map<(d0, d1) -> (0, d1)>
// I64-LABEL: func.func @read_oob_masked(%arg0: memref<?x4xf32>, %arg1: index, %arg2: vector<4xi1>) -> vector<4xf32> {
// I64-NEXT: %0 = builtin.unrealized_conversion_cast %arg1 : index to i64
// I64-NEXT: %1 = builtin.unrealized_conversion_cast %arg0 : memref<?x4xf32> to !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// I64-NEXT: %cst = arith.constant 2.000000e+00 : f32
// I64-NEXT: %c1 = arith.constant 1 : index
// I64-NEXT: %c4 = arith.constant 4 : index
// I64-NEXT: %2 = arith.subi %c4, %arg1 : index
// I64-NEXT: %cst_0 = arith.constant dense<[0, 1, 2, 3]> : vector<4xi64>
// I64-NEXT: %3 = arith.index_cast %2 : index to i64
// I64-NEXT: %4 = llvm.mlir.undef : vector<4xi64>
// I64-NEXT: %5 = llvm.mlir.constant(0 : i32) : i32
// I64-NEXT: %6 = llvm.insertelement %3, %4[%5 : i32] : vector<4xi64>
// I64-NEXT: %7 = llvm.shufflevector %6, %4 [0, 0, 0, 0] : vector<4xi64>
// I64-NEXT: %8 = arith.cmpi slt, %cst_0, %7 : vector<4xi64>
// I64-NEXT: %9 = arith.andi %8, %arg2 : vector<4xi1>
// I64-NEXT: %cst_1 = arith.constant dense<2.000000e+00> : vector<4xf32>
// I64-NEXT: %10 = llvm.extractvalue %1[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// I64-NEXT: %11 = llvm.mlir.constant(4 : index) : i64
// I64-NEXT: %12 = llvm.mul %0, %11 : i64
// I64-NEXT: %13 = llvm.add %12, %0 : i64
// I64-NEXT: %14 = llvm.getelementptr %10[%13] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// I64-NEXT: %15 = llvm.intr.masked.load %14, %9, %cst_1 {alignment = 4 : i32} : (!llvm.ptr, vector<4xi1>, vector<4xf32>) -> vector<4xf32>
// I64-NEXT: return %15 : vector<4xf32>
// I64-NEXT: }
// I64-LABEL: func.func @write_in_bounds(%arg0: memref<8xi16>, %arg1: vector<4xi16>, %arg2: index) {
// I64-NEXT: %0 = builtin.unrealized_conversion_cast %arg2 : index to i64
// I64-NEXT: %1 = builtin.unrealized_conversion_cast %arg0 : memref<8xi16> to !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// I64-NEXT: %2 = llvm.extractvalue %1[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// I64-NEXT: %3 = llvm.getelementptr %2[%0] : (!llvm.ptr, i64) -> !llvm.ptr, i16
// I64-NEXT: llvm.store %arg1, %3 {alignment = 2 : i64} : vector<4xi16>, !llvm.ptr
// I64-NEXT: return
// I64-NEXT: }
// I64-LABEL: func.func @read_broadcast(%arg0: memref<?x?xf32>, %arg1: index) -> vector<2x4xf32> {
// I64-NEXT: %cst = arith.constant 0.000000e+00 : f32
// I64-NEXT: %0 = vector.transfer_read %arg0[%arg1, %arg1], %cst {in_bounds = [true, true], permutation_map = #map} : memref<?x?xf32>, vector<2x4xf32>
// I64-NEXT: return %0 : vector<2x4xf32>
// I64-NEXT: }
// I64-LABEL: func.func @zero_d(%arg0: memref<3xf64>, %arg1: index) {
// I64-NEXT: %0 = memref.load %arg0[%arg1] : memref<3xf64>
// I64-NEXT: %1 = llvm.mlir.undef : vector<1xf64>
// I64-NEXT: %2 = llvm.mlir.constant(0 : i32) : i32
// I64-NEXT: %3 = llvm.insertelement %0, %1[%2 : i32] : vector<1xf64>
// I64-NEXT: %4 = llvm.mlir.constant(0 : index) : i64
// I64-NEXT: %5 = llvm.extractelement %3[%4 : i64] : vector<1xf64>
// I64-NEXT: memref.store %5, %arg0[%arg1] : memref<3xf64>
// I64-NEXT: return
// I64-NEXT: }
// I64-LABEL: func.func @expand_compress(%arg0: memref<?xi32>, %arg1: index, %arg2: vector<8xi1>, %arg3: vector<8xi32>) {
// I64-NEXT: %0 = builtin.unrealized_conversion_cast %arg1 : index to i64
// I64-NEXT: %1 = builtin.unrealized_conversion_cast %arg0 : memref<?xi32> to !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// I64-NEXT: %2 = llvm.extractvalue %1[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// I64-NEXT: %3 = llvm.getelementptr %2[%0] : (!llvm.ptr, i64) -> !llvm.ptr, i32
// I64-NEXT: %4 = "llvm.intr.masked.expandload"(%3, %arg2, %arg3) : (!llvm.ptr, vector<8xi1>, vector<8xi32>) -> vector<8xi32>
// I64-NEXT: %5 = llvm.extractvalue %1[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// I64-NEXT: %6 = llvm.getelementptr %5[%0] : (!llvm.ptr, i64) -> !llvm.ptr, i32
// I64-NEXT: "llvm.intr.masked.compressstore"(%4, %6, %arg2) : (vector<8xi32>, !llvm.ptr, vector<8xi1>) -> ()
// I64-NEXT: return
// I64-NEXT: }
// I64-LABEL: func.func @type_cast(%arg0: memref<2x4xi8>) -> memref<vector<2x4xi8>> {
// I64-NEXT: %0 = builtin.unrealized_conversion_cast %arg0 : memref<2x4xi8> to !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// I64-NEXT: %1 = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64)>
// I64-NEXT: %2 = llvm.extractvalue %0[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// I64-NEXT: %3 = llvm.insertvalue %2, %1[0] : !llvm.struct<(ptr, ptr, i64)>
// I64-NEXT: %4 = llvm.extractvalue %0[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// I64-NEXT: %5 = llvm.insertvalue %4, %3[1] : !llvm.struct<(ptr, ptr, i64)>
// I64-NEXT: %6 = llvm.mlir.constant(0 : index) : i64
// I64-NEXT: %7 = llvm.insertvalue %6, %5[2] : !llvm.struct<(ptr, ptr, i64)>
// I64-NEXT: %8 = builtin.unrealized_conversion_cast %7 : !llvm.struct<(ptr, ptr, i64)> to memref<vector<2x4xi8>>
// I64-NEXT: return %8 : memref<vector<2x4xi8>>
// I64-NEXT: }
