// RUN: pyopt %s --convert-complex-to-llvm | filecheck %s
// RUN: pyopt %s --convert-to-llvm=filter-dialects=complex | filecheck %s

// add/sub work field by field; mul is (ac - bd) + (bc + ad)i; div divides by |rhs|^2 without
// any scaling; abs is sqrt(re^2 + im^2) with the flags on everything but the sqrt.
func.func @add_sub(%a: complex<f32>, %b: complex<f32>) -> (complex<f32>, complex<f32>) {
  %0 = complex.add %a, %b : complex<f32>
  %1 = complex.sub %a, %b fastmath<nnan,nsz> : complex<f32>
  return %0, %1 : complex<f32>, complex<f32>
}

func.func @mul_div(%a: complex<f64>, %b: complex<f64>) -> (complex<f64>, complex<f64>) {
  %0 = complex.mul %a, %b fastmath<contract> : complex<f64>
  %1 = complex.div %a, %b : complex<f64>
  return %0, %1 : complex<f64>, complex<f64>
}

func.func @abs(%a: complex<f16>) -> f16 {
  %0 = complex.abs %a fastmath<fast> : complex<f16>
  return %0 : f16
}

// CHECK-LABEL: func.func @add_sub(%arg0: complex<f32>, %arg1: complex<f32>) -> (complex<f32>, complex<f32>) {
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg1 : complex<f32> to !llvm.struct<(f32, f32)>
// CHECK-NEXT: %1 = builtin.unrealized_conversion_cast %arg0 : complex<f32> to !llvm.struct<(f32, f32)>
// CHECK-NEXT: %2 = llvm.extractvalue %1[0] : !llvm.struct<(f32, f32)>
// CHECK-NEXT: %3 = llvm.extractvalue %1[1] : !llvm.struct<(f32, f32)>
// CHECK-NEXT: %4 = llvm.extractvalue %0[0] : !llvm.struct<(f32, f32)>
// CHECK-NEXT: %5 = llvm.extractvalue %0[1] : !llvm.struct<(f32, f32)>
// CHECK-NEXT: %6 = llvm.mlir.undef : !llvm.struct<(f32, f32)>
// CHECK-NEXT: %7 = llvm.fadd %2, %4  : f32
// CHECK-NEXT: %8 = llvm.fadd %3, %5  : f32
// CHECK-NEXT: %9 = llvm.insertvalue %7, %6[0] : !llvm.struct<(f32, f32)>
// CHECK-NEXT: %10 = llvm.insertvalue %8, %9[1] : !llvm.struct<(f32, f32)>
// CHECK-NEXT: %11 = builtin.unrealized_conversion_cast %10 : !llvm.struct<(f32, f32)> to complex<f32>
// CHECK-NEXT: %12 = llvm.extractvalue %1[0] : !llvm.struct<(f32, f32)>
// CHECK-NEXT: %13 = llvm.extractvalue %1[1] : !llvm.struct<(f32, f32)>
// CHECK-NEXT: %14 = llvm.extractvalue %0[0] : !llvm.struct<(f32, f32)>
// CHECK-NEXT: %15 = llvm.extractvalue %0[1] : !llvm.struct<(f32, f32)>
// CHECK-NEXT: %16 = llvm.mlir.undef : !llvm.struct<(f32, f32)>
// CHECK-NEXT: %17 = llvm.fsub %12, %14  {fastmathFlags = #llvm.fastmath<nnan, nsz>} : f32
// CHECK-NEXT: %18 = llvm.fsub %13, %15  {fastmathFlags = #llvm.fastmath<nnan, nsz>} : f32
// CHECK-NEXT: %19 = llvm.insertvalue %17, %16[0] : !llvm.struct<(f32, f32)>
// CHECK-NEXT: %20 = llvm.insertvalue %18, %19[1] : !llvm.struct<(f32, f32)>
// CHECK-NEXT: %21 = builtin.unrealized_conversion_cast %20 : !llvm.struct<(f32, f32)> to complex<f32>
// CHECK-NEXT: return %11, %21 : complex<f32>, complex<f32>
// CHECK-LABEL: func.func @mul_div(%arg0: complex<f64>, %arg1: complex<f64>) -> (complex<f64>, complex<f64>) {
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg1 : complex<f64> to !llvm.struct<(f64, f64)>
// CHECK-NEXT: %1 = builtin.unrealized_conversion_cast %arg0 : complex<f64> to !llvm.struct<(f64, f64)>
// CHECK-NEXT: %2 = llvm.extractvalue %1[0] : !llvm.struct<(f64, f64)>
// CHECK-NEXT: %3 = llvm.extractvalue %1[1] : !llvm.struct<(f64, f64)>
// CHECK-NEXT: %4 = llvm.extractvalue %0[0] : !llvm.struct<(f64, f64)>
// CHECK-NEXT: %5 = llvm.extractvalue %0[1] : !llvm.struct<(f64, f64)>
// CHECK-NEXT: %6 = llvm.mlir.undef : !llvm.struct<(f64, f64)>
// CHECK-NEXT: %7 = llvm.fmul %4, %2  {fastmathFlags = #llvm.fastmath<contract>} : f64
// CHECK-NEXT: %8 = llvm.fmul %5, %3  {fastmathFlags = #llvm.fastmath<contract>} : f64
// CHECK-NEXT: %9 = llvm.fsub %7, %8  {fastmathFlags = #llvm.fastmath<contract>} : f64
// CHECK-NEXT: %10 = llvm.fmul %3, %4  {fastmathFlags = #llvm.fastmath<contract>} : f64
// CHECK-NEXT: %11 = llvm.fmul %2, %5  {fastmathFlags = #llvm.fastmath<contract>} : f64
// CHECK-NEXT: %12 = llvm.fadd %10, %11  {fastmathFlags = #llvm.fastmath<contract>} : f64
// CHECK-NEXT: %13 = llvm.insertvalue %9, %6[0] : !llvm.struct<(f64, f64)>
// CHECK-NEXT: %14 = llvm.insertvalue %12, %13[1] : !llvm.struct<(f64, f64)>
// CHECK-NEXT: %15 = builtin.unrealized_conversion_cast %14 : !llvm.struct<(f64, f64)> to complex<f64>
// CHECK-NEXT: %16 = llvm.extractvalue %1[0] : !llvm.struct<(f64, f64)>
// CHECK-NEXT: %17 = llvm.extractvalue %1[1] : !llvm.struct<(f64, f64)>
// CHECK-NEXT: %18 = llvm.extractvalue %0[0] : !llvm.struct<(f64, f64)>
// CHECK-NEXT: %19 = llvm.extractvalue %0[1] : !llvm.struct<(f64, f64)>
// CHECK-NEXT: %20 = llvm.mlir.undef : !llvm.struct<(f64, f64)>
// CHECK-NEXT: %21 = llvm.fmul %18, %18  : f64
// CHECK-NEXT: %22 = llvm.fmul %19, %19  : f64
// CHECK-NEXT: %23 = llvm.fadd %21, %22  : f64
// CHECK-NEXT: %24 = llvm.fmul %16, %18  : f64
// CHECK-NEXT: %25 = llvm.fmul %17, %19  : f64
// CHECK-NEXT: %26 = llvm.fadd %24, %25  : f64
// CHECK-NEXT: %27 = llvm.fmul %17, %18  : f64
// CHECK-NEXT: %28 = llvm.fmul %16, %19  : f64
// CHECK-NEXT: %29 = llvm.fsub %27, %28  : f64
// CHECK-NEXT: %30 = llvm.fdiv %26, %23  : f64
// CHECK-NEXT: %31 = llvm.insertvalue %30, %20[0] : !llvm.struct<(f64, f64)>
// CHECK-NEXT: %32 = llvm.fdiv %29, %23  : f64
// CHECK-NEXT: %33 = llvm.insertvalue %32, %31[1] : !llvm.struct<(f64, f64)>
// CHECK-NEXT: %34 = builtin.unrealized_conversion_cast %33 : !llvm.struct<(f64, f64)> to complex<f64>
// CHECK-NEXT: return %15, %34 : complex<f64>, complex<f64>
// CHECK-LABEL: func.func @abs(%arg0: complex<f16>) -> f16 {
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg0 : complex<f16> to !llvm.struct<(f16, f16)>
// CHECK-NEXT: %1 = llvm.extractvalue %0[0] : !llvm.struct<(f16, f16)>
// CHECK-NEXT: %2 = llvm.extractvalue %0[1] : !llvm.struct<(f16, f16)>
// CHECK-NEXT: %3 = llvm.fmul %1, %1  {fastmathFlags = #llvm.fastmath<fast>} : f16
// CHECK-NEXT: %4 = llvm.fmul %2, %2  {fastmathFlags = #llvm.fastmath<fast>} : f16
// CHECK-NEXT: %5 = llvm.fadd %3, %4  {fastmathFlags = #llvm.fastmath<fast>} : f16
// CHECK-NEXT: %6 = llvm.intr.sqrt(%5)  : (f16) -> f16
// CHECK-NEXT: return %6 : f16
