// RUN: pyopt %s --convert-complex-to-llvm --convert-func-to-llvm --reconcile-unrealized-casts | filecheck %s

// Chained ops use the converted structs directly; with func lowered too, no casts remain.
func.func @chain(%a: complex<f32>, %x: f32) -> f32 {
  %0 = complex.create %x, %x : complex<f32>
  %1 = complex.mul %a, %0 : complex<f32>
  %2 = complex.add %1, %a : complex<f32>
  %3 = complex.abs %2 : complex<f32>
  return %3 : f32
}

// CHECK-LABEL: llvm.func @chain(%arg0: !llvm.struct<(f32, f32)>, %arg1: f32) -> f32 {
// CHECK-NEXT: %0 = llvm.mlir.undef : !llvm.struct<(f32, f32)>
// CHECK-NEXT: %1 = llvm.insertvalue %arg1, %0[0] : !llvm.struct<(f32, f32)>
// CHECK-NEXT: %2 = llvm.insertvalue %arg1, %1[1] : !llvm.struct<(f32, f32)>
// CHECK-NEXT: %3 = llvm.extractvalue %arg0[0] : !llvm.struct<(f32, f32)>
// CHECK-NEXT: %4 = llvm.extractvalue %arg0[1] : !llvm.struct<(f32, f32)>
// CHECK-NEXT: %5 = llvm.extractvalue %2[0] : !llvm.struct<(f32, f32)>
// CHECK-NEXT: %6 = llvm.extractvalue %2[1] : !llvm.struct<(f32, f32)>
// CHECK-NEXT: %7 = llvm.mlir.undef : !llvm.struct<(f32, f32)>
// CHECK-NEXT: %8 = llvm.fmul %5, %3  : f32
// CHECK-NEXT: %9 = llvm.fmul %6, %4  : f32
// CHECK-NEXT: %10 = llvm.fsub %8, %9  : f32
// CHECK-NEXT: %11 = llvm.fmul %4, %5  : f32
// CHECK-NEXT: %12 = llvm.fmul %3, %6  : f32
// CHECK-NEXT: %13 = llvm.fadd %11, %12  : f32
// CHECK-NEXT: %14 = llvm.insertvalue %10, %7[0] : !llvm.struct<(f32, f32)>
// CHECK-NEXT: %15 = llvm.insertvalue %13, %14[1] : !llvm.struct<(f32, f32)>
// CHECK-NEXT: %16 = llvm.extractvalue %15[0] : !llvm.struct<(f32, f32)>
// CHECK-NEXT: %17 = llvm.extractvalue %15[1] : !llvm.struct<(f32, f32)>
// CHECK-NEXT: %18 = llvm.extractvalue %arg0[0] : !llvm.struct<(f32, f32)>
// CHECK-NEXT: %19 = llvm.extractvalue %arg0[1] : !llvm.struct<(f32, f32)>
// CHECK-NEXT: %20 = llvm.mlir.undef : !llvm.struct<(f32, f32)>
// CHECK-NEXT: %21 = llvm.fadd %16, %18  : f32
// CHECK-NEXT: %22 = llvm.fadd %17, %19  : f32
// CHECK-NEXT: %23 = llvm.insertvalue %21, %20[0] : !llvm.struct<(f32, f32)>
// CHECK-NEXT: %24 = llvm.insertvalue %22, %23[1] : !llvm.struct<(f32, f32)>
// CHECK-NEXT: %25 = llvm.extractvalue %24[0] : !llvm.struct<(f32, f32)>
// CHECK-NEXT: %26 = llvm.extractvalue %24[1] : !llvm.struct<(f32, f32)>
// CHECK-NEXT: %27 = llvm.fmul %25, %25  : f32
// CHECK-NEXT: %28 = llvm.fmul %26, %26  : f32
// CHECK-NEXT: %29 = llvm.fadd %27, %28  : f32
// CHECK-NEXT: %30 = llvm.intr.sqrt(%29)  : (f32) -> f32
// CHECK-NEXT: llvm.return %30 : f32
