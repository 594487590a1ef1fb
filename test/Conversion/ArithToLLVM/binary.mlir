// RUN: pyopt %s --convert-arith-to-llvm | filecheck %s

// Integer and float arithmetic maps op for op. Overflow flags and fastmath flags land in the
// LLVM op's properties (the fastmath bit order differs between the dialects); any other
// attribute on the source op is carried over as a discardable attribute.
func.func @integers(%a: i16, %b: i16) -> (i16, i16, i16, i16, i16, i16, i16) {
  %0 = arith.addi %a, %b overflow<nsw> : i16
  %1 = arith.subi %a, %b overflow<nuw> {origin = "frontend"} : i16
  %2 = arith.muli %a, %b overflow<nsw, nuw> : i16
  %3 = arith.shli %a, %b overflow<nuw> : i16
  %4 = arith.shrsi %a, %b : i16
  %5 = arith.shrui %a, %b : i16
  %6 = arith.divsi %a, %b : i16
  %7 = arith.divui %a, %b : i16
  %8 = arith.remsi %a, %b : i16
  %9 = arith.remui %a, %b : i16
  %10 = arith.andi %a, %b : i16
  %11 = arith.ori %a, %b : i16
  %12 = arith.xori %a, %b {tag} : i16
  %13 = arith.minsi %a, %b : i16
  %14 = arith.maxsi %a, %b : i16
  %15 = arith.minui %a, %b : i16
  %16 = arith.maxui %12, %13 : i16
  return %0, %1, %2, %3, %4, %16, %14 : i16, i16, i16, i16, i16, i16, i16
}

func.func @floats(%x: f64, %y: f64) -> (f64, f64) {
  %0 = arith.addf %x, %y fastmath<reassoc> : f64
  %1 = arith.subf %x, %y fastmath<nnan,ninf> : f64
  %2 = arith.mulf %x, %y fastmath<contract,afn> : f64
  %3 = arith.divf %x, %y fastmath<arcp> : f64
  %4 = arith.remf %x, %y fastmath<nsz> : f64
  %5 = arith.negf %x : f64
  %6 = arith.maximumf %x, %y fastmath<fast> : f64
  %7 = arith.minimumf %x, %y : f64
  %8 = arith.maxnumf %x, %y fastmath<nnan> : f64
  %9 = arith.minnumf %x, %y {kind = 3 : i8} : f64
  %10 = arith.addf %8, %9 fastmath<none> : f64
  return %10, %7 : f64, f64
}

// 1-D and scalable vectors are legal LLVM types: still one op each.
func.func @vectors(%v: vector<4xi32>, %w: vector<[2]xf32>) -> (vector<4xi32>, vector<[2]xf32>) {
  %0 = arith.addi %v, %v : vector<4xi32>
  %1 = arith.mulf %w, %w fastmath<fast> : vector<[2]xf32>
  return %0, %1 : vector<4xi32>, vector<[2]xf32>
}

// CHECK-LABEL: func.func @integers(%arg0: i16, %arg1: i16) -> (i16, i16, i16, i16, i16, i16, i16) {
// CHECK-NEXT: %0 = llvm.add %arg0, %arg1 overflow<nsw> : i16
// CHECK-NEXT: %1 = llvm.sub %arg0, %arg1 overflow<nuw> {origin = "frontend"} : i16
// CHECK-NEXT: %2 = llvm.mul %arg0, %arg1 overflow<nsw, nuw> : i16
// CHECK-NEXT: %3 = llvm.shl %arg0, %arg1 overflow<nuw> : i16
// CHECK-NEXT: %4 = llvm.ashr %arg0, %arg1  : i16
// CHECK-NEXT: %5 = llvm.lshr %arg0, %arg1  : i16
// CHECK-NEXT: %6 = llvm.sdiv %arg0, %arg1  : i16
// CHECK-NEXT: %7 = llvm.udiv %arg0, %arg1  : i16
// CHECK-NEXT: %8 = llvm.srem %arg0, %arg1  : i16
// CHECK-NEXT: %9 = llvm.urem %arg0, %arg1  : i16
// CHECK-NEXT: %10 = llvm.and %arg0, %arg1  : i16
// CHECK-NEXT: %11 = llvm.or %arg0, %arg1  : i16
// CHECK-NEXT: %12 = llvm.xor %arg0, %arg1  {tag} : i16
// CHECK-NEXT: %13 = llvm.intr.smin(%arg0, %arg1)  : (i16, i16) -> i16
// CHECK-NEXT: %14 = llvm.intr.smax(%arg0, %arg1)  : (i16, i16) -> i16
// CHECK-NEXT: %15 = llvm.intr.umin(%arg0, %arg1)  : (i16, i16) -> i16
// CHECK-NEXT: %16 = llvm.intr.umax(%12, %13)  : (i16, i16) -> i16
// CHECK-NEXT: return %0, %1, %2, %3, %4, %16, %14 : i16, i16, i16, i16, i16, i16, i16
// CHECK-LABEL: func.func @floats(%arg0: f64, %arg1: f64) -> (f64, f64) {
// CHECK-NEXT: %0 = llvm.fadd %arg0, %arg1  {fastmathFlags = #llvm.fastmath<reassoc>} : f64
// CHECK-NEXT: %1 = llvm.fsub %arg0, %arg1  {fastmathFlags = #llvm.fastmath<nnan, ninf>} : f64
// CHECK-NEXT: %2 = llvm.fmul %arg0, %arg1  {fastmathFlags = #llvm.fastmath<contract, afn>} : f64
// CHECK-NEXT: %3 = llvm.fdiv %arg0, %arg1  {fastmathFlags = #llvm.fastmath<arcp>} : f64
// CHECK-NEXT: %4 = llvm.frem %arg0, %arg1  {fastmathFlags = #llvm.fastmath<nsz>} : f64
// CHECK-NEXT: %5 = llvm.fneg %arg0  : f64
// CHECK-NEXT: %6 = llvm.intr.maximum(%arg0, %arg1)  {fastmathFlags = #llvm.fastmath<fast>} : (f64, f64) -> f64
// CHECK-NEXT: %7 = llvm.intr.minimum(%arg0, %arg1)  : (f64, f64) -> f64
// CHECK-NEXT: %8 = llvm.intr.maxnum(%arg0, %arg1)  {fastmathFlags = #llvm.fastmath<nnan>} : (f64, f64) -> f64
// CHECK-NEXT: %9 = llvm.intr.minnum(%arg0, %arg1)  {kind = 3 : i8} : (f64, f64) -> f64
// CHECK-NEXT: %10 = llvm.fadd %8, %9  : f64
// CHECK-NEXT: return %10, %7 : f64, f64
// CHECK-LABEL: func.func @vectors(%arg0: vector<4xi32>, %arg1: vector<[2]xf32>) -> (vector<4xi32>, vector<[2]xf32>) {
// CHECK-NEXT: %0 = llvm.add %arg0, %arg0 : vector<4xi32>
// CHECK-NEXT: %1 = llvm.fmul %arg1, %arg1  {fastmathFlags = #llvm.fastmath<fast>} : vector<[2]xf32>
// CHECK-NEXT: return %0, %1 : vector<4xi32>, vector<[2]xf32>
