// Seed 000/001, "function types", in typed-pointer mode: function-typed values are pointers to
// the converted function type, descriptor pointers carry their element type.
// RUN: pyopt %s --convert-func-to-llvm=use-opaque-pointers=0 | filecheck %s

// CHECK: llvm.func @no_args_no_results()
func.func private @no_args_no_results()
// CHECK: llvm.func @two_in_two_out(i32, f32) -> !llvm.struct<(i64, f64)>
func.func private @two_in_two_out(i32, f32) -> (i64, f64)

// CHECK: llvm.func @takes_and_returns_callback(!llvm.ptr<func<void ()>>) -> !llvm.ptr<func<void ()>>
func.func private @takes_and_returns_callback(() -> ()) -> (() -> ())
// CHECK: llvm.func @nested_callbacks(!llvm.ptr<func<void (ptr<func<i64 (i32)>>)>>)
func.func private @nested_callbacks(((i32) -> i64) -> ())
// The pointee is the converted signature: memref arguments unbundled, results packed.
// CHECK: llvm.func @callback_with_memrefs(!llvm.ptr<func<struct<(i32, struct<(ptr<f32>, ptr<f32>, i64)>)> (ptr<f32>, ptr<f32>, i64, i64, i64, i64)>>)
func.func private @callback_with_memrefs((memref<?xf32>, index) -> (i32, memref<f32>))
// CHECK: llvm.func @returns_callback() -> !llvm.ptr<func<void (array<2 x vector<3xf32>>, struct<(f64, f64)>)>>
func.func private @returns_callback() -> ((vector<2x3xf32>, complex<f64>) -> ())

// CHECK: llvm.func @rank0_memref(!llvm.ptr<f32>, !llvm.ptr<f32>, i64)
func.func private @rank0_memref(memref<f32>)
// CHECK: llvm.func @memref_then_scalar(!llvm.ptr<f32>, !llvm.ptr<f32>, i64, f32)
func.func private @memref_then_scalar(memref<f32>, f32)
// CHECK: llvm.func @rank2_memref(!llvm.ptr<f32>, !llvm.ptr<f32>, i64, i64, i64, i64, i64)
func.func private @rank2_memref(memref<?x?xf32>)
// CHECK: llvm.func @unranked_memref(i64, !llvm.ptr<i8>)
func.func private @unranked_memref(memref<*xf32>)
// CHECK: llvm.func @returns_memref() -> !llvm.struct<(ptr<f32>, ptr<f32>, i64, array<1 x i64>, array<1 x i64>)>
func.func private @returns_memref() -> memref<?xf32>
// CHECK: llvm.func @returns_two_memrefs() -> !llvm.struct<(struct<(ptr<f32>, ptr<f32>, i64)>, struct<(ptr<f64>, ptr<f64>, i64)>)>
func.func private @returns_two_memrefs() -> (memref<f32>, memref<f64>)
