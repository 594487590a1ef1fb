// RUN: pyopt %s --arith-expand=include-bf16 | filecheck %s
// RUN: pyopt %s --arith-expand | filecheck %s --check-prefix=NOBF16

// Expansions of the division, min/max and bf16 cast ops as mlir-opt 19 emits them;
// constant operands fold instead of expanding.

// CHECK-LABEL: func.func @ceil_vec
// CHECK-NEXT: [[V1:%[a-z0-9_]+]] = arith.constant dense<1> : vector<4xi16>
// CHECK-NEXT: [[V2:%[a-z0-9_]+]] = arith.constant dense<0> : vector<4xi16>
// CHECK-NEXT: [[V3:%[a-z0-9_]+]] = arith.constant dense<-1> : vector<4xi16>
// CHECK-NEXT: [[V4:%[a-z0-9_]+]] = arith.cmpi sgt, %arg1, [[V2]] : vector<4xi16>
// CHECK-NEXT: [[V5:%[a-z0-9_]+]] = arith.select [[V4]], [[V3]], [[V1]] : vector<4xi1>, vector<4xi16>
// CHECK-NEXT: [[V6:%[a-z0-9_]+]] = arith.addi [[V5]], %arg0 : vector<4xi16>
// CHECK-NEXT: [[V7:%[a-z0-9_]+]] = arith.divsi [[V6]], %arg1 : vector<4xi16>
// CHECK-NEXT: [[V8:%[a-z0-9_]+]] = arith.addi [[V1]], [[V7]] : vector<4xi16>
// CHECK-NEXT: [[V9:%[a-z0-9_]+]] = arith.subi [[V2]], %arg0 : vector<4xi16>
// CHECK-NEXT: [[V10:%[a-z0-9_]+]] = arith.divsi [[V9]], %arg1 : vector<4xi16>
// CHECK-NEXT: [[V11:%[a-z0-9_]+]] = arith.subi [[V2]], [[V10]] : vector<4xi16>
// CHECK-NEXT: [[V12:%[a-z0-9_]+]] = arith.cmpi slt, %arg0, [[V2]] : vector<4xi16>
// CHECK-NEXT: [[V13:%[a-z0-9_]+]] = arith.cmpi sgt, %arg0, [[V2]] : vector<4xi16>
// CHECK-NEXT: [[V14:%[a-z0-9_]+]] = arith.cmpi slt, %arg1, [[V2]] : vector<4xi16>
// CHECK-NEXT: [[V15:%[a-z0-9_]+]] = arith.cmpi sgt, %arg1, [[V2]] : vector<4xi16>
// CHECK-NEXT: [[V16:%[a-z0-9_]+]] = arith.andi [[V12]], [[V14]] : vector<4xi1>
// CHECK-NEXT: [[V17:%[a-z0-9_]+]] = arith.andi [[V13]], [[V15]] : vector<4xi1>
// CHECK-NEXT: [[V18:%[a-z0-9_]+]] = arith.ori [[V16]], [[V17]] : vector<4xi1>
// CHECK-NEXT: [[V19:%[a-z0-9_]+]] = arith.select [[V18]], [[V8]], [[V11]] : vector<4xi1>, vector<4xi16>
// CHECK-NEXT: return [[V19]] : vector<4xi16>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @ceilu_idx
// CHECK-NEXT: [[V1:%[a-z0-9_]+]] = arith.constant 0 : index
// CHECK-NEXT: [[V2:%[a-z0-9_]+]] = arith.cmpi eq, %arg0, [[V1]] : index
// CHECK-NEXT: [[V3:%[a-z0-9_]+]] = arith.constant 1 : index
// CHECK-NEXT: [[V4:%[a-z0-9_]+]] = arith.subi %arg0, [[V3]] : index
// CHECK-NEXT: [[V5:%[a-z0-9_]+]] = arith.divui [[V4]], %arg1 : index
// CHECK-NEXT: [[V6:%[a-z0-9_]+]] = arith.addi [[V5]], [[V3]] : index
// CHECK-NEXT: [[V7:%[a-z0-9_]+]] = arith.select [[V2]], [[V1]], [[V6]] : index
// CHECK-NEXT: return [[V7]] : index
// CHECK-NEXT: }
// CHECK-LABEL: func.func @floor_tensor
// CHECK-NEXT: [[V1:%[a-z0-9_]+]] = arith.divsi %arg0, %arg1 : tensor<2xi8>
// CHECK-NEXT: [[V2:%[a-z0-9_]+]] = arith.muli [[V1]], %arg1 : tensor<2xi8>
// CHECK-NEXT: [[V3:%[a-z0-9_]+]] = arith.cmpi ne, %arg0, [[V2]] : tensor<2xi8>
// CHECK-NEXT: [[V4:%[a-z0-9_]+]] = arith.constant dense<0> : tensor<2xi8>
// CHECK-NEXT: [[V5:%[a-z0-9_]+]] = arith.cmpi slt, %arg0, [[V4]] : tensor<2xi8>
// CHECK-NEXT: [[V6:%[a-z0-9_]+]] = arith.cmpi slt, %arg1, [[V4]] : tensor<2xi8>
// CHECK-NEXT: [[V7:%[a-z0-9_]+]] = arith.cmpi ne, [[V5]], [[V6]] : tensor<2xi1>
// CHECK-NEXT: [[V8:%[a-z0-9_]+]] = arith.andi [[V3]], [[V7]] : tensor<2xi1>
// CHECK-NEXT: [[V9:%[a-z0-9_]+]] = arith.constant dense<-1> : tensor<2xi8>
// CHECK-NEXT: [[V10:%[a-z0-9_]+]] = arith.addi [[V1]], [[V9]] : tensor<2xi8>
// CHECK-NEXT: [[V11:%[a-z0-9_]+]] = arith.select [[V8]], [[V10]], [[V1]] : tensor<2xi1>, tensor<2xi8>
// CHECK-NEXT: return [[V11]] : tensor<2xi8>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @folded
// CHECK-NEXT: [[V1:%[a-z0-9_]+]] = arith.constant 7 : i32
// CHECK-NEXT: [[V2:%[a-z0-9_]+]] = arith.constant 2 : i32
// CHECK-NEXT: [[V3:%[a-z0-9_]+]] = arith.constant 4 : i32
// CHECK-NEXT: return [[V3]] : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @minmax
// CHECK-NEXT: [[V1:%[a-z0-9_]+]] = arith.cmpi ult, %arg0, %arg1 : i64
// CHECK-NEXT: [[V2:%[a-z0-9_]+]] = arith.select [[V1]], %arg0, %arg1 : i64
// CHECK-NEXT: [[V3:%[a-z0-9_]+]] = arith.cmpi sgt, %arg0, %arg1 : i64
// CHECK-NEXT: [[V4:%[a-z0-9_]+]] = arith.select [[V3]], %arg0, %arg1 : i64
// CHECK-NEXT: [[V5:%[a-z0-9_]+]] = arith.cmpf ult, %arg2, %arg3 : f16
// CHECK-NEXT: [[V6:%[a-z0-9_]+]] = arith.select [[V5]], %arg2, %arg3 : f16
// CHECK-NEXT: [[V7:%[a-z0-9_]+]] = arith.cmpf uno, %arg3, %arg3 : f16
// CHECK-NEXT: [[V8:%[a-z0-9_]+]] = arith.select [[V7]], %arg3, [[V6]] : f16
// CHECK-NEXT: [[V9:%[a-z0-9_]+]] = arith.cmpf ugt, %arg2, %arg3 : f16
// CHECK-NEXT: [[V10:%[a-z0-9_]+]] = arith.select [[V9]], %arg2, %arg3 : f16
// CHECK-NEXT: [[V11:%[a-z0-9_]+]] = arith.cmpf uno, %arg2, %arg2 : f16
// CHECK-NEXT: [[V12:%[a-z0-9_]+]] = arith.select [[V11]], %arg3, [[V10]] : f16
// CHECK-NEXT: return [[V2]], [[V4]], [[V8]], [[V12]] : i64, i64, f16, f16
// CHECK-NEXT: }
// CHECK-LABEL: func.func @bf16
// CHECK-NEXT: [[V1:%[a-z0-9_]+]] = arith.bitcast %arg0 : vector<2xbf16> to vector<2xi16>
// CHECK-NEXT: [[V2:%[a-z0-9_]+]] = arith.extui [[V1]] : vector<2xi16> to vector<2xi32>
// CHECK-NEXT: [[V3:%[a-z0-9_]+]] = arith.constant dense<16> : vector<2xi32>
// CHECK-NEXT: [[V4:%[a-z0-9_]+]] = arith.shli [[V2]], [[V3]] : vector<2xi32>
// CHECK-NEXT: [[V5:%[a-z0-9_]+]] = arith.bitcast [[V4]] : vector<2xi32> to vector<2xf32>
// CHECK-NEXT: [[V6:%[a-z0-9_]+]] = arith.cmpf une, %arg1, %arg1 : f32
// CHECK-NEXT: [[V7:%[a-z0-9_]+]] = arith.constant 32767 : i32
// CHECK-NEXT: [[V8:%[a-z0-9_]+]] = arith.constant 32704 : i16
// CHECK-NEXT: [[V9:%[a-z0-9_]+]] = arith.constant 16 : i32
// CHECK-NEXT: [[V10:%[a-z0-9_]+]] = arith.constant 1 : i32
// CHECK-NEXT: [[V11:%[a-z0-9_]+]] = arith.bitcast %arg1 : f32 to i32
// CHECK-NEXT: [[V12:%[a-z0-9_]+]] = arith.shrui [[V11]], [[V9]] : i32
// CHECK-NEXT: [[V13:%[a-z0-9_]+]] = arith.andi [[V12]], [[V10]] : i32
// CHECK-NEXT: [[V14:%[a-z0-9_]+]] = arith.addi [[V13]], [[V7]] : i32
// CHECK-NEXT: [[V15:%[a-z0-9_]+]] = arith.addi [[V11]], [[V14]] : i32
// CHECK-NEXT: [[V16:%[a-z0-9_]+]] = arith.shrui [[V15]], [[V9]] : i32
// CHECK-NEXT: [[V17:%[a-z0-9_]+]] = arith.trunci [[V16]] : i32 to i16
// CHECK-NEXT: [[V18:%[a-z0-9_]+]] = arith.select [[V6]], [[V8]], [[V17]] : i16
// CHECK-NEXT: [[V19:%[a-z0-9_]+]] = arith.bitcast [[V18]] : i16 to bf16
// CHECK-NEXT: [[V20:%[a-z0-9_]+]] = arith.extf %arg1 : f32 to f64
// CHECK-NEXT: return [[V5]], [[V19]], [[V20]] : vector<2xf32>, bf16, f64
// CHECK-NEXT: }

// Without include-bf16 the casts stay.
// NOBF16-LABEL: func.func @bf16
// NOBF16-NEXT: arith.extf %arg0 : vector<2xbf16> to vector<2xf32>
// NOBF16-NEXT: arith.truncf %arg1 : f32 to bf16

func.func @ceil_vec(%a: vector<4xi16>, %b: vector<4xi16>) -> vector<4xi16> {
  %r = arith.ceildivsi %a, %b : vector<4xi16>
  return %r : vector<4xi16>
}
func.func @ceilu_idx(%a: index, %b: index) -> index {
  %r = arith.ceildivui %a, %b : index
  return %r : index
}
func.func @floor_tensor(%a: tensor<2xi8>, %b: tensor<2xi8>) -> tensor<2xi8> {
  %r = arith.floordivsi %a, %b : tensor<2xi8>
  return %r : tensor<2xi8>
}
func.func @folded() -> i32 {
  %c7 = arith.constant 7 : i32
  %c2 = arith.constant 2 : i32
  %r = arith.ceildivsi %c7, %c2 : i32
  return %r : i32
}
func.func @minmax(%a: i64, %b: i64, %x: f16, %y: f16) -> (i64, i64, f16, f16) {
  %0 = arith.minui %a, %b : i64
  %1 = arith.maxsi %a, %b : i64
  %2 = arith.minimumf %x, %y fastmath<nnan> : f16
  %3 = arith.maxnumf %x, %y : f16
  return %0, %1, %2, %3 : i64, i64, f16, f16
}
func.func @bf16(%a: vector<2xbf16>, %b: f32) -> (vector<2xf32>, bf16, f64) {
  %0 = arith.extf %a : vector<2xbf16> to vector<2xf32>
  %1 = arith.truncf %b : f32 to bf16
  %3 = arith.extf %b : f32 to f64
  return %0, %1, %3 : vector<2xf32>, bf16, f64
}
