// RUN: pyopt %s --convert-to-llvm=filter-dialects=math | filecheck %s
// RUN: pyopt %s --convert-to-llvm=filter-dialects=math,complex | filecheck %s --check-prefix=BOTH
// RUN: pyopt %s --convert-to-llvm | filecheck %s --check-prefix=ALL
// RUN: not pyopt %s --convert-to-llvm=filter-dialects=scf 2>&1 | filecheck %s --check-prefix=UNKNOWN
// RUN: not pyopt %s --convert-to-llvm=filter-dialects=builtin 2>&1 | filecheck %s --check-prefix=NOIFACE

// Only the named dialects' patterns run: arith and func stay as they are.
func.func @mixed(%x: f32, %c: complex<f32>) -> f32 {
  %0 = math.rsqrt %x : f32
  %1 = complex.re %c : complex<f32>
  %2 = arith.addf %0, %1 : f32
  return %2 : f32
}

// CHECK-LABEL: func.func @mixed(%arg0: f32, %arg1: complex<f32>) -> f32 {
// CHECK-NEXT: %0 = llvm.mlir.constant(1.000000e+00 : f32) : f32
// CHECK-NEXT: %1 = llvm.intr.sqrt(%arg0)  : (f32) -> f32
// CHECK-NEXT: %2 = llvm.fdiv %0, %1  : f32
// CHECK-NEXT: %3 = complex.re %arg1 : complex<f32>
// CHECK-NEXT: %4 = arith.addf %2, %3 : f32
// CHECK-NEXT: return %4 : f32

// BOTH-LABEL: func.func @mixed(%arg0: f32, %arg1: complex<f32>) -> f32 {
// BOTH-NEXT: %0 = builtin.unrealized_conversion_cast %arg1 : complex<f32> to !llvm.struct<(f32, f32)>
// BOTH-NEXT: %1 = llvm.mlir.constant(1.000000e+00 : f32) : f32
// BOTH-NEXT: %2 = llvm.intr.sqrt(%arg0)  : (f32) -> f32
// BOTH-NEXT: %3 = llvm.fdiv %1, %2  : f32
// BOTH-NEXT: %4 = llvm.extractvalue %0[0] : !llvm.struct<(f32, f32)>
// BOTH-NEXT: %5 = arith.addf %3, %4 : f32
// BOTH-NEXT: return %5 : f32

// ALL-LABEL: llvm.func @mixed(%arg0: f32, %arg1: !llvm.struct<(f32, f32)>) -> f32 {
// ALL-NEXT: %0 = llvm.mlir.constant(1.000000e+00 : f32) : f32
// ALL-NEXT: %1 = llvm.intr.sqrt(%arg0)  : (f32) -> f32
// ALL-NEXT: %2 = llvm.fdiv %0, %1  : f32
// ALL-NEXT: %3 = llvm.extractvalue %arg1[0] : !llvm.struct<(f32, f32)>
// ALL-NEXT: %4 = llvm.fadd %2, %3  : f32
// ALL-NEXT: llvm.return %4 : f32

// scf is not used by the input, so it is not loaded; builtin is loaded but has no lowering.
// UNKNOWN: error: dialect not loaded: scf
// NOIFACE: error: dialect does not implement ConvertToLLVMPatternInterface: builtin
