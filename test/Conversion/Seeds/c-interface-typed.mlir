// Seed 001, "C-compatible wrapper emission", in typed-pointer mode: the interface functions take
// `!llvm.ptr<struct<...>>` descriptor pointers, and allocas, loads and stores use the
// typed-pointer syntax of mlir-opt 16 (`llvm.load %p : !llvm.ptr<T>`).
// (mlir-opt 19 makes the wrapped declaration private, mlir-opt 16 kept it external: the labels
// below match both.)
// RUN: pyopt %s --convert-func-to-llvm=use-opaque-pointers=0 | filecheck %s

// CHECK-LABEL: @ext_matrix(
// CHECK-SAME: %[[A0:.*]]: !llvm.ptr<f32>, %[[A1:.*]]: !llvm.ptr<f32>, %[[A2:.*]]: i64, %[[A3:.*]]: i64, %[[A4:.*]]: i64, %[[A5:.*]]: i64, %[[A6:.*]]: i64)
// CHECK:        %[[DESC:.*]] = llvm.insertvalue %[[A6]], %{{.*}}[4, 1] : !llvm.struct<(ptr<f32>, ptr<f32>, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %[[ONE:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT:   %[[SLOT:.*]] = llvm.alloca %[[ONE]] x !llvm.struct<(ptr<f32>, ptr<f32>, i64, array<2 x i64>, array<2 x i64>)> : (i64) -> !llvm.ptr<struct<(ptr<f32>, ptr<f32>, i64, array<2 x i64>, array<2 x i64>)>>
// CHECK-NEXT:   llvm.store %[[DESC]], %[[SLOT]] : !llvm.ptr<struct<(ptr<f32>, ptr<f32>, i64, array<2 x i64>, array<2 x i64>)>>
// CHECK-NEXT:   llvm.call @_mlir_ciface_ext_matrix(%[[SLOT]]) : (!llvm.ptr<struct<(ptr<f32>, ptr<f32>, i64, array<2 x i64>, array<2 x i64>)>>) -> ()
// CHECK-NEXT:   llvm.return
// CHECK: llvm.func @_mlir_ciface_ext_matrix(!llvm.ptr<struct<(ptr<f32>, ptr<f32>, i64, array<2 x i64>, array<2 x i64>)>>) attributes {llvm.emit_c_interface, sym_visibility = "private"}
func.func private @ext_matrix(memref<?x?xf32>) attributes {llvm.emit_c_interface}

// CHECK-LABEL: llvm.func @_mlir_ciface_noop_matrix(
// CHECK-SAME: %[[P:.*]]: !llvm.ptr<struct<(ptr<f32>, ptr<f32>, i64, array<2 x i64>, array<2 x i64>)>>) attributes {llvm.emit_c_interface} {
// CHECK-NEXT:   %[[D:.*]] = llvm.load %[[P]] : !llvm.ptr<struct<(ptr<f32>, ptr<f32>, i64, array<2 x i64>, array<2 x i64>)>>
// CHECK-NEXT:   %[[F0:.*]] = llvm.extractvalue %[[D]][0] : !llvm.struct<(ptr<f32>, ptr<f32>, i64, array<2 x i64>, array<2 x i64>)>
// CHECK:        llvm.call @noop_matrix(%[[F0]], %{{.*}}) : (!llvm.ptr<f32>, !llvm.ptr<f32>, i64, i64, i64, i64, i64) -> ()
func.func @noop_matrix(%m: memref<?x?xf32>) attributes {llvm.emit_c_interface} {
  return
}

// CHECK-LABEL: llvm.func @_mlir_ciface_echo_matrix(
// CHECK-SAME: %[[RES:.*]]: !llvm.ptr<struct<(ptr<f32>, ptr<f32>, i64, array<2 x i64>, array<2 x i64>)>>, %[[ARG:.*]]: !llvm.ptr<struct<(ptr<f32>, ptr<f32>, i64, array<2 x i64>, array<2 x i64>)>>) attributes {llvm.emit_c_interface} {
// CHECK-NEXT:   llvm.load %[[ARG]] : !llvm.ptr<struct<(ptr<f32>, ptr<f32>, i64, array<2 x i64>, array<2 x i64>)>>
// CHECK:        %[[R:.*]] = llvm.call @echo_matrix(%{{.*}}) : (!llvm.ptr<f32>, !llvm.ptr<f32>, i64, i64, i64, i64, i64) -> !llvm.struct<(ptr<f32>, ptr<f32>, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   llvm.store %[[R]], %[[RES]] : !llvm.ptr<struct<(ptr<f32>, ptr<f32>, i64, array<2 x i64>, array<2 x i64>)>>
// CHECK-NEXT:   llvm.return
func.func @echo_matrix(%m: memref<?x?xf32>) -> memref<?x?xf32> attributes {llvm.emit_c_interface} {
  return %m : memref<?x?xf32>
}

// CHECK-LABEL: @ext_any(
// CHECK-SAME: %[[R:.*]]: i64, %[[P:.*]]: !llvm.ptr<i8>, %[[X:.*]]: i32) -> !llvm.struct<(f32, i64)>
// CHECK-NEXT:   %[[ONE:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT:   %[[OUT:.*]] = llvm.alloca %[[ONE]] x !llvm.struct<(f32, i64)> : (i64) -> !llvm.ptr<struct<(f32, i64)>>
// CHECK:        %[[U:.*]] = llvm.insertvalue %[[P]], %{{.*}}[1] : !llvm.struct<(i64, ptr<i8>)>
// CHECK-NEXT:   %[[ONE2:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT:   %[[SLOT:.*]] = llvm.alloca %[[ONE2]] x !llvm.struct<(i64, ptr<i8>)> : (i64) -> !llvm.ptr<struct<(i64, ptr<i8>)>>
// CHECK-NEXT:   llvm.store %[[U]], %[[SLOT]] : !llvm.ptr<struct<(i64, ptr<i8>)>>
// CHECK-NEXT:   llvm.call @_mlir_ciface_ext_any(%[[OUT]], %[[SLOT]], %[[X]]) : (!llvm.ptr<struct<(f32, i64)>>, !llvm.ptr<struct<(i64, ptr<i8>)>>, i32) -> ()
// CHECK-NEXT:   %[[V:.*]] = llvm.load %[[OUT]] : !llvm.ptr<struct<(f32, i64)>>
// CHECK-NEXT:   llvm.return %[[V]] : !llvm.struct<(f32, i64)>
// CHECK: llvm.func @_mlir_ciface_ext_any(!llvm.ptr<struct<(f32, i64)>>, !llvm.ptr<struct<(i64, ptr<i8>)>>, i32)
func.func private @ext_any(memref<*xf32>, i32) -> (f32, i64) attributes {llvm.emit_c_interface}

// Function values are typed pointers to the converted function type; an indirect call through
// one names no callee type.
// CHECK-LABEL: llvm.func @indirect(
// CHECK-NEXT:   %[[F:.*]] = llvm.mlir.addressof @indirect : !llvm.ptr<func<i32 (i32)>>
// CHECK-NEXT:   %[[R:.*]] = llvm.call %[[F]](%{{.*}}) : (i32) -> i32
func.func @indirect(%x: i32) -> i32 {
  %f = constant @indirect : (i32) -> i32
  %r = call_indirect %f(%x) : (i32) -> i32
  return %r : i32
}
