// RUN: pytranslate --mlir-to-llvmir %s | filecheck %s

// A splat of negative zeros keeps its sign in every element. mlir-translate-19 writes a
// splat -0.0 translated into an LLVM array as `zeroinitializer` (+0.0: 1.0/x then gives
// +inf instead of -inf); pytranslate deliberately does not (docs/differences-from-19.md).
// Scalars and vectors: 19 writes them as here.

// CHECK: @s32 = internal constant float -0.000000e+00
llvm.mlir.global internal constant @s32(-0.0 : f32) : f32
// CHECK: @s64 = internal constant double -0.000000e+00
llvm.mlir.global internal constant @s64(-0.0 : f64) : f64
// CHECK: @v4 = internal constant <4 x float> <float -0.000000e+00, float -0.000000e+00, float -0.000000e+00, float -0.000000e+00>
llvm.mlir.global internal constant @v4(dense<-0.0> : vector<4xf32>) : vector<4xf32>
// CHECK: @a4 = internal constant [4 x double] [double -0.000000e+00, double -0.000000e+00, double -0.000000e+00, double -0.000000e+00]
llvm.mlir.global internal constant @a4(dense<-0.0> : tensor<4xf64>) : !llvm.array<4 x f64>
// CHECK: @a22 = internal constant [2 x [2 x float]] {{\[}}[2 x float] [float -0.000000e+00, float -0.000000e+00], [2 x float] [float -0.000000e+00, float -0.000000e+00]]
llvm.mlir.global internal constant @a22(dense<-0.0> : tensor<2x2xf32>) : !llvm.array<2 x array<2 x f32>>
// CHECK: @av = internal constant [1 x <2 x float>] [<2 x float> <float -0.000000e+00, float -0.000000e+00>]
llvm.mlir.global internal constant @av(dense<-0.0> : tensor<1x2xf32>) : !llvm.array<1 x vector<2xf32>>
// CHECK: @ah = internal constant [2 x half] [half 0xH8000, half 0xH8000]
llvm.mlir.global internal constant @ah(dense<-0.0> : tensor<2xf16>) : !llvm.array<2 x f16>
// A memref.global lowered to the LLVM dialect has this form.
// CHECK: @m = private constant [3 x float] [float -0.000000e+00, float -0.000000e+00, float -0.000000e+00]
llvm.mlir.global private constant @m(dense<-0.000000e+00> : tensor<3xf32>) {addr_space = 0 : i32} : !llvm.array<3 x f32>
// +0.0 stays a zeroinitializer.
// CHECK: @pos = internal constant [4 x double] zeroinitializer
llvm.mlir.global internal constant @pos(dense<0.0> : tensor<4xf64>) : !llvm.array<4 x f64>

// CHECK-LABEL: define [3 x float] @c()
// CHECK-NEXT: ret [3 x float] [float -0.000000e+00, float -0.000000e+00, float -0.000000e+00]
llvm.func @c() -> !llvm.array<3 x f32> {
  %0 = llvm.mlir.constant(dense<-0.0> : tensor<3xf32>) : !llvm.array<3 x f32>
  llvm.return %0 : !llvm.array<3 x f32>
}
