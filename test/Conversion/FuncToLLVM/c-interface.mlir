// RUN: pyopt %s --convert-func-to-llvm --split-input-file | filecheck %s
// RUN: pyopt %s --llvm-request-c-wrappers --convert-func-to-llvm --split-input-file | filecheck %s
// A defined function gets a `_mlir_ciface_` wrapper that takes the memref by pointer, loads
// and unpacks the descriptor, and returns a struct result through a leading pointer.
// CHECK-LABEL: llvm.func @scale(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: f32) -> !llvm.struct<(f32, f32)>
// CHECK-LABEL: llvm.func @_mlir_ciface_scale(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: f32)
// CHECK: %[[D:.*]] = llvm.load %arg1 : !llvm.ptr -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-COUNT-5: llvm.extractvalue %[[D]]
// CHECK: %[[R:.*]] = llvm.call @scale({{.*}}, %arg2) : (!llvm.ptr, !llvm.ptr, i64, i64, i64, f32) -> !llvm.struct<(f32, f32)>
// CHECK: llvm.store %[[R]], %arg0 : !llvm.struct<(f32, f32)>, !llvm.ptr
// CHECK-NEXT: llvm.return
func.func @scale(%m: memref<8xf32>, %k: f32) -> (f32, f32) attributes {llvm.emit_c_interface} {
  return %k, %k : f32, f32
}

// -----

// A declaration gets a private body that packs the descriptor on the stack and calls the
// `_mlir_ciface_` declaration.
// CHECK-LABEL: llvm.func private @sink(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64) -> i32
// CHECK: %[[ONE:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK: %[[SLOT:.*]] = llvm.alloca %[[ONE]] x !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> : (i64) -> !llvm.ptr
// CHECK: llvm.store %{{.*}}, %[[SLOT]]
// CHECK: %[[R:.*]] = llvm.call @_mlir_ciface_sink(%[[SLOT]]) : (!llvm.ptr) -> i32
// CHECK: llvm.return %[[R]] : i32
// CHECK: llvm.func @_mlir_ciface_sink(!llvm.ptr) -> i32
func.func private @sink(memref<?x?xi8>) -> i32 attributes {llvm.emit_c_interface}
