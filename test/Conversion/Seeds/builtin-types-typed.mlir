// Seed 000/001, "conversion of built-in types", in the seeds' typed-pointer mode: descriptor
// pointers carry the converted element type (mlir-opt 16 output).
// RUN: pyopt %s --convert-func-to-llvm=use-opaque-pointers=0 | filecheck %s

// CHECK: llvm.func @scalars(i1, i32, i8, i16, bf16, f16, f32, f64, f80, f128) -> i64
func.func private @scalars(i1, i32, si8, ui16, bf16, f16, f32, f64, f80, f128) -> index
// CHECK: llvm.func @complex_and_vectors(!llvm.struct<(f32, f32)>, vector<4xf32>, !llvm.array<4 x vector<8xf32>>, !llvm.array<4 x array<8 x vector<16xf32>>>) -> !llvm.struct<(f64, f64)>
func.func private @complex_and_vectors(complex<f32>, vector<4xf32>, vector<4x8xf32>, vector<4x8x16xf32>) -> complex<f64>
// CHECK: llvm.func @rank0() -> !llvm.struct<(ptr<f32>, ptr<f32>, i64)>
func.func private @rank0() -> memref<f32>
// CHECK: llvm.func @one_static() -> !llvm.struct<(ptr<f32>, ptr<f32>, i64, array<1 x i64>, array<1 x i64>)>
func.func private @one_static() -> memref<1xf32>
// CHECK: llvm.func @one_dynamic() -> !llvm.struct<(ptr<f64>, ptr<f64>, i64, array<1 x i64>, array<1 x i64>)>
func.func private @one_dynamic() -> memref<?xf64>
// CHECK: llvm.func @five_static() -> !llvm.struct<(ptr<f32>, ptr<f32>, i64, array<5 x i64>, array<5 x i64>)>
func.func private @five_static() -> memref<10x42x42x43x123xf32>
// CHECK: llvm.func @five_mixed() -> !llvm.struct<(ptr<f32>, ptr<f32>, i64, array<5 x i64>, array<5 x i64>)>
func.func private @five_mixed() -> memref<10x?x42x?x123xf32>
// CHECK: llvm.func @vector_elements() -> !llvm.struct<(ptr<vector<4xf32>>, ptr<vector<4xf32>>, i64, array<2 x i64>, array<2 x i64>)>
func.func private @vector_elements() -> memref<1x?xvector<4xf32>>
// CHECK: llvm.func @nd_vector_elements() -> !llvm.struct<(ptr<array<4 x vector<8xf32>>>, ptr<array<4 x vector<8xf32>>>, i64, array<1 x i64>, array<1 x i64>)>
func.func private @nd_vector_elements() -> memref<2xvector<4x8xf32>>
// CHECK: llvm.func @strided(!llvm.ptr<f32>, !llvm.ptr<f32>, i64, i64, i64, i64, i64, i64, i64, i64, i64)
func.func private @strided(memref<?x?x4x8xf32, strided<[?, 32, 8, 1], offset: ?>>)
// The type-erased descriptor pointer of an unranked memref is an i8*.
// CHECK: llvm.func @unranked() -> !llvm.struct<(i64, ptr<i8>)>
func.func private @unranked() -> memref<*xi32>
