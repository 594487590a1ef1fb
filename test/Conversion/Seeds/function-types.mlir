// Seed 000/001, "function types": LLVM functions have one result (void, the converted type, or
// a struct of several), memref arguments are spread into their descriptor fields, and
// function-typed values are pointers.
// RUN: pyopt %s --convert-func-to-llvm | filecheck %s

// CHECK: llvm.func @no_args_no_results() attributes
func.func private @no_args_no_results()
// CHECK: llvm.func @one_in_one_out(i32) -> i64
func.func private @one_in_one_out(i32) -> i64
// CHECK: llvm.func @two_in_one_out(i32, f32) -> i64
func.func private @two_in_one_out(i32, f32) -> i64
// CHECK: llvm.func @two_in_two_out(i32, f32) -> !llvm.struct<(i64, f64)>
func.func private @two_in_two_out(i32, f32) -> (i64, f64)

// Higher-order functions take and return (opaque) pointers, however deeply nested.
// CHECK: llvm.func @takes_and_returns_callback(!llvm.ptr) -> !llvm.ptr
func.func private @takes_and_returns_callback(() -> ()) -> (() -> ())
// CHECK: llvm.func @nested_callbacks(!llvm.ptr)
func.func private @nested_callbacks(((i32) -> i64) -> ())

// Memref arguments are unbundled: allocated ptr, aligned ptr, offset, sizes, strides.
// CHECK: llvm.func @rank0_memref(!llvm.ptr, !llvm.ptr, i64)
func.func private @rank0_memref(memref<f32>)
// CHECK: llvm.func @memref_then_scalar(!llvm.ptr, !llvm.ptr, i64, f32)
func.func private @memref_then_scalar(memref<f32>, f32)
// CHECK: llvm.func @rank2_memref(!llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i64)
func.func private @rank2_memref(memref<?x?xf32>)
// CHECK: llvm.func @unranked_memref(i64, !llvm.ptr)
func.func private @unranked_memref(memref<*xf32>)

// Results are not unbundled; several results are packed into one more struct.
// CHECK: llvm.func @returns_memref() -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
func.func private @returns_memref() -> memref<?xf32>
// CHECK: llvm.func @returns_two_memrefs() -> !llvm.struct<(struct<(ptr, ptr, i64)>, struct<(ptr, ptr, i64)>)>
func.func private @returns_two_memrefs() -> (memref<f32>, memref<f64>)
