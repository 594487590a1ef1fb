// RUN: pytranslate --mlir-to-llvmir %s | filecheck %s

// Sparse constants of complex elements: {re, im} structs, zero where no index names one.

llvm.mlir.global private constant @c(sparse<[[0, 1], [1, 0]], [(1.5, -2.0), (0.0, 3.0)]> : tensor<2x2xcomplex<f64>>) : !llvm.array<2 x array<2 x struct<(f64, f64)>>>
llvm.mlir.global private constant @d(sparse<[[2]], [(4.0, 5.0)]> : tensor<3xcomplex<f32>>) : !llvm.array<3 x struct<(f32, f32)>>

// CHECK: @c = private constant [2 x [2 x { double, double }]] [[2 x { double, double }] [{ double, double } zeroinitializer, { double, double } { double 1.500000e+00, double -2.000000e+00 }], [2 x { double, double }] [{ double, double } { double 0.000000e+00, double 3.000000e+00 }, { double, double } zeroinitializer]]
// CHECK: @d = private constant [3 x { float, float }] [{ float, float } zeroinitializer, { float, float } zeroinitializer, { float, float } { float 4.000000e+00, float 5.000000e+00 }]
