// RUN: pyopt %s --convert-vector-to-scf | filecheck %s --check-prefix=LOOPS
// RUN: pyopt %s "--convert-vector-to-scf=full-unroll" | filecheck %s --check-prefix=UNROLL
// RUN: pyopt %s "--convert-vector-to-scf=full-unroll target-rank=0" | filecheck %s --check-prefix=RANK0

// n-D transfers: through stack buffers and scf.for loops (default), unrolled into 1-D
// transfers (full-unroll) or into scalar 0-D transfers (target-rank=0); masks, out-of-bounds
// dims and permutation maps. Expected text from mlir-opt 19.

func.func @read_2d_masked(%m: memref<?x?xf32>, %i: index, %j: index, %mask: vector<2x3xi1>) -> vector<2x3xf32> {
  %pad = arith.constant 1.5 : f32
  %v = vector.transfer_read %m[%i, %j], %pad, %mask : memref<?x?xf32>, vector<2x3xf32>
  return %v : vector<2x3xf32>
}

func.func @write_2d(%m: memref<4x?xi32>, %v: vector<2x3xi32>, %i: index) {
  vector.transfer_write %v, %m[%i, %i] {in_bounds = [false, true]} : vector<2x3xi32>, memref<4x?xi32>
  return
}

func.func @read_transposed(%m: memref<?x?xf32>, %i: index) -> vector<3x2xf32> {
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %m[%i, %i], %pad {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<?x?xf32>, vector<3x2xf32>
  return %v : vector<3x2xf32>
}

// LOOPS-DAG: #map = affine_map<(d0)[s0] -> (d0 + s0)>
// LOOPS-LABEL: func.func @read_2d_masked(%arg0: memref<?x?xf32>, %arg1: index, %arg2: index, %arg3: vector<2x3xi1>) -> vector<2x3xf32> {
// LOOPS-NEXT: %cst = arith.constant dense<1.500000e+00> : vector<3xf32>
// LOOPS-NEXT: %c1 = arith.constant 1 : index
// LOOPS-NEXT: %c2 = arith.constant 2 : index
// LOOPS-NEXT: %c0 = arith.constant 0 : index
// LOOPS-NEXT: %cst_0 = arith.constant 1.500000e+00 : f32
// LOOPS-NEXT: %alloca = memref.alloca() : memref<vector<2x3xf32>>
// LOOPS-NEXT: %alloca_1 = memref.alloca() : memref<vector<2x3xi1>>
// LOOPS-NEXT: memref.store %arg3, %alloca_1[] : memref<vector<2x3xi1>>
// LOOPS-NEXT: %0 = vector.type_cast %alloca : memref<vector<2x3xf32>> to memref<2xvector<3xf32>>
// LOOPS-NEXT: %1 = vector.type_cast %alloca_1 : memref<vector<2x3xi1>> to memref<2xvector<3xi1>>
// LOOPS-NEXT: scf.for %arg4 = %c0 to %c2 step %c1 {
// LOOPS-NEXT: %dim = memref.dim %arg0, %c0 : memref<?x?xf32>
// LOOPS-NEXT: %3 = affine.apply #map(%arg4)[%arg1]
// LOOPS-NEXT: %4 = arith.cmpi sgt, %dim, %3 : index
// LOOPS-NEXT: scf.if %4 {
// LOOPS-NEXT: %5 = affine.apply #map(%arg4)[%arg1]
// LOOPS-NEXT: %6 = memref.load %1[%arg4] : memref<2xvector<3xi1>>
// LOOPS-NEXT: %7 = vector.transfer_read %arg0[%5, %arg2], %cst_0, %6 : memref<?x?xf32>, vector<3xf32>
// LOOPS-NEXT: memref.store %7, %0[%arg4] : memref<2xvector<3xf32>>
// LOOPS-NEXT: } else {
// LOOPS-NEXT: memref.store %cst, %0[%arg4] : memref<2xvector<3xf32>>
// LOOPS-NEXT: }
// LOOPS-NEXT: }
// LOOPS-NEXT: %2 = memref.load %alloca[] : memref<vector<2x3xf32>>
// LOOPS-NEXT: return %2 : vector<2x3xf32>
// LOOPS-NEXT: }
// LOOPS-LABEL: func.func @write_2d(%arg0: memref<4x?xi32>, %arg1: vector<2x3xi32>, %arg2: index) {
// LOOPS-NEXT: %c4 = arith.constant 4 : index
// LOOPS-NEXT: %c1 = arith.constant 1 : index
// LOOPS-NEXT: %c2 = arith.constant 2 : index
// LOOPS-NEXT: %c0 = arith.constant 0 : index
// LOOPS-NEXT: %alloca = memref.alloca() : memref<vector<2x3xi32>>
// LOOPS-NEXT: memref.store %arg1, %alloca[] : memref<vector<2x3xi32>>
// LOOPS-NEXT: %0 = vector.type_cast %alloca : memref<vector<2x3xi32>> to memref<2xvector<3xi32>>
// LOOPS-NEXT: scf.for %arg3 = %c0 to %c2 step %c1 {
// LOOPS-NEXT: %1 = affine.apply #map(%arg3)[%arg2]
// LOOPS-NEXT: %2 = arith.cmpi slt, %1, %c4 : index
// LOOPS-NEXT: scf.if %2 {
// LOOPS-NEXT: %3 = affine.apply #map(%arg3)[%arg2]
// LOOPS-NEXT: %4 = memref.load %0[%arg3] : memref<2xvector<3xi32>>
// LOOPS-NEXT: vector.transfer_write %4, %arg0[%3, %arg2] {in_bounds = [true]} : vector<3xi32>, memref<4x?xi32>
// LOOPS-NEXT: } else {
// LOOPS-NEXT: }
// LOOPS-NEXT: }
// LOOPS-NEXT: return
// LOOPS-NEXT: }
// LOOPS-LABEL: func.func @read_transposed(%arg0: memref<?x?xf32>, %arg1: index) -> vector<3x2xf32> {
// LOOPS-NEXT: %cst = arith.constant dense<0.000000e+00> : vector<3xf32>
// LOOPS-NEXT: %c1 = arith.constant 1 : index
// LOOPS-NEXT: %c2 = arith.constant 2 : index
// LOOPS-NEXT: %c0 = arith.constant 0 : index
// LOOPS-NEXT: %cst_0 = arith.constant 0.000000e+00 : f32
// LOOPS-NEXT: %alloca = memref.alloca() : memref<vector<2x3xf32>>
// LOOPS-NEXT: %0 = vector.type_cast %alloca : memref<vector<2x3xf32>> to memref<2xvector<3xf32>>
// LOOPS-NEXT: scf.for %arg2 = %c0 to %c2 step %c1 {
// LOOPS-NEXT: %dim = memref.dim %arg0, %c0 : memref<?x?xf32>
// LOOPS-NEXT: %3 = affine.apply #map(%arg2)[%arg1]
// LOOPS-NEXT: %4 = arith.cmpi sgt, %dim, %3 : index
// LOOPS-NEXT: scf.if %4 {
// LOOPS-NEXT: %5 = affine.apply #map(%arg2)[%arg1]
// LOOPS-NEXT: %6 = vector.transfer_read %arg0[%5, %arg1], %cst_0 : memref<?x?xf32>, vector<3xf32>
// LOOPS-NEXT: memref.store %6, %0[%arg2] : memref<2xvector<3xf32>>
// LOOPS-NEXT: } else {
// LOOPS-NEXT: memref.store %cst, %0[%arg2] : memref<2xvector<3xf32>>
// LOOPS-NEXT: }
// LOOPS-NEXT: }
// LOOPS-NEXT: %1 = memref.load %alloca[] : memref<vector<2x3xf32>>
// LOOPS-NEXT: %2 = vector.transpose %1, [1, 0] : vector<2x3xf32> to vector<3x2xf32>
// LOOPS-NEXT: return %2 : vector<3x2xf32>
// LOOPS-NEXT: }

// UNROLL-DAG: #map = affine_map<()[s0] -> (s0 + 1)>
// UNROLL-LABEL: func.func @read_2d_masked(%arg0: memref<?x?xf32>, %arg1: index, %arg2: index, %arg3: vector<2x3xi1>) -> vector<2x3xf32> {
// UNROLL-NEXT: %cst = arith.constant 1.500000e+00 : f32
// UNROLL-NEXT: %cst_0 = arith.constant dense<1.500000e+00> : vector<2x3xf32>
// UNROLL-NEXT: %c0 = arith.constant 0 : index
// UNROLL-NEXT: %dim = memref.dim %arg0, %c0 : memref<?x?xf32>
// UNROLL-NEXT: %0 = arith.cmpi sgt, %dim, %arg1 : index
// UNROLL-NEXT: %1 = scf.if %0 -> (vector<2x3xf32>) {
// UNROLL-NEXT: %5 = vector.extract %arg3[0] : vector<3xi1> from vector<2x3xi1>
// UNROLL-NEXT: %6 = vector.transfer_read %arg0[%arg1, %arg2], %cst, %5 : memref<?x?xf32>, vector<3xf32>
// UNROLL-NEXT: %7 = vector.insert %6, %cst_0 [0] : vector<3xf32> into vector<2x3xf32>
// UNROLL-NEXT: scf.yield %7 : vector<2x3xf32>
// UNROLL-NEXT: } else {
// UNROLL-NEXT: scf.yield %cst_0 : vector<2x3xf32>
// UNROLL-NEXT: }
// UNROLL-NEXT: %dim_1 = memref.dim %arg0, %c0 : memref<?x?xf32>
// UNROLL-NEXT: %2 = affine.apply #map()[%arg1]
// UNROLL-NEXT: %3 = arith.cmpi sgt, %dim_1, %2 : index
// UNROLL-NEXT: %4 = scf.if %3 -> (vector<2x3xf32>) {
// UNROLL-NEXT: %5 = affine.apply #map()[%arg1]
// UNROLL-NEXT: %6 = vector.extract %arg3[1] : vector<3xi1> from vector<2x3xi1>
// UNROLL-NEXT: %7 = vector.transfer_read %arg0[%5, %arg2], %cst, %6 : memref<?x?xf32>, vector<3xf32>
// UNROLL-NEXT: %8 = vector.insert %7, %1 [1] : vector<3xf32> into vector<2x3xf32>
// UNROLL-NEXT: scf.yield %8 : vector<2x3xf32>
// UNROLL-NEXT: } else {
// UNROLL-NEXT: scf.yield %1 : vector<2x3xf32>
// UNROLL-NEXT: }
// UNROLL-NEXT: return %4 : vector<2x3xf32>
// UNROLL-NEXT: }
// UNROLL-LABEL: func.func @write_2d(%arg0: memref<4x?xi32>, %arg1: vector<2x3xi32>, %arg2: index) {
// UNROLL-NEXT: %c4 = arith.constant 4 : index
// UNROLL-NEXT: %0 = arith.cmpi slt, %arg2, %c4 : index
// UNROLL-NEXT: scf.if %0 {
// UNROLL-NEXT: %3 = vector.extract %arg1[0] : vector<3xi32> from vector<2x3xi32>
// UNROLL-NEXT: vector.transfer_write %3, %arg0[%arg2, %arg2] {in_bounds = [true]} : vector<3xi32>, memref<4x?xi32>
// UNROLL-NEXT: } else {
// UNROLL-NEXT: }
// UNROLL-NEXT: %1 = affine.apply #map()[%arg2]
// UNROLL-NEXT: %2 = arith.cmpi slt, %1, %c4 : index
// UNROLL-NEXT: scf.if %2 {
// UNROLL-NEXT: %3 = affine.apply #map()[%arg2]
// UNROLL-NEXT: %4 = vector.extract %arg1[1] : vector<3xi32> from vector<2x3xi32>
// UNROLL-NEXT: vector.transfer_write %4, %arg0[%3, %arg2] {in_bounds = [true]} : vector<3xi32>, memref<4x?xi32>
// UNROLL-NEXT: } else {
// UNROLL-NEXT: }
// UNROLL-NEXT: return
// UNROLL-NEXT: }
// UNROLL-LABEL: func.func @read_transposed(%arg0: memref<?x?xf32>, %arg1: index) -> vector<3x2xf32> {
// UNROLL-NEXT: %cst = arith.constant 0.000000e+00 : f32
// UNROLL-NEXT: %cst_0 = arith.constant dense<0.000000e+00> : vector<2x3xf32>
// UNROLL-NEXT: %c0 = arith.constant 0 : index
// UNROLL-NEXT: %dim = memref.dim %arg0, %c0 : memref<?x?xf32>
// UNROLL-NEXT: %0 = arith.cmpi sgt, %dim, %arg1 : index
// UNROLL-NEXT: %1 = scf.if %0 -> (vector<2x3xf32>) {
// UNROLL-NEXT: %6 = vector.transfer_read %arg0[%arg1, %arg1], %cst : memref<?x?xf32>, vector<3xf32>
// UNROLL-NEXT: %7 = vector.insert %6, %cst_0 [0] : vector<3xf32> into vector<2x3xf32>
// UNROLL-NEXT: scf.yield %7 : vector<2x3xf32>
// UNROLL-NEXT: } else {
// UNROLL-NEXT: scf.yield %cst_0 : vector<2x3xf32>
// UNROLL-NEXT: }
// UNROLL-NEXT: %dim_1 = memref.dim %arg0, %c0 : memref<?x?xf32>
// UNROLL-NEXT: %2 = affine.apply #map()[%arg1]
// UNROLL-NEXT: %3 = arith.cmpi sgt, %dim_1, %2 : index
// UNROLL-NEXT: %4 = scf.if %3 -> (vector<2x3xf32>) {
// UNROLL-NEXT: %6 = affine.apply #map()[%arg1]
// UNROLL-NEXT: %7 = vector.transfer_read %arg0[%6, %arg1], %cst : memref<?x?xf32>, vector<3xf32>
// UNROLL-NEXT: %8 = vector.insert %7, %1 [1] : vector<3xf32> into vector<2x3xf32>
// UNROLL-NEXT: scf.yield %8 : vector<2x3xf32>
// UNROLL-NEXT: } else {
// UNROLL-NEXT: scf.yield %1 : vector<2x3xf32>
// UNROLL-NEXT: }
// UNROLL-NEXT: %5 = vector.transpose %4, [1, 0] : vector<2x3xf32> to vector<3x2xf32>
// UNROLL-NEXT: return %5 : vector<3x2xf32>
// UNROLL-NEXT: }

// RANK0-DAG: #map = affine_map<()[s0] -> (s0 + 1)>
// RANK0-DAG: #map1 = affine_map<()[s0] -> (s0 + 2)>
// RANK0-LABEL: func.func @read_2d_masked(%arg0: memref<?x?xf32>, %arg1: index, %arg2: index, %arg3: vector<2x3xi1>) -> vector<2x3xf32> {
// RANK0-NEXT: %c2 = arith.constant 2 : index
// RANK0-NEXT: %c1 = arith.constant 1 : index
// RANK0-NEXT: %cst = arith.constant 1.500000e+00 : f32
// RANK0-NEXT: %cst_0 = arith.constant dense<1.500000e+00> : vector<2x3xf32>
// RANK0-NEXT: %c0 = arith.constant 0 : index
// RANK0-NEXT: %dim = memref.dim %arg0, %c0 : memref<?x?xf32>
// RANK0-NEXT: %0 = arith.cmpi sgt, %dim, %arg1 : index
// RANK0-NEXT: %1 = scf.if %0 -> (vector<2x3xf32>) {
// RANK0-NEXT: %5 = vector.extract %arg3[0] : vector<3xi1> from vector<2x3xi1>
// RANK0-NEXT: %dim_2 = memref.dim %arg0, %c1 : memref<?x?xf32>
// RANK0-NEXT: %6 = arith.cmpi sgt, %dim_2, %arg2 : index
// RANK0-NEXT: %7 = vector.extractelement %5[%c0 : index] : vector<3xi1>
// RANK0-NEXT: %8 = arith.andi %6, %7 : i1
// RANK0-NEXT: %9 = scf.if %8 -> (vector<2x3xf32>) {
// RANK0-NEXT: %20 = vector.transfer_read %arg0[%arg1, %arg2], %cst : memref<?x?xf32>, vector<f32>
// RANK0-NEXT: %21 = vector.insert %20, %cst_0 [0, 0] : vector<f32> into vector<2x3xf32>
// RANK0-NEXT: scf.yield %21 : vector<2x3xf32>
// RANK0-NEXT: } else {
// RANK0-NEXT: scf.yield %cst_0 : vector<2x3xf32>
// RANK0-NEXT: }
// RANK0-NEXT: %dim_3 = memref.dim %arg0, %c1 : memref<?x?xf32>
// RANK0-NEXT: %10 = affine.apply #map()[%arg2]
// RANK0-NEXT: %11 = arith.cmpi sgt, %dim_3, %10 : index
// RANK0-NEXT: %12 = vector.extractelement %5[%c1 : index] : vector<3xi1>
// RANK0-NEXT: %13 = arith.andi %11, %12 : i1
// RANK0-NEXT: %14 = scf.if %13 -> (vector<2x3xf32>) {
// RANK0-NEXT: %20 = affine.apply #map()[%arg2]
// RANK0-NEXT: %21 = vector.transfer_read %arg0[%arg1, %20], %cst : memref<?x?xf32>, vector<f32>
// RANK0-NEXT: %22 = vector.insert %21, %9 [0, 1] : vector<f32> into vector<2x3xf32>
// RANK0-NEXT: scf.yield %22 : vector<2x3xf32>
// RANK0-NEXT: } else {
// RANK0-NEXT: scf.yield %9 : vector<2x3xf32>
// RANK0-NEXT: }
// RANK0-NEXT: %dim_4 = memref.dim %arg0, %c1 : memref<?x?xf32>
// RANK0-NEXT: %15 = affine.apply #map1()[%arg2]
// RANK0-NEXT: %16 = arith.cmpi sgt, %dim_4, %15 : index
// RANK0-NEXT: %17 = vector.extractelement %5[%c2 : index] : vector<3xi1>
// RANK0-NEXT: %18 = arith.andi %16, %17 : i1
// RANK0-NEXT: %19 = scf.if %18 -> (vector<2x3xf32>) {
// RANK0-NEXT: %20 = affine.apply #map1()[%arg2]
// RANK0-NEXT: %21 = vector.transfer_read %arg0[%arg1, %20], %cst : memref<?x?xf32>, vector<f32>
// RANK0-NEXT: %22 = vector.insert %21, %14 [0, 2] : vector<f32> into vector<2x3xf32>
// RANK0-NEXT: scf.yield %22 : vector<2x3xf32>
// RANK0-NEXT: } else {
// RANK0-NEXT: scf.yield %14 : vector<2x3xf32>
// RANK0-NEXT: }
// RANK0-NEXT: scf.yield %19 : vector<2x3xf32>
// RANK0-NEXT: } else {
// RANK0-NEXT: scf.yield %cst_0 : vector<2x3xf32>
// RANK0-NEXT: }
// RANK0-NEXT: %dim_1 = memref.dim %arg0, %c0 : memref<?x?xf32>
// RANK0-NEXT: %2 = affine.apply #map()[%arg1]
// RANK0-NEXT: %3 = arith.cmpi sgt, %dim_1, %2 : index
// RANK0-NEXT: %4 = scf.if %3 -> (vector<2x3xf32>) {
// RANK0-NEXT: %5 = affine.apply #map()[%arg1]
// RANK0-NEXT: %6 = vector.extract %arg3[1] : vector<3xi1> from vector<2x3xi1>
// RANK0-NEXT: %dim_2 = memref.dim %arg0, %c1 : memref<?x?xf32>
// RANK0-NEXT: %7 = arith.cmpi sgt, %dim_2, %arg2 : index
// RANK0-NEXT: %8 = vector.extractelement %6[%c0 : index] : vector<3xi1>
// RANK0-NEXT: %9 = arith.andi %7, %8 : i1
// RANK0-NEXT: %10 = scf.if %9 -> (vector<2x3xf32>) {
// RANK0-NEXT: %21 = vector.transfer_read %arg0[%5, %arg2], %cst : memref<?x?xf32>, vector<f32>
// RANK0-NEXT: %22 = vector.insert %21, %1 [1, 0] : vector<f32> into vector<2x3xf32>
// RANK0-NEXT: scf.yield %22 : vector<2x3xf32>
// RANK0-NEXT: } else {
// RANK0-NEXT: scf.yield %1 : vector<2x3xf32>
// RANK0-NEXT: }
// RANK0-NEXT: %dim_3 = memref.dim %arg0, %c1 : memref<?x?xf32>
// RANK0-NEXT: %11 = affine.apply #map()[%arg2]
// RANK0-NEXT: %12 = arith.cmpi sgt, %dim_3, %11 : index
// RANK0-NEXT: %13 = vector.extractelement %6[%c1 : index] : vector<3xi1>
// RANK0-NEXT: %14 = arith.andi %12, %13 : i1
// RANK0-NEXT: %15 = scf.if %14 -> (vector<2x3xf32>) {
// RANK0-NEXT: %21 = affine.apply #map()[%arg2]
// RANK0-NEXT: %22 = vector.transfer_read %arg0[%5, %21], %cst : memref<?x?xf32>, vector<f32>
// RANK0-NEXT: %23 = vector.insert %22, %10 [1, 1] : vector<f32> into vector<2x3xf32>
// RANK0-NEXT: scf.yield %23 : vector<2x3xf32>
// RANK0-NEXT: } else {
// RANK0-NEXT: scf.yield %10 : vector<2x3xf32>
// RANK0-NEXT: }
// RANK0-NEXT: %dim_4 = memref.dim %arg0, %c1 : memref<?x?xf32>
// RANK0-NEXT: %16 = affine.apply #map1()[%arg2]
// RANK0-NEXT: %17 = arith.cmpi sgt, %dim_4, %16 : index
// RANK0-NEXT: %18 = vector.extractelement %6[%c2 : index] : vector<3xi1>
// RANK0-NEXT: %19 = arith.andi %17, %18 : i1
// RANK0-NEXT: %20 = scf.if %19 -> (vector<2x3xf32>) {
// RANK0-NEXT: %21 = affine.apply #map1()[%arg2]
// RANK0-NEXT: %22 = vector.transfer_read %arg0[%5, %21], %cst : memref<?x?xf32>, vector<f32>
// RANK0-NEXT: %23 = vector.insert %22, %15 [1, 2] : vector<f32> into vector<2x3xf32>
// RANK0-NEXT: scf.yield %23 : vector<2x3xf32>
// RANK0-NEXT: } else {
// RANK0-NEXT: scf.yield %15 : vector<2x3xf32>
// RANK0-NEXT: }
// RANK0-NEXT: scf.yield %20 : vector<2x3xf32>
// RANK0-NEXT: } else {
// RANK0-NEXT: scf.yield %1 : vector<2x3xf32>
// RANK0-NEXT: }
// RANK0-NEXT: return %4 : vector<2x3xf32>
// RANK0-NEXT: }
// RANK0-LABEL: func.func @write_2d(%arg0: memref<4x?xi32>, %arg1: vector<2x3xi32>, %arg2: index) {
// RANK0-NEXT: %c4 = arith.constant 4 : index
// RANK0-NEXT: %0 = arith.cmpi slt, %arg2, %c4 : index
// RANK0-NEXT: scf.if %0 {
// RANK0-NEXT: %3 = vector.extract %arg1[0, 0] : i32 from vector<2x3xi32>
// RANK0-NEXT: %4 = vector.broadcast %3 : i32 to vector<i32>
// RANK0-NEXT: vector.transfer_write %4, %arg0[%arg2, %arg2] : vector<i32>, memref<4x?xi32>
// RANK0-NEXT: %5 = affine.apply #map()[%arg2]
// RANK0-NEXT: %6 = vector.extract %arg1[0, 1] : i32 from vector<2x3xi32>
// RANK0-NEXT: %7 = vector.broadcast %6 : i32 to vector<i32>
// RANK0-NEXT: vector.transfer_write %7, %arg0[%arg2, %5] : vector<i32>, memref<4x?xi32>
// RANK0-NEXT: %8 = affine.apply #map1()[%arg2]
// RANK0-NEXT: %9 = vector.extract %arg1[0, 2] : i32 from vector<2x3xi32>
// RANK0-NEXT: %10 = vector.broadcast %9 : i32 to vector<i32>
// RANK0-NEXT: vector.transfer_write %10, %arg0[%arg2, %8] : vector<i32>, memref<4x?xi32>
// RANK0-NEXT: } else {
// RANK0-NEXT: }
// RANK0-NEXT: %1 = affine.apply #map()[%arg2]
// RANK0-NEXT: %2 = arith.cmpi slt, %1, %c4 : index
// RANK0-NEXT: scf.if %2 {
// RANK0-NEXT: %3 = affine.apply #map()[%arg2]
// RANK0-NEXT: %4 = vector.extract %arg1[1, 0] : i32 from vector<2x3xi32>
// RANK0-NEXT: %5 = vector.broadcast %4 : i32 to vector<i32>
// RANK0-NEXT: vector.transfer_write %5, %arg0[%3, %arg2] : vector<i32>, memref<4x?xi32>
// RANK0-NEXT: %6 = affine.apply #map()[%arg2]
// RANK0-NEXT: %7 = vector.extract %arg1[1, 1] : i32 from vector<2x3xi32>
// RANK0-NEXT: %8 = vector.broadcast %7 : i32 to vector<i32>
// RANK0-NEXT: vector.transfer_write %8, %arg0[%3, %6] : vector<i32>, memref<4x?xi32>
// RANK0-NEXT: %9 = affine.apply #map1()[%arg2]
// RANK0-NEXT: %10 = vector.extract %arg1[1, 2] : i32 from vector<2x3xi32>
// RANK0-NEXT: %11 = vector.broadcast %10 : i32 to vector<i32>
// RANK0-NEXT: vector.transfer_write %11, %arg0[%3, %9] : vector<i32>, memref<4x?xi32>
// RANK0-NEXT: } else {
// RANK0-NEXT: }
// RANK0-NEXT: return
// RANK0-NEXT: }
// RANK0-LABEL: func.func @read_transposed(%arg0: memref<?x?xf32>, %arg1: index) -> vector<3x2xf32> {
// RANK0-NEXT: %c1 = arith.constant 1 : index
// RANK0-NEXT: %cst = arith.constant 0.000000e+00 : f32
// RANK0-NEXT: %cst_0 = arith.constant dense<0.000000e+00> : vector<2x3xf32>
// RANK0-NEXT: %c0 = arith.constant 0 : index
// RANK0-NEXT: %dim = memref.dim %arg0, %c0 : memref<?x?xf32>
// RANK0-NEXT: %0 = arith.cmpi sgt, %dim, %arg1 : index
// RANK0-NEXT: %1 = scf.if %0 -> (vector<2x3xf32>) {
// RANK0-NEXT: %dim_2 = memref.dim %arg0, %c1 : memref<?x?xf32>
// RANK0-NEXT: %6 = arith.cmpi sgt, %dim_2, %arg1 : index
// RANK0-NEXT: %7 = scf.if %6 -> (vector<2x3xf32>) {
// RANK0-NEXT: %14 = vector.transfer_read %arg0[%arg1, %arg1], %cst : memref<?x?xf32>, vector<f32>
// RANK0-NEXT: %15 = vector.insert %14, %cst_0 [0, 0] : vector<f32> into vector<2x3xf32>
// RANK0-NEXT: scf.yield %15 : vector<2x3xf32>
// RANK0-NEXT: } else {
// RANK0-NEXT: scf.yield %cst_0 : vector<2x3xf32>
// RANK0-NEXT: }
// RANK0-NEXT: %dim_3 = memref.dim %arg0, %c1 : memref<?x?xf32>
// RANK0-NEXT: %8 = affine.apply #map()[%arg1]
// RANK0-NEXT: %9 = arith.cmpi sgt, %dim_3, %8 : index
// RANK0-NEXT: %10 = scf.if %9 -> (vector<2x3xf32>) {
// RANK0-NEXT: %14 = affine.apply #map()[%arg1]
// RANK0-NEXT: %15 = vector.transfer_read %arg0[%arg1, %14], %cst : memref<?x?xf32>, vector<f32>
// RANK0-NEXT: %16 = vector.insert %15, %7 [0, 1] : vector<f32> into vector<2x3xf32>
// RANK0-NEXT: scf.yield %16 : vector<2x3xf32>
// RANK0-NEXT: } else {
// RANK0-NEXT: scf.yield %7 : vector<2x3xf32>
// RANK0-NEXT: }
// RANK0-NEXT: %dim_4 = memref.dim %arg0, %c1 : memref<?x?xf32>
// RANK0-NEXT: %11 = affine.apply #map1()[%arg1]
// RANK0-NEXT: %12 = arith.cmpi sgt, %dim_4, %11 : index
// RANK0-NEXT: %13 = scf.if %12 -> (vector<2x3xf32>) {
// RANK0-NEXT: %14 = affine.apply #map1()[%arg1]
// RANK0-NEXT: %15 = vector.transfer_read %arg0[%arg1, %14], %cst : memref<?x?xf32>, vector<f32>
// RANK0-NEXT: %16 = vector.insert %15, %10 [0, 2] : vector<f32> into vector<2x3xf32>
// RANK0-NEXT: scf.yield %16 : vector<2x3xf32>
// RANK0-NEXT: } else {
// RANK0-NEXT: scf.yield %10 : vector<2x3xf32>
// RANK0-NEXT: }
// RANK0-NEXT: scf.yield %13 : vector<2x3xf32>
// RANK0-NEXT: } else {
// RANK0-NEXT: scf.yield %cst_0 : vector<2x3xf32>
// RANK0-NEXT: }
// RANK0-NEXT: %dim_1 = memref.dim %arg0, %c0 : memref<?x?xf32>
// RANK0-NEXT: %2 = affine.apply #map()[%arg1]
// RANK0-NEXT: %3 = arith.cmpi sgt, %dim_1, %2 : index
// RANK0-NEXT: %4 = scf.if %3 -> (vector<2x3xf32>) {
// RANK0-NEXT: %6 = affine.apply #map()[%arg1]
// RANK0-NEXT: %dim_2 = memref.dim %arg0, %c1 : memref<?x?xf32>
// RANK0-NEXT: %7 = arith.cmpi sgt, %dim_2, %arg1 : index
// RANK0-NEXT: %8 = scf.if %7 -> (vector<2x3xf32>) {
// RANK0-NEXT: %15 = vector.transfer_read %arg0[%6, %arg1], %cst : memref<?x?xf32>, vector<f32>
// RANK0-NEXT: %16 = vector.insert %15, %1 [1, 0] : vector<f32> into vector<2x3xf32>
// RANK0-NEXT: scf.yield %16 : vector<2x3xf32>
// RANK0-NEXT: } else {
// RANK0-NEXT: scf.yield %1 : vector<2x3xf32>
// RANK0-NEXT: }
// RANK0-NEXT: %dim_3 = memref.dim %arg0, %c1 : memref<?x?xf32>
// RANK0-NEXT: %9 = affine.apply #map()[%arg1]
// RANK0-NEXT: %10 = arith.cmpi sgt, %dim_3, %9 : index
// RANK0-NEXT: %11 = scf.if %10 -> (vector<2x3xf32>) {
// RANK0-NEXT: %15 = affine.apply #map()[%arg1]
// RANK0-NEXT: %16 = vector.transfer_read %arg0[%6, %15], %cst : memref<?x?xf32>, vector<f32>
// RANK0-NEXT: %17 = vector.insert %16, %8 [1, 1] : vector<f32> into vector<2x3xf32>
// RANK0-NEXT: scf.yield %17 : vector<2x3xf32>
// RANK0-NEXT: } else {
// RANK0-NEXT: scf.yield %8 : vector<2x3xf32>
// RANK0-NEXT: }
// RANK0-NEXT: %dim_4 = memref.dim %arg0, %c1 : memref<?x?xf32>
// RANK0-NEXT: %12 = affine.apply #map1()[%arg1]
// RANK0-NEXT: %13 = arith.cmpi sgt, %dim_4, %12 : index
// RANK0-NEXT: %14 = scf.if %13 -> (vector<2x3xf32>) {
// RANK0-NEXT: %15 = affine.apply #map1()[%arg1]
// RANK0-NEXT: %16 = vector.transfer_read %arg0[%6, %15], %cst : memref<?x?xf32>, vector<f32>
// RANK0-NEXT: %17 = vector.insert %16, %11 [1, 2] : vector<f32> into vector<2x3xf32>
// RANK0-NEXT: scf.yield %17 : vector<2x3xf32>
// RANK0-NEXT: } else {
// RANK0-NEXT: scf.yield %11 : vector<2x3xf32>
// RANK0-NEXT: }
// RANK0-NEXT: scf.yield %14 : vector<2x3xf32>
// RANK0-NEXT: } else {
// RANK0-NEXT: scf.yield %1 : vector<2x3xf32>
// RANK0-NEXT: }
// RANK0-NEXT: %5 = vector.transpose %4, [1, 0] : vector<2x3xf32> to vector<3x2xf32>
// RANK0-NEXT: return %5 : vector<3x2xf32>
// RANK0-NEXT: }
