// RUN: pyopt %s --convert-arith-to-llvm | filecheck %s
// RUN: pyopt %s --convert-arith-to-llvm=index-bitwidth=32 | filecheck %s --check-prefix=IDX32

// Integer and float conversions, bitcasts and the index casts. An index cast becomes a trunc
// or an extension depending on the index bitwidth, or nothing when the widths agree.
func.func @conversions(%i: i32, %f: f32, %h: f16, %d: f64) {
  %0 = arith.extsi %i : i32 to i64
  %1 = arith.extui %i : i32 to i48
  %2 = arith.trunci %i : i32 to i8
  %3 = arith.extf %h : f16 to f64
  %4 = arith.truncf %d : f64 to f32
  %5 = arith.sitofp %i : i32 to f16
  %6 = arith.uitofp %i : i32 to f64
  %7 = arith.fptosi %f : f32 to i8
  %8 = arith.fptoui %d : f64 to i64
  %9 = arith.bitcast %f : f32 to i32
  %10 = arith.extf %f fastmath<fast> : f32 to f64
  return
}

// A rounding mode selects the constrained intrinsic with the default exception behaviour.
func.func @rounding(%d: f64) {
  %0 = arith.truncf %d to_nearest_even : f64 to f32
  %1 = arith.truncf %d downward : f64 to f32
  %2 = arith.truncf %d upward : f64 to f16
  %3 = arith.truncf %d toward_zero : f64 to bf16
  %4 = arith.truncf %d to_nearest_away {note} : f64 to f32
  return
}

func.func @index_casts(%n: index, %i: i32, %j: i64, %v: vector<3xindex>) -> (index, index, i32, i64, vector<3xi16>) {
  %0 = arith.index_cast %i : i32 to index
  %1 = arith.index_castui %i : i32 to index
  %2 = arith.index_cast %n : index to i32
  %3 = arith.index_castui %n : index to i64
  %4 = arith.index_cast %j : i64 to index
  %5 = arith.index_cast %v : vector<3xindex> to vector<3xi16>
  return %0, %1, %2, %3, %5 : index, index, i32, i64, vector<3xi16>
}

// CHECK-LABEL: func.func @conversions(%arg0: i32, %arg1: f32, %arg2: f16, %arg3: f64) {
// CHECK-NEXT: %0 = llvm.sext %arg0 : i32 to i64
// CHECK-NEXT: %1 = llvm.zext %arg0 : i32 to i48
// CHECK-NEXT: %2 = llvm.trunc %arg0 : i32 to i8
// CHECK-NEXT: %3 = llvm.fpext %arg2 : f16 to f64
// CHECK-NEXT: %4 = llvm.fptrunc %arg3 : f64 to f32
// CHECK-NEXT: %5 = llvm.sitofp %arg0 : i32 to f16
// CHECK-NEXT: %6 = llvm.uitofp %arg0 : i32 to f64
// CHECK-NEXT: %7 = llvm.fptosi %arg1 : f32 to i8
// CHECK-NEXT: %8 = llvm.fptoui %arg3 : f64 to i64
// CHECK-NEXT: %9 = llvm.bitcast %arg1 : f32 to i32
// CHECK-NEXT: %10 = llvm.fpext %arg1 {fastmath = #arith.fastmath<fast>} : f32 to f64
// CHECK-NEXT: return
// CHECK-LABEL: func.func @rounding(%arg0: f64) {
// CHECK-NEXT: %0 = llvm.intr.experimental.constrained.fptrunc %arg0 tonearest ignore : f64 to f32
// CHECK-NEXT: %1 = llvm.intr.experimental.constrained.fptrunc %arg0 downward ignore : f64 to f32
// CHECK-NEXT: %2 = llvm.intr.experimental.constrained.fptrunc %arg0 upward ignore : f64 to f16
// CHECK-NEXT: %3 = llvm.intr.experimental.constrained.fptrunc %arg0 towardzero ignore : f64 to bf16
// CHECK-NEXT: %4 = llvm.intr.experimental.constrained.fptrunc %arg0 tonearestaway ignore {note} : f64 to f32
// CHECK-NEXT: return
// CHECK-LABEL: func.func @index_casts(%arg0: index, %arg1: i32, %arg2: i64, %arg3: vector<3xindex>) -> (index, index, i32, i64, vector<3xi16>) {
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg3 : vector<3xindex> to vector<3xi64>
// CHECK-NEXT: %1 = builtin.unrealized_conversion_cast %arg0 : index to i64
// CHECK-NEXT: %2 = llvm.sext %arg1 : i32 to i64
// CHECK-NEXT: %3 = builtin.unrealized_conversion_cast %2 : i64 to index
// CHECK-NEXT: %4 = llvm.zext %arg1 : i32 to i64
// CHECK-NEXT: %5 = builtin.unrealized_conversion_cast %4 : i64 to index
// CHECK-NEXT: %6 = llvm.trunc %1 : i64 to i32
// CHECK-NEXT: %7 = llvm.trunc %0 : vector<3xi64> to vector<3xi16>
// CHECK-NEXT: return %3, %5, %6, %1, %7 : index, index, i32, i64, vector<3xi16>

// IDX32-LABEL: func.func @conversions(%arg0: i32, %arg1: f32, %arg2: f16, %arg3: f64) {
// IDX32-NEXT: %0 = llvm.sext %arg0 : i32 to i64
// IDX32-NEXT: %1 = llvm.zext %arg0 : i32 to i48
// IDX32-NEXT: %2 = llvm.trunc %arg0 : i32 to i8
// IDX32-NEXT: %3 = llvm.fpext %arg2 : f16 to f64
// IDX32-NEXT: %4 = llvm.fptrunc %arg3 : f64 to f32
// IDX32-NEXT: %5 = llvm.sitofp %arg0 : i32 to f16
// IDX32-NEXT: %6 = llvm.uitofp %arg0 : i32 to f64
// IDX32-NEXT: %7 = llvm.fptosi %arg1 : f32 to i8
// IDX32-NEXT: %8 = llvm.fptoui %arg3 : f64 to i64
// IDX32-NEXT: %9 = llvm.bitcast %arg1 : f32 to i32
// IDX32-NEXT: %10 = llvm.fpext %arg1 {fastmath = #arith.fastmath<fast>} : f32 to f64
// IDX32-NEXT: return
// IDX32-LABEL: func.func @rounding(%arg0: f64) {
// IDX32-NEXT: %0 = llvm.intr.experimental.constrained.fptrunc %arg0 tonearest ignore : f64 to f32
// IDX32-NEXT: %1 = llvm.intr.experimental.constrained.fptrunc %arg0 downward ignore : f64 to f32
// IDX32-NEXT: %2 = llvm.intr.experimental.constrained.fptrunc %arg0 upward ignore : f64 to f16
// IDX32-NEXT: %3 = llvm.intr.experimental.constrained.fptrunc %arg0 towardzero ignore : f64 to bf16
// IDX32-NEXT: %4 = llvm.intr.experimental.constrained.fptrunc %arg0 tonearestaway ignore {note} : f64 to f32
// IDX32-NEXT: return
// IDX32-LABEL: func.func @index_casts(%arg0: index, %arg1: i32, %arg2: i64, %arg3: vector<3xindex>) -> (index, index, i32, i64, vector<3xi16>) {
// IDX32-NEXT: %0 = builtin.unrealized_conversion_cast %arg3 : vector<3xindex> to vector<3xi32>
// IDX32-NEXT: %1 = builtin.unrealized_conversion_cast %arg0 : index to i32
// IDX32-NEXT: %2 = builtin.unrealized_conversion_cast %arg1 : i32 to index
// IDX32-NEXT: %3 = builtin.unrealized_conversion_cast %arg1 : i32 to index
// IDX32-NEXT: %4 = llvm.zext %1 : i32 to i64
// IDX32-NEXT: %5 = llvm.trunc %arg2 : i64 to i32
// IDX32-NEXT: %6 = llvm.trunc %0 : vector<3xi32> to vector<3xi16>
// IDX32-NEXT: return %2, %3, %1, %4, %6 : index, index, i32, i64, vector<3xi16>
