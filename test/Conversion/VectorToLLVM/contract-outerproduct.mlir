// RUN: pyopt %s --convert-vector-to-llvm --split-input-file | filecheck %s

// A float outer product with an accumulator: one broadcast row and fmuladd per result row.
// CHECK-LABEL: func.func @outer_acc
// CHECK:         %[[E0:.*]] = llvm.extractelement %arg0[%{{.*}} : i64] : vector<2xf32>
// CHECK:         %[[S0:.*]] = llvm.shufflevector %{{.*}}, %{{.*}} [0, 0, 0] : vector<3xf32>
// CHECK:         %[[A0:.*]] = llvm.extractvalue %{{.*}}[0] : !llvm.array<2 x vector<3xf32>>
// CHECK:         llvm.intr.fmuladd(%[[S0]], %arg1, %[[A0]])
// CHECK:         llvm.intr.fmuladd
// CHECK-NOT:     vector.outerproduct
func.func @outer_acc(%a: vector<2xf32>, %b: vector<3xf32>, %c: vector<2x3xf32>) -> vector<2x3xf32> {
  %0 = vector.outerproduct %a, %b, %c : vector<2xf32>, vector<3xf32>
  return %0 : vector<2x3xf32>
}

// -----

// A masked integer axpy: the accumulator is kept where the mask is off.
// CHECK-LABEL: func.func @masked_axpy
// CHECK:         %[[M:.*]] = arith.muli %arg0, %{{.*}} : vector<4xi32>
// CHECK:         %[[X:.*]] = arith.maxui %[[M]], %arg2 : vector<4xi32>
// CHECK:         arith.select %arg3, %[[X]], %arg2 : vector<4xi1>, vector<4xi32>
func.func @masked_axpy(%a: vector<4xi32>, %s: i32, %c: vector<4xi32>, %m: vector<4xi1>) -> vector<4xi32> {
  %0 = vector.mask %m { vector.outerproduct %a, %s, %c {kind = #vector.kind<maxui>} : vector<4xi32>, i32 } : vector<4xi1> -> vector<4xi32>
  return %0 : vector<4xi32>
}

// -----

// A matrix-vector contraction: a multiply and an add reduction per row.
// CHECK-LABEL: func.func @matvec
// CHECK:         %[[R0:.*]] = llvm.extractvalue %{{.*}}[0] : !llvm.array<2 x vector<3xf32>>
// CHECK:         %[[P0:.*]] = arith.mulf %[[R0]], %arg1 : vector<3xf32>
// CHECK:         "llvm.intr.vector.reduce.fadd"(%{{.*}}, %[[P0]]) <{fastmathFlags = #llvm.fastmath<none>}> : (f32, vector<3xf32>) -> f32
// CHECK:         "llvm.intr.vector.reduce.fadd"
// CHECK:         arith.addf %{{.*}}, %arg2 : vector<2xf32>
#matvec = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>]
func.func @matvec(%m: vector<2x3xf32>, %v: vector<3xf32>, %acc: vector<2xf32>) -> vector<2xf32> {
  %0 = vector.contract {indexing_maps = #matvec, iterator_types = ["parallel", "reduction"]} %m, %v, %acc : vector<2x3xf32>, vector<3xf32> into vector<2xf32>
  return %0 : vector<2xf32>
}

// -----

// A plain dot product: the accumulator is the reduction's start value.
// CHECK-LABEL: func.func @dot
// CHECK:         %[[P:.*]] = arith.muli %arg0, %arg1 : vector<8xi16>
// CHECK:         %[[R:.*]] = "llvm.intr.vector.reduce.add"(%[[P]]) : (vector<8xi16>) -> i16
// CHECK:         llvm.add %arg2, %[[R]] : i16
#dot = [affine_map<(k) -> (k)>, affine_map<(k) -> (k)>, affine_map<(k) -> ()>]
func.func @dot(%a: vector<8xi16>, %b: vector<8xi16>, %c: i16) -> i16 {
  %0 = vector.contract {indexing_maps = #dot, iterator_types = ["reduction"]} %a, %b, %c : vector<8xi16>, vector<8xi16> into i16
  return %0 : i16
}

// -----

// CHECK-LABEL: func.func @interleave_2d
// CHECK:         llvm.shufflevector %{{.*}}, %{{.*}} [0, 3, 1, 4, 2, 5] : vector<3xf16>
// CHECK:         llvm.shufflevector %{{.*}}, %{{.*}} [0, 3, 1, 4, 2, 5] : vector<3xf16>
func.func @interleave_2d(%a: vector<2x3xf16>, %b: vector<2x3xf16>) -> vector<2x6xf16> {
  %0 = vector.interleave %a, %b : vector<2x3xf16> -> vector<2x6xf16>
  return %0 : vector<2x6xf16>
}

// -----

// CHECK-LABEL: func.func @deinterleave_scalable
// CHECK:         %[[D:.*]] = "llvm.intr.vector.deinterleave2"(%arg0) : (vector<[8]xi8>) -> !llvm.struct<(vector<[4]xi8>, vector<[4]xi8>)>
// CHECK:         llvm.extractvalue %[[D]][0]
// CHECK:         llvm.extractvalue %[[D]][1]
func.func @deinterleave_scalable(%a: vector<[8]xi8>) -> (vector<[4]xi8>, vector<[4]xi8>) {
  %0, %1 = vector.deinterleave %a : vector<[8]xi8> -> vector<[4]xi8>
  return %0, %1 : vector<[4]xi8>, vector<[4]xi8>
}

// -----

// CHECK-LABEL: func.func @bitcast_3d
// CHECK-COUNT-6: llvm.bitcast %{{.*}} : vector<4xi16> to vector<8xi8>
func.func @bitcast_3d(%a: vector<2x3x4xi16>) -> vector<2x3x8xi8> {
  %0 = vector.bitcast %a : vector<2x3x4xi16> to vector<2x3x8xi8>
  return %0 : vector<2x3x8xi8>
}

// -----

// Masked reductions use the vector-predicated intrinsics (the neutral start value of umin
// is all ones).
// CHECK-LABEL: func.func @masked_umin
// CHECK:         %[[S:.*]] = llvm.mlir.constant(-1 : i32) : i32
// CHECK:         %[[N:.*]] = llvm.mlir.constant(8 : i32) : i32
// CHECK:         "llvm.intr.vp.reduce.umin"(%[[S]], %arg0, %arg1, %[[N]]) : (i32, vector<8xi32>, vector<8xi1>, i32) -> i32
func.func @masked_umin(%a: vector<8xi32>, %m: vector<8xi1>) -> i32 {
  %0 = vector.mask %m { vector.reduction <minui>, %a : vector<8xi32> into i32 } : vector<8xi1> -> i32
  return %0 : i32
}
