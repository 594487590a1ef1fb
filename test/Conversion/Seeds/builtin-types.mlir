// Seed 000/001, "conversion of built-in types": each builtin type as it appears in a lowered
// function signature (results keep memrefs as descriptor structs).
// RUN: pyopt %s --convert-func-to-llvm | filecheck %s
// RUN: pyopt %s --convert-func-to-llvm=index-bitwidth=32 | filecheck %s --check-prefix=IDX32

// Integers become signless, floats stay, index takes the index bitwidth.
// CHECK: llvm.func @scalars(i1, i32, i8, i16, bf16, f16, f32, f64, f80, f128) -> i64
// IDX32: llvm.func @scalars(i1, i32, i8, i16, bf16, f16, f32, f64, f80, f128) -> i32
func.func private @scalars(i1, i32, si8, ui16, bf16, f16, f32, f64, f80, f128) -> index

// complex<T> is a {re, im} struct; n-D vectors are arrays of 1-D vectors.
// CHECK: llvm.func @complex_and_vectors(!llvm.struct<(f32, f32)>, vector<4xf32>, !llvm.array<4 x vector<8xf32>>, !llvm.array<4 x array<8 x vector<16xf32>>>) -> !llvm.struct<(f64, f64)>
func.func private @complex_and_vectors(complex<f32>, vector<4xf32>, vector<4x8xf32>, vector<4x8x16xf32>) -> complex<f64>

// Ranked memrefs: {allocated, aligned, offset, sizes[rank], strides[rank]}; rank 0 has no arrays.
// CHECK: llvm.func @rank0() -> !llvm.struct<(ptr, ptr, i64)>
// IDX32: llvm.func @rank0() -> !llvm.struct<(ptr, ptr, i32)>
func.func private @rank0() -> memref<f32>
// CHECK: llvm.func @one_static() -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
func.func private @one_static() -> memref<1xf32>
// CHECK: llvm.func @one_dynamic() -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
func.func private @one_dynamic() -> memref<?xf64>
// CHECK: llvm.func @five_static() -> !llvm.struct<(ptr, ptr, i64, array<5 x i64>, array<5 x i64>)>
func.func private @five_static() -> memref<10x42x42x43x123xf32>
// CHECK: llvm.func @five_mixed() -> !llvm.struct<(ptr, ptr, i64, array<5 x i64>, array<5 x i64>)>
// IDX32: llvm.func @five_mixed() -> !llvm.struct<(ptr, ptr, i32, array<5 x i32>, array<5 x i32>)>
func.func private @five_mixed() -> memref<10x?x42x?x123xf32>
// CHECK: llvm.func @vector_elements() -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
func.func private @vector_elements() -> memref<1x?xvector<4xf32>>
// CHECK: llvm.func @nd_vector_elements() -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
func.func private @nd_vector_elements() -> memref<2xvector<4x8xf32>>

// A strided layout with a dynamic offset (the seed's address-computation operand type):
// 2 pointers, the offset, 4 sizes and 4 strides.
// CHECK: llvm.func @strided(!llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i64, i64, i64, i64, i64)
func.func private @strided(memref<?x?x4x8xf32, strided<[?, 32, 8, 1], offset: ?>>)

// Unranked memrefs: {rank, pointer to a ranked descriptor}.
// CHECK: llvm.func @unranked() -> !llvm.struct<(i64, ptr)>
// IDX32: llvm.func @unranked() -> !llvm.struct<(i32, ptr)>
func.func private @unranked() -> memref<*xi32>
