// RUN: pyopt %s --convert-arith-to-llvm | filecheck %s

// addui_extended is LLVM's uadd.with.overflow; the extended multiplications multiply in twice
// the width and split the product. Both handle scalars and 1-D vectors only: n-D vectors stay.
func.func @add_extended(%a: i64, %b: i64, %v: vector<2xi8>) -> (i64, i1, vector<2xi8>, vector<2xi1>) {
  %s, %o = arith.addui_extended %a, %b : i64, i1
  %vs, %vo = arith.addui_extended %v, %v : vector<2xi8>, vector<2xi1>
  return %s, %o, %vs, %vo : i64, i1, vector<2xi8>, vector<2xi1>
}

func.func @mul_extended(%a: i16, %b: i16, %v: vector<4xi32>) -> (i16, i16, vector<4xi32>, vector<4xi32>) {
  %lo, %hi = arith.mulsi_extended %a, %b : i16
  %ulo, %uhi = arith.mului_extended %v, %v : vector<4xi32>
  return %lo, %hi, %ulo, %uhi : i16, i16, vector<4xi32>, vector<4xi32>
}

func.func @nd_stays(%m: vector<2x2xi32>) -> vector<2x2xi32> {
  %lo, %hi = arith.mulsi_extended %m, %m : vector<2x2xi32>
  %s, %o = arith.addui_extended %m, %m : vector<2x2xi32>, vector<2x2xi1>
  return %hi : vector<2x2xi32>
}

// CHECK-LABEL: func.func @add_extended(%arg0: i64, %arg1: i64, %arg2: vector<2xi8>) -> (i64, i1, vector<2xi8>, vector<2xi1>) {
// CHECK-NEXT: %0 = "llvm.intr.uadd.with.overflow"(%arg0, %arg1) : (i64, i64) -> !llvm.struct<(i64, i1)>
// CHECK-NEXT: %1 = llvm.extractvalue %0[0] : !llvm.struct<(i64, i1)>
// CHECK-NEXT: %2 = llvm.extractvalue %0[1] : !llvm.struct<(i64, i1)>
// CHECK-NEXT: %3 = "llvm.intr.uadd.with.overflow"(%arg2, %arg2) : (vector<2xi8>, vector<2xi8>) -> !llvm.struct<(vector<2xi8>, vector<2xi1>)>
// CHECK-NEXT: %4 = llvm.extractvalue %3[0] : !llvm.struct<(vector<2xi8>, vector<2xi1>)>
// CHECK-NEXT: %5 = llvm.extractvalue %3[1] : !llvm.struct<(vector<2xi8>, vector<2xi1>)>
// CHECK-NEXT: return %1, %2, %4, %5 : i64, i1, vector<2xi8>, vector<2xi1>
// CHECK-LABEL: func.func @mul_extended(%arg0: i16, %arg1: i16, %arg2: vector<4xi32>) -> (i16, i16, vector<4xi32>, vector<4xi32>) {
// CHECK-NEXT: %0 = llvm.sext %arg0 : i16 to i32
// CHECK-NEXT: %1 = llvm.sext %arg1 : i16 to i32
// CHECK-NEXT: %2 = llvm.mul %0, %1 : i32
// CHECK-NEXT: %3 = llvm.trunc %2 : i32 to i16
// CHECK-NEXT: %4 = llvm.mlir.constant(16 : i32) : i32
// CHECK-NEXT: %5 = llvm.lshr %2, %4  : i32
// CHECK-NEXT: %6 = llvm.trunc %5 : i32 to i16
// CHECK-NEXT: %7 = llvm.zext %arg2 : vector<4xi32> to vector<4xi64>
// CHECK-NEXT: %8 = llvm.zext %arg2 : vector<4xi32> to vector<4xi64>
// CHECK-NEXT: %9 = llvm.mul %7, %8 : vector<4xi64>
// CHECK-NEXT: %10 = llvm.trunc %9 : vector<4xi64> to vector<4xi32>
// CHECK-NEXT: %11 = llvm.mlir.constant(dense<32> : vector<4xi64>) : vector<4xi64>
// CHECK-NEXT: %12 = llvm.lshr %9, %11  : vector<4xi64>
// CHECK-NEXT: %13 = llvm.trunc %12 : vector<4xi64> to vector<4xi32>
// CHECK-NEXT: return %3, %6, %10, %13 : i16, i16, vector<4xi32>, vector<4xi32>
// CHECK-LABEL: func.func @nd_stays(%arg0: vector<2x2xi32>) -> vector<2x2xi32> {
// CHECK-NEXT: %low, %high = arith.mulsi_extended %arg0, %arg0 : vector<2x2xi32>
// CHECK-NEXT: %sum, %overflow = arith.addui_extended %arg0, %arg0 : vector<2x2xi32>, vector<2x2xi1>
// CHECK-NEXT: return %high : vector<2x2xi32>
