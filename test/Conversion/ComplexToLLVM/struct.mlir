// RUN: pyopt %s --convert-complex-to-llvm | filecheck %s
// RUN: pyopt %s --convert-to-llvm=filter-dialects=complex | filecheck %s

// A complex<T> is an LLVM struct {re, im}: create fills an undef struct, re/im extract its
// fields, and a constant's [re, im] array is the struct constant's value as it is.
func.func @build_and_read(%re: f64, %im: f64, %c: complex<f32>) -> complex<f64> {
  %0 = complex.create %re, %im : complex<f64>
  %1 = complex.re %c : complex<f32>
  %2 = complex.im %c : complex<f32>
  return %0 : complex<f64>
}

func.func @constants() -> (complex<f64>, complex<f32>, complex<f16>) {
  %0 = complex.constant [0.25, -3.0] : complex<f64>
  %1 = complex.constant [1.0 : f32, 0.0 : f32] : complex<f32>
  %2 = complex.constant [2.0 : f16, 4.0 : f16] : complex<f16>
  return %0, %1, %2 : complex<f64>, complex<f32>, complex<f16>
}

// CHECK-LABEL: func.func @build_and_read(%arg0: f64, %arg1: f64, %arg2: complex<f32>) -> complex<f64> {
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg2 : complex<f32> to !llvm.struct<(f32, f32)>
// CHECK-NEXT: %1 = llvm.mlir.undef : !llvm.struct<(f64, f64)>
// CHECK-NEXT: %2 = llvm.insertvalue %arg0, %1[0] : !llvm.struct<(f64, f64)>
// CHECK-NEXT: %3 = llvm.insertvalue %arg1, %2[1] : !llvm.struct<(f64, f64)>
// CHECK-NEXT: %4 = builtin.unrealized_conversion_cast %3 : !llvm.struct<(f64, f64)> to complex<f64>
// CHECK-NEXT: %5 = llvm.extractvalue %0[0] : !llvm.struct<(f32, f32)>
// CHECK-NEXT: %6 = llvm.extractvalue %0[1] : !llvm.struct<(f32, f32)>
// CHECK-NEXT: return %4 : complex<f64>
// CHECK-LABEL: func.func @constants() -> (complex<f64>, complex<f32>, complex<f16>) {
// CHECK-NEXT: %0 = llvm.mlir.constant([2.500000e-01, -3.000000e+00]) : !llvm.struct<(f64, f64)>
// CHECK-NEXT: %1 = builtin.unrealized_conversion_cast %0 : !llvm.struct<(f64, f64)> to complex<f64>
// CHECK-NEXT: %2 = llvm.mlir.constant([1.000000e+00 : f32, 0.000000e+00 : f32]) : !llvm.struct<(f32, f32)>
// CHECK-NEXT: %3 = builtin.unrealized_conversion_cast %2 : !llvm.struct<(f32, f32)> to complex<f32>
// CHECK-NEXT: %4 = llvm.mlir.constant([2.000000e+00 : f16, 4.000000e+00 : f16]) : !llvm.struct<(f16, f16)>
// CHECK-NEXT: %5 = builtin.unrealized_conversion_cast %4 : !llvm.struct<(f16, f16)> to complex<f16>
// CHECK-NEXT: return %1, %3, %5 : complex<f64>, complex<f32>, complex<f16>
