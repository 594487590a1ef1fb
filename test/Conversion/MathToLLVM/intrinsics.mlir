// RUN: pyopt %s --convert-math-to-llvm | filecheck %s

// Every one-to-one math op becomes its LLVM intrinsic; #arith.fastmath turns into
// #llvm.fastmath (the bit orders differ) and discardable attributes come along.
func.func @float_unary(%x: f32) {
  %0 = math.absf %x : f32
  %1 = math.ceil %x fastmath<nnan> : f32
  %2 = math.cos %x fastmath<ninf> : f32
  %3 = math.exp %x fastmath<nsz> : f32
  %4 = math.exp2 %x fastmath<arcp> : f32
  %5 = math.floor %x fastmath<contract> : f32
  %6 = math.log %x fastmath<afn> : f32
  %7 = math.log10 %x fastmath<reassoc> : f32
  %8 = math.log2 %x fastmath<fast> : f32
  %9 = math.round %x {note = "kept"} : f32
  %10 = math.roundeven %x : f32
  %11 = math.sin %x fastmath<nnan,afn> : f32
  %12 = math.sqrt %x : f32
  %13 = math.trunc %x fastmath<reassoc,contract> : f32
  return
}

func.func @float_binary(%x: f64, %y: f64, %z: f64, %n: i32) {
  %0 = math.copysign %x, %y fastmath<nsz> : f64
  %1 = math.powf %x, %y : f64
  %2 = math.fpowi %x, %n fastmath<afn> : f64, i32
  %3 = math.fma %x, %y, %z fastmath<contract> : f64
  return
}

// ctlz/cttz/absi say that zero / INT_MIN inputs are not poison; ctpop takes no flag.
func.func @integer(%i: i16, %v: vector<8xi8>) {
  %0 = math.ctlz %i : i16
  %1 = math.cttz %i : i16
  %2 = math.absi %i : i16
  %3 = math.ctpop %i : i16
  %4 = math.ctlz %v : vector<8xi8>
  %5 = math.absi %v : vector<8xi8>
  return
}

// Ops without an LLVM lowering, and values of types LLVM has no form for, stay.
func.func @left_alone(%x: f32, %t: tensor<4xf32>) {
  %0 = math.tanh %x : f32
  %1 = math.atan2 %x, %x : f32
  %2 = math.sqrt %t : tensor<4xf32>
  return
}

// CHECK-LABEL: func.func @float_unary(%arg0: f32) {
// CHECK-NEXT: %0 = llvm.intr.fabs(%arg0)  : (f32) -> f32
// CHECK-NEXT: %1 = llvm.intr.ceil(%arg0)  {fastmathFlags = #llvm.fastmath<nnan>} : (f32) -> f32
// CHECK-NEXT: %2 = llvm.intr.cos(%arg0)  {fastmathFlags = #llvm.fastmath<ninf>} : (f32) -> f32
// CHECK-NEXT: %3 = llvm.intr.exp(%arg0)  {fastmathFlags = #llvm.fastmath<nsz>} : (f32) -> f32
// CHECK-NEXT: %4 = llvm.intr.exp2(%arg0)  {fastmathFlags = #llvm.fastmath<arcp>} : (f32) -> f32
// CHECK-NEXT: %5 = llvm.intr.floor(%arg0)  {fastmathFlags = #llvm.fastmath<contract>} : (f32) -> f32
// CHECK-NEXT: %6 = llvm.intr.log(%arg0)  {fastmathFlags = #llvm.fastmath<afn>} : (f32) -> f32
// CHECK-NEXT: %7 = llvm.intr.log10(%arg0)  {fastmathFlags = #llvm.fastmath<reassoc>} : (f32) -> f32
// CHECK-NEXT: %8 = llvm.intr.log2(%arg0)  {fastmathFlags = #llvm.fastmath<fast>} : (f32) -> f32
// CHECK-NEXT: %9 = llvm.intr.round(%arg0)  {note = "kept"} : (f32) -> f32
// CHECK-NEXT: %10 = llvm.intr.roundeven(%arg0)  : (f32) -> f32
// CHECK-NEXT: %11 = llvm.intr.sin(%arg0)  {fastmathFlags = #llvm.fastmath<nnan, afn>} : (f32) -> f32
// CHECK-NEXT: %12 = llvm.intr.sqrt(%arg0)  : (f32) -> f32
// CHECK-NEXT: %13 = llvm.intr.trunc(%arg0)  {fastmathFlags = #llvm.fastmath<contract, reassoc>} : (f32) -> f32
// CHECK-NEXT: return
// CHECK-LABEL: func.func @float_binary(%arg0: f64, %arg1: f64, %arg2: f64, %arg3: i32) {
// CHECK-NEXT: %0 = llvm.intr.copysign(%arg0, %arg1)  {fastmathFlags = #llvm.fastmath<nsz>} : (f64, f64) -> f64
// CHECK-NEXT: %1 = llvm.intr.pow(%arg0, %arg1)  : (f64, f64) -> f64
// CHECK-NEXT: %2 = llvm.intr.powi(%arg0, %arg3)  {fastmathFlags = #llvm.fastmath<afn>} : (f64, i32) -> f64
// CHECK-NEXT: %3 = llvm.intr.fma(%arg0, %arg1, %arg2)  {fastmathFlags = #llvm.fastmath<contract>} : (f64, f64, f64) -> f64
// CHECK-NEXT: return
// CHECK-LABEL: func.func @integer(%arg0: i16, %arg1: vector<8xi8>) {
// CHECK-NEXT: %0 = "llvm.intr.ctlz"(%arg0) <{is_zero_poison = false}> : (i16) -> i16
// CHECK-NEXT: %1 = "llvm.intr.cttz"(%arg0) <{is_zero_poison = false}> : (i16) -> i16
// CHECK-NEXT: %2 = "llvm.intr.abs"(%arg0) <{is_int_min_poison = false}> : (i16) -> i16
// CHECK-NEXT: %3 = llvm.intr.ctpop(%arg0)  : (i16) -> i16
// CHECK-NEXT: %4 = "llvm.intr.ctlz"(%arg1) <{is_zero_poison = false}> : (vector<8xi8>) -> vector<8xi8>
// CHECK-NEXT: %5 = "llvm.intr.abs"(%arg1) <{is_int_min_poison = false}> : (vector<8xi8>) -> vector<8xi8>
// CHECK-NEXT: return
// CHECK-LABEL: func.func @left_alone(%arg0: f32, %arg1: tensor<4xf32>) {
// CHECK-NEXT: %0 = math.tanh %arg0 : f32
// CHECK-NEXT: %1 = math.atan2 %arg0, %arg0 : f32
// CHECK-NEXT: %2 = math.sqrt %arg1 : tensor<4xf32>
// CHECK-NEXT: return
